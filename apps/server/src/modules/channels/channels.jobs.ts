import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * The outbox of channel messages (issue #12): enqueued in the transaction that stores the
 * message as 'sending'; sends it through its channel's adapter. Retried with backoff (2 s, 4 s,
 * 8 s…) on the network, 429 and 5xx; the service marks the message failed on the last attempt.
 */
export const sendChannelMessageJob = defineJob({
  name: 'channels.send-message',
  schema: z.object({ tenantId: z.uuid(), interactionId: z.uuid() }),
  options: { retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 120 },
});

/**
 * A customer's file (03 §3 WhatsApp message media): fetched from the provider after the message
 * is stored and kept in the product's storage, so timelines never hot-link the provider (whose
 * WhatsApp media URLs expire within minutes and need the channel's token). A failed try is
 * tried again while the provider keeps the file (inbound-media.service.ts).
 */
export const fetchChannelMediaJob = defineJob({
  name: 'channels.fetch-media',
  schema: z.object({
    tenantId: z.uuid(),
    interactionId: z.uuid(),
    channelId: z.uuid(),
    media: z.object({
      kind: z.enum(['image', 'video', 'audio', 'document', 'sticker']),
      providerMediaId: z.string().max(500).optional(),
      url: z.string().max(2_000).optional(),
      mimeType: z.string().max(200).optional(),
      fileName: z.string().max(255).optional(),
      caption: z.string().max(4_096).optional(),
    }),
    /** The try this job is (1 first): later tries are enqueued by the handler per the schedule. */
    attempt: z.number().int().min(1).max(10_000).default(1),
  }),
  // The retries of a failed download are scheduled by the handler (MEDIA_FETCH_RETRY_SECONDS,
  // within the provider's window); pg-boss retries only a crash of the handler itself.
  options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
});

/**
 * A read receipt (03 §4 'mark messages seen'): enqueued when a seller reads the conversation;
 * tells the provider the customer's newest message was seen. Retried on the network, 429 and 5xx.
 */
export const markChannelReadJob = defineJob({
  name: 'channels.mark-read',
  schema: z.object({ tenantId: z.uuid(), interactionId: z.uuid() }),
  options: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
});

/**
 * A scheduled message (02 §3, 03 §4): enqueued to start at its date in the transaction that
 * schedules it (and again when a cancelled one is made active); sends it as its author, once.
 */
export const sendScheduledMessageJob = defineJob({
  name: 'channels.send-scheduled',
  schema: z.object({ tenantId: z.uuid(), interactionId: z.uuid() }),
  options: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
});
