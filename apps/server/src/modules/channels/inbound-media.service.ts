import { randomBytes } from 'node:crypto';
import type { Transaction } from '@cartera/db/client';
import type { ChannelTypeName } from '@cartera/domain/channels';
import { DomainError } from '@cartera/domain/errors';
import { ProviderError, type InboundMedia } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction } from '../timeline/timeline-writer';
import { channelContext } from './channel-messages.service';
import { fetchChannelMediaJob } from './channels.jobs';
import {
  findChannelItem,
  lockChannelItem,
  updateInteractionState,
} from './channel-delivery.repository';
import { findChannel } from './channels.repository';
import { storedName } from '../../lib/file-names';

/**
 * A customer's file (03 §3 Media item), fetched after its message is stored (issue #31 item 6):
 * tried at once, then again after each wait of the configured schedule (`MEDIA_FETCH_RETRY_SECONDS`,
 * the last wait repeating) for as long as the provider keeps the file, counted from the
 * message's provider time; then the item says so (`content.mediaError`) and keeps what the
 * provider needs (`content.mediaSource`) for 'Reintentar'.
 */

const HOUR_MS = 3_600_000;

/**
 * How long each provider keeps a customer's file reachable (docs/decisions.md, issue #31):
 * WhatsApp Cloud and 360dialog documented webhook media ids (7 days); Twilio keeps MMS media
 * until it is deleted (capped here); Meta does not document how long Messenger and Instagram
 * attachment URLs live, nor does the gateway how long WhatsApp's servers keep a file.
 */
export const MEDIA_WINDOW_HOURS: Record<ChannelTypeName, number> = {
  whatsapp_business: 7 * 24,
  whatsapp_360_dialog: 7 * 24,
  fb: 7 * 24,
  ig: 7 * 24,
  leads: 7 * 24,
  sms: 30 * 24,
  unofficial_wpp: 7 * 24,
  personal_whatsapp: 7 * 24,
};

export interface MediaJobData {
  tenantId: string;
  interactionId: string;
  channelId: string;
  media: InboundMedia;
  /** 1 for the first try (and after 'Reintentar'). */
  attempt?: number;
}

/** The wait before try `attempt + 1` (seconds): the schedule's entry, its last one repeating. */
export function retryDelaySeconds(schedule: readonly number[], attempt: number) {
  if (!schedule.length) return null;
  return schedule[Math.min(attempt, schedule.length) - 1]!;
}

/** Whether a failed try `attempt` is tried again, and after how many seconds. */
export function nextTry(
  options: {
    schedule: readonly number[];
    /** The most tries, 0 for no limit but the provider's window. */
    attempts: number;
    windowHours: number;
  },
  attempt: number,
  since: Date,
  now: Date = new Date(),
): number | null {
  if (options.attempts > 0 && attempt >= options.attempts) return null;
  const delay = retryDelaySeconds(options.schedule, attempt);
  if (delay === null) return null;
  const windowEnd = since.getTime() + options.windowHours * HOUR_MS;
  return now.getTime() + delay * 1000 <= windowEnd ? delay : null;
}

/** The item's content after a change, announced to whoever sees the contact. */
async function changeItem(
  deps: AppDeps,
  tenantId: string,
  interactionId: string,
  change: (content: Record<string, unknown>) => Record<string, unknown> | null,
  alongside?: (tx: Transaction) => Promise<unknown>,
) {
  await deps.db.transaction(async (tx) => {
    const item = await lockChannelItem(tx, tenantId, interactionId);
    if (!item) return;
    const content = change(item.content);
    if (!content) return;
    await updateInteractionState(tx, tenantId, interactionId, { content });
    await alongside?.(tx);
    await announceInteraction(
      tx,
      null,
      {
        id: item.contactId,
        tenantId,
        agentId: item.agentId,
        reservedBy: item.reservedBy,
        reservedUntil: item.reservedUntil,
      },
      { event: 'interaction.updated', interactionId, type: 'channelMessage' },
    );
  });
}

/** When the provider got the message (its timestamp), else now: the window counts from it. */
function messageTime(content: Record<string, unknown>) {
  const at = typeof content.receivedAt === 'string' ? new Date(content.receivedAt) : null;
  return at && !Number.isNaN(at.getTime()) ? at : new Date();
}

