import type { Executor } from '@cartera/db/client';
import type { Channel } from '@cartera/db/schema';
import { type ErrorCode } from '@cartera/domain/errors';
import { ProviderError, type OutboundMessage } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { announceInteraction, type AnnouncedContact } from '../timeline/timeline-writer';
import { changeChannelStatus } from './channel-status.service';
import { refusalStatusReason } from './channel-status-reason';
import {
  findInboundClaim,
  findMessageContact,
  lockOutboundMessage,
  recordAttempt,
  setProviderMessageId,
  updateInteractionState,
} from './channel-delivery.repository';
import { lastInboundAt } from './channel-outbound.repository';
import { findChannel } from './channels.repository';
import { channelContext } from './channel-messages.service';
import { recipientFor } from './channel-outbound.service';
import { mediaKindOf, withReadableMedia } from './channel-media.service';

/**
 * The outbox's jobs (01 §1): a stored message sent through its channel's adapter (only the
 * provider's answer makes it 'sent'), and the read receipt told to the provider.
 */

/** Tries a send this many times (the first and the retries) before it is marked failed. */
export const SEND_ATTEMPTS = 6;

/**
 * The outbox job: sends one stored message through its channel's adapter. A message that is no
 * longer 'sending' is left alone (a repeated job sends nothing). Network errors, 429 and 5xx
 * are thrown so the job runs again with backoff, until the last attempt marks it failed.
 */
export async function deliverMessage(
  deps: AppDeps,
  tenantId: string,
  interactionId: string,
  /** `retry: false` (a campaign's send): one attempt; a refusal of any kind marks it failed. */
  options: { retry?: boolean } = {},
): Promise<DeliveryOutcome> {
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await lockOutboundMessage(tx, tenantId, interactionId);
    if (!row || row.status !== 'sending') return null;
    return { ...row, attempts: await recordAttempt(tx, tenantId, interactionId) };
  });
  if (!claimed) return { sent: false, code: 'NOT_SENDING' };
  const contact = await findMessageContact(deps.db, tenantId, claimed.contactId);
  const channel = await findChannel(deps.db, tenantId, claimed.message.channelId);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  if (!contact) return { sent: false, code: 'CONTACT_NOT_FOUND' };
  if (!channel || !adapter)
    return failDelivery(
      deps,
      contact,
      interactionId,
      claimed.content,
      'CHANNEL_NOT_FOUND',
      'channel deleted',
    );
  const to = recipientFor(channel, contact, claimed.content.to);
  if (!to)
    return failDelivery(
      deps,
      contact,
      interactionId,
      claimed.content,
      'CONTACT_WITHOUT_PHONE_NUMBER',
      'no recipient',
    );
  try {
    const { providerMessageId } = await adapter.send(channelContext(deps, channel), {
      ...(await withReadableMedia(deps, channel, outboundOf(to, claimed.content))),
      ...((await needsHumanAgentTag(deps.db, channel, contact.id)) ? { humanAgent: true } : {}),
    });
    await deps.db.transaction(async (tx) => {
      await setProviderMessageId(tx, tenantId, interactionId, providerMessageId);
      await updateInteractionState(tx, tenantId, interactionId, { status: 'sent' });
      await announceInteraction(tx, null, contact, {
        event: 'interaction.updated',
        interactionId,
        type: 'channelMessage',
      });
    });
    return { sent: true, providerMessageId };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable && claimed.attempts < SEND_ATTEMPTS && options.retry !== false) throw error;
    deps.logger.warn(
      {
        channelId: channel.id,
        interactionId,
        code: error.code,
        providerCode: error.providerCode,
        message: error.message,
      },
      'channels: send refused',
    );
    if (error.code === 'CHANNEL_ERROR') {
      await changeChannelStatus(
        deps.db,
        channel,
        'disconnected',
        refusalStatusReason(error.providerCode),
      );
    }
    return failDelivery(
      deps,
      contact,
      interactionId,
      claimed.content,
      error.code,
      error.message,
      error.providerCode,
    );
  }
}

