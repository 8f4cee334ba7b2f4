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
  async handler(data, deps) {
    // Imported here: the service imports this definition to enqueue it.
    const { deliverMessage } = await import('./channel-messages.service');
    await deliverMessage(deps, data.tenantId, data.interactionId);
  },
});