/**
 * The media job: fetches a customer's file through the channel's adapter, keeps it in the
 * product's storage and points the timeline item at it (`message.media`), live. A failure is
 * tried again per the schedule while the provider keeps the file; past it, or when the provider
 * refuses for good, the item gets `mediaError` (its bubble says so, with 'Reintentar').
 */
export async function storeInboundMedia(deps: AppDeps, data: MediaJobData) {
  const attempt = data.attempt ?? 1;
  const channel = await findChannel(deps.db, data.tenantId, data.channelId);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  let file: { bytes: Buffer; mimeType: string };
  try {
    if (!channel || !adapter?.downloadMedia) {
      throw new ProviderError('CHANNEL_NOT_FOUND', false, undefined, 'channel deleted');
    }
    file = await adapter.downloadMedia(channelContext(deps, channel), data.media);
  } catch (error) {
    const retryable = !(error instanceof ProviderError) || error.retryable;
    const item = await findChannelItem(deps.db, data.tenantId, data.interactionId);
    if (!item) return;
    const delay =
      retryable && channel
        ? nextTry(
            {
              schedule: deps.env.mediaFetch.retrySeconds,
              attempts: deps.env.mediaFetch.attempts,
              windowHours: MEDIA_WINDOW_HOURS[channel.type as ChannelTypeName] ?? 24,
            },
            attempt,
            messageTime(item.content),
          )
        : null;
    const providerCode = error instanceof ProviderError ? (error.providerCode ?? null) : null;
    deps.logger.warn(
      {
        channelId: data.channelId,
        interactionId: data.interactionId,
        attempt,
        providerCode,
        retryInSeconds: delay,
        message: error instanceof Error ? error.message : String(error),
      },
      delay === null ? 'channels: media not fetched, given up' : 'channels: media not fetched yet',
    );
    if (delay !== null) {
      await deps.jobs.send(
        fetchChannelMediaJob,
        { ...data, attempt: attempt + 1 },
        { startAfter: delay },
      );
      return;
    }
    await changeItem(deps, data.tenantId, data.interactionId, (content) => ({
      ...content,
      mediaError: {
        code: 'MEDIA_DOWNLOAD_FAILED',
        providerCode,
        attempts: attempt,
        at: new Date().toISOString(),
      },
      mediaSource: data.media,
    }));
    return;
  }
  const name = storedName(data.media.fileName, data.media.kind, file.mimeType);
  const key = `channels/${data.tenantId}/${data.interactionId}/${randomBytes(9).toString('base64url')}/${name}`;
  await deps.storage.put(key, file.bytes, file.mimeType);
  await changeItem(deps, data.tenantId, data.interactionId, (content) => {
    const { mediaError: _error, mediaSource: _source, ...rest } = content;
    const message = (content.message ?? {}) as Record<string, unknown>;
    return {
      ...rest,
      message: {
        ...message,
        media: deps.storage.publicUrl(key),
        mimetype: file.mimeType,
        size: file.bytes.length,
      },
    };
  });
}

/**
 * 'Reintentar' on a customer's file that could not be fetched: for whoever may see the contact,
 * the notice goes and the download starts again with the whole schedule (within the provider's
 * window, one try at least). NOT_FOUND when the item has no failed file.
 */
export async function retryInboundMedia(deps: AppDeps, user: AuthUser, interactionId: string) {
  const item = await findChannelItem(deps.db, user.tenantId, interactionId);
  if (!item) throw new DomainError('NOT_FOUND');
  await visibleContact(deps.db, user, item.contactId);
  const content = item.content as {
    channelId?: unknown;
    mediaError?: unknown;
    mediaSource?: InboundMedia;
  };
  if (!content.mediaError || !content.mediaSource || typeof content.channelId !== 'string') {
    throw new DomainError('NOT_FOUND');
  }
  const media = content.mediaSource;
  const channelId = content.channelId;
  // The notice goes and the job is enqueued in one transaction: two clicks enqueue it once.
  await changeItem(
    deps,
    user.tenantId,
    interactionId,
    (current) => {
      if (!current.mediaError) return null;
      const { mediaError: _error, ...rest } = current;
      return rest;
    },
    (tx) =>
      deps.jobs.send(
        fetchChannelMediaJob,
        { tenantId: user.tenantId, interactionId, channelId, media, attempt: 1 },
        { tx },
      ),
  );
  return { id: interactionId };
}