/** What one delivery came to: sent with the provider's id, or not (the code says why). */
export type DeliveryOutcome =
  { sent: true; providerMessageId: string } | { sent: false; code: string };

async function failDelivery(
  deps: AppDeps,
  contact: AnnouncedContact,
  interactionId: string,
  content: Record<string, unknown>,
  code: ErrorCode,
  message: string,
  providerCode?: string,
): Promise<DeliveryOutcome> {
  await deps.db.transaction(async (tx) => {
    await updateInteractionState(tx, contact.tenantId, interactionId, {
      status: 'error',
      content: {
        ...content,
        errorCode: code,
        errorMessages: [message.slice(0, 500)],
        // Kept for support; the bubble reads it in Spanish (chat.providerErrors).
        providerErrorCode: providerCode?.slice(0, 40) ?? null,
      },
    });
    await announceInteraction(tx, null, contact, {
      event: 'interaction.updated',
      interactionId,
      type: 'channelMessage',
    });
  });
  return { sent: false, code };
}

/** Meta's standard window is 24 hours: past it (within the 7 days) a person answers tagged. */
const META_STANDARD_WINDOW_MS = 24 * 3_600_000;

async function needsHumanAgentTag(db: Executor, channel: Channel, contactId: string) {
  if (channel.type !== 'fb' && channel.type !== 'ig') return false;
  const last = await lastInboundAt(db, channel.tenantId, contactId, channel.id);
  return last !== null && Date.now() - last.getTime() > META_STANDARD_WINDOW_MS;
}

/** The mark-read job: tells the provider, once; a channel without read receipts is skipped. */
export async function sendReadReceipt(deps: AppDeps, tenantId: string, interactionId: string) {
  const claim = await findInboundClaim(deps.db, tenantId, interactionId);
  if (!claim?.providerMessageId) return;
  const channel = await findChannel(deps.db, tenantId, claim.channelId);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  const contact = await findMessageContact(deps.db, tenantId, claim.contactId);
  if (!channel || !adapter?.markRead || !contact || channel.status !== 'available') return;
  const to = recipientFor(channel, contact);
  if (!to) return;
  try {
    await adapter.markRead(channelContext(deps, channel), {
      to,
      providerMessageId: claim.providerMessageId,
    });
  } catch (error) {
    // Retried on the network, 429 and 5xx; a refusal only costs the customer a blue tick.
    if (error instanceof ProviderError && !error.retryable) {
      deps.logger.warn(
        { channelId: channel.id, interactionId, err: error },
        'channels: read receipt refused',
      );
      return;
    }
    throw error;
  }
}

/** What the adapter sends, from the stored item. */
function outboundOf(to: string, content: Record<string, unknown>): OutboundMessage {
  const message = (content.message ?? {}) as {
    text?: string;
    type?: string;
    media?: string | null;
    fileName?: string | null;
    mimetype?: string | null;
  };
  const template = content.template as OutboundMessage['template'] | undefined;
  if (template) return { to, template };
  const interactive = content.interactive as OutboundMessage['interactive'] | undefined;
  if (interactive) return { to, interactive };
  const quote = content.replyMessage as { providerMessageId?: string | null; text?: string } | null;
  const replyTo = quote?.providerMessageId
    ? { replyTo: { providerMessageId: quote.providerMessageId, text: quote.text ?? '' } }
    : {};
  if (message.media && message.mimetype) {
    return {
      to,
      media: {
        kind: mediaKindOf(message.mimetype),
        url: message.media,
        mimeType: message.mimetype,
        ...(message.fileName ? { fileName: message.fileName } : {}),
        ...(message.text ? { caption: message.text } : {}),
      },
      ...replyTo,
    };
  }
  return { to, text: message.text ?? '', ...replyTo };
}
