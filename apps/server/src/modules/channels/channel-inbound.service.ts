import type { Transaction } from '@cartera/db/client';
import type { Channel, Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { chatMessageOf, INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { equivalentPhones, storedSenderPhone } from '@cartera/domain/phone-match';
import { channelOriginOf } from '@cartera/domain/channel-origins';
import { type InboundAd, type InboundEvent, type WebhookRequest } from '../../providers/adapter';
import { adapterFor, mediumFor, providerSlugFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { createSenderContact } from '../contacts/contacts.service';
import { announceInteraction, type AnnouncedContact } from '../timeline/timeline-writer';
import { fetchChannelMediaJob } from './channels.jobs';
import { CHANNEL_STATUS_OF_SESSION, changeChannelStatus } from './channel-status.service';
import { channelOfWebhook } from './webhook-channels';
import { providerTime } from './provider-time';
import { inboundMessageFields } from './inbound-content';
import { scopedCustomerLabel, withSenderProfile } from './sender-profile';
import { findSenderContact, senderLockKey } from './channel-numbers';
import {
  DeferredRollups,
  hasAnyPhone,
  hasScopedId,
  itemStateAlongside,
  lockSenderAndClaim,
  recordInboundItem,
} from './inbound-writer';
import { keepUnknownWebhook } from './dead-letters.service';
import { routeWebhook } from './webhook-routing';
import { updateInteractionState } from './channel-delivery.repository';
import {
  claimProviderMessage,
  findByProviderMessageId,
  findContactByScopedId,
  findOutboundUpTo,
} from './channel-inbound.repository';
import { findChannelByWebhookKey } from './channels.repository';
import {
  channelContext,
  nextAgent,
  nextStatus,
  QUOTE_MAX_CHARS,
  RepeatedMessage,
  STATUS_OF,
} from './channel-messages.service';
import { ingestLead } from './channel-leads.service';

/**
 * What customers write (01 §1, 03 §3 Channel message): a provider's webhook is checked and
 * stored in the webhook inbox, then each event (message, receipt, watermark, connection, lead)
 * lands on the contact's timeline once.
 */

/**
 * A provider's webhook: the channel its URL names, the signature checked on the raw bytes, the
 * events parsed, then stored in the webhook inbox in one statement and answered: what the
 * provider sees acknowledged is durable, and the inbox worker writes each event to the timelines
 * in its own transaction right after (webhook-inbox.ts). A failure to store answers 500 and the
 * provider sends it again (a repeated id writes nothing).
 */
export async function receiveWebhook(
  deps: AppDeps,
  provider: string,
  webhookKey: string,
  request: WebhookRequest,
) {
  const channel = await channelOfWebhook(deps.db, webhookKey);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  if (!channel || !adapter || providerSlugFor(channel.type) !== provider) {
    // Kept for the platform's administrators (a URL no company has), then refused.
    await keepUnknownWebhook(deps, provider, request.rawBody);
    throw new DomainError('NOT_FOUND');
  }
  const context = channelContext(deps, channel);
  if (!adapter.verifyWebhook(context, request)) throw new DomainError('WEBHOOK_SIGNATURE_INVALID');
  // Each part to the channel of its number or page; what cannot be taken in is a dead letter.
  await routeWebhook(deps, channel, request, (each) =>
    each.id === channel.id ? context : channelContext(deps, each),
  );
  return adapter.webhookAnswer ?? { contentType: 'application/json', body: '{"ok":true}' };
}

/** The provider's subscription handshake (Meta's GET): the challenge, or null when refused. */
export async function answerHandshake(
  deps: AppDeps,
  provider: string,
  webhookKey: string,
  query: Record<string, string>,
) {
  const channel = await findChannelByWebhookKey(deps.db, webhookKey);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  if (!channel || !adapter?.answerHandshake || providerSlugFor(channel.type) !== provider) {
    return null;
  }
  return adapter.answerHandshake(channelContext(deps, channel), query);
}

export async function ingestEvent(deps: AppDeps, channel: Channel, event: InboundEvent) {
  switch (event.kind) {
    case 'message':
      return ingestMessage(deps, channel, event);
    case 'status':
      return ingestStatus(deps, channel, event);
    case 'watermark':
      return ingestWatermark(deps, channel, event);
    case 'connection':
      await changeChannelStatus(
        deps.db,
        channel,
        CHANNEL_STATUS_OF_SESSION[event.state],
        event.reason ?? null,
      );
      return;
    case 'lead':
      return ingestLead(deps, channel, event);
  }
}

async function ingestMessage(
  deps: AppDeps,
  channel: Channel,
  received: Extract<InboundEvent, { kind: 'message' }>,
) {
  const event = await namedSender(deps, channel, received);
  await deps.db
    .transaction((tx) => writeMessage(deps, tx, channel, event))
    .catch((error: unknown) => {
      // A repeated message id: the transaction (and a contact it may have created) is undone.
      if (!(error instanceof RepeatedMessage)) throw error;
    });
}

/** A Messenger or Instagram newcomer is named by the provider's profile lookup (never fails). */
function namedSender(
  deps: AppDeps,
  channel: Channel,
  received: Extract<InboundEvent, { kind: 'message' }>,
) {
  return withSenderProfile(deps, channel, () => channelContext(deps, channel), received);
}

/**
 * A customer's message written in the caller's transaction. A repeated provider id writes
 * nothing; when it is found only after a new contact was made, RepeatedMessage undoes it.
 */
async function writeMessage(
  deps: AppDeps,
  tx: Transaction,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'message' }>,
  deferred?: DeferredRollups,
) {
  const sender = event.from.phone ?? event.from.scopedId;
  if (!sender) return;
  // One sender at a time per tenant: two first messages of a new number make one contact.
  // The key is the number's (Mexico's 521 and 52 forms are one sender: channel-numbers.ts).
  // The lock, the contact's read and the claim are one statement (inbound-writer.ts).
  // Its id at arrival (the timeline's order), its time the provider's (provider-time.ts).
  const interactionId = newId();
  const sentAt = providerTime(event.at);
  const first = await lockSenderAndClaim(tx, {
    tenantId: channel.tenantId,
    lockKey: senderLockKey(channel.tenantId, event.from),
    matches: event.from.phone
      ? hasAnyPhone(equivalentPhones(event.from.phone))
      : hasScopedId(sender),
    interactionId,
    createdAt: sentAt,
    channelId: channel.id,
    providerMessageId: event.providerMessageId,
  });
  let contact: AnnouncedContact | undefined = first.contact;
  let claimed = first.claimed;
  let watchers = first.watchers;
  if (!contact) {
    // None seen when the statement began: read again under the lock, create if still none.
    contact =
      (event.from.phone
        ? await findSenderContact(tx, channel.tenantId, event.from.phone)
        : await findContactByScopedId(tx, channel.tenantId, sender)) ??
      (await newInboundContact(tx, channel, event));
    watchers = undefined;
    claimed = await claimProviderMessage(tx, {
      tenantId: channel.tenantId,
      interactionId,
      createdAt: sentAt,
      channelId: channel.id,
      contactId: contact.id,
      providerMessageId: event.providerMessageId,
    });
  }
  if (claimed === false && first.contact) return;
  if (!claimed) throw new RepeatedMessage();
  const replyMessage = event.replyTo
    ? await quotedMessage(tx, channel, contact.id, event.replyTo)
    : null;
  // 03 §3: one shared card is a contactMessage, several a contactsArrayMessage.
  const contactsKind = event.contacts
    ? event.contacts.length > 1
      ? 'contactsArrayMessage'
      : 'contactMessage'
    : null;
  await recordInboundItem(
    tx,
    contact,
    {
      id: interactionId,
      createdAt: sentAt,
      type: 'channelMessage',
      via: channel.type,
      createdBySystem: false,
      status: null,
      content: {
        message: {
          ...inboundMessageFields(event, contactsKind),
          media: null,
          fileName: event.media?.fileName ?? null,
          mimetype: event.media?.mimeType ?? null,
          ...(event.contacts ? { contacts: event.contacts } : {}),
        },
        ...(contactsKind ? { mediaType: contactsKind } : {}),
        ...(event.reaction ? { isReaction: true } : {}),
        ...(replyMessage ? { replyMessage } : {}),
        ...(event.ad ? { externalAdReply: externalAdReplyOf(event.ad) } : {}),
        medium: mediumFor(channel.type),
        origin: 'contact',
        channelId: channel.id,
        channelName: channel.name,
        channelColor: channel.config.color ?? null,
        receivedAt: event.at.toISOString(),
        // The number as the provider wrote it: replies through this channel go back to it.
        ...(event.from.phone ? { from: event.from.phone } : {}),
      },
    },
    watchers,
    deferred,
  );
  // The file itself is fetched after the commit; the webhook is answered without waiting.
  const media = event.media;
  if (media && (media.providerMediaId || media.url)) {
    await deps.jobs.send(
      fetchChannelMediaJob,
      { tenantId: channel.tenantId, interactionId, channelId: channel.id, media },
      { tx },
    );
  }
}

/** The contact of a message a receipt moves, as the change is announced for it. */
function receiptContact(
  channel: Channel,
  row: Pick<Contact, 'agentId' | 'reservedBy' | 'reservedUntil'> & { contactId: string },
): AnnouncedContact {
  return {
    id: row.contactId,
    tenantId: channel.tenantId,
    agentId: row.agentId,
    reservedBy: row.reservedBy,
    reservedUntil: row.reservedUntil,
  };
}

/**
 * What a reply or reaction points at (03 §3 replyMessage): the provider's id always; the item,
 * its text, kind and side when the message is on this contact's timeline through this channel.
 */
async function quotedMessage(
  tx: Transaction,
  channel: Channel,
  contactId: string,
  providerMessageId: string,
) {
  const row = await findByProviderMessageId(tx, channel, providerMessageId);
  if (!row || row.contactId !== contactId) return { providerMessageId, interactionId: null };
  const quoted = chatMessageOf(INTERACTION_CONTENT.channelMessage.parse(row.content), true);
  return {
    providerMessageId,
    interactionId: row.interactionId,
    text: quoted.text.slice(0, QUOTE_MAX_CHARS),
    type: quoted.kind,
    origin: quoted.origin,
  };
}

function externalAdReplyOf(ad: InboundAd) {
  return {
    title: ad.title ?? null,
    body: ad.body ?? null,
    sourceUrl: ad.sourceUrl ?? null,
    thumbnailUrl: ad.thumbnailUrl ?? null,
    renderLargerThumbnail: ad.largeThumbnail === true,
    showAdAttribution: ad.showAttribution === true,
  };
}

async function newInboundContact(
  tx: Transaction,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'message' }>,
) {
  const agentId = await nextAgent(tx, channel);
  const phone = event.from.phone;
  const firstName = event.from.name?.trim() || phone || scopedCustomerLabel(channel.type);
  return createSenderContact(tx, {
    tenantId: channel.tenantId,
    firstName,
    // E.164 when the library reads it (521… becomes +52…), else exactly as the provider wrote it.
    phones: phone ? [storedSenderPhone(phone)] : [],
    channels: event.from.scopedId
      ? [
          {
            type: channel.type,
            config: { PSID: event.from.scopedId, pageId: channel.config.pageId ?? '' },
          },
        ]
      : [],
    origin: channelOriginOf(channel),
    agentId,
  });
}

async function ingestStatus(
  deps: AppDeps,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'status' }>,
) {
  await deps.db.transaction((tx) => writeStatus(tx, channel, event));
}

/** A receipt's move of its message's status (never back), in the caller's transaction. */
async function writeStatus(
  tx: Transaction,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'status' }>,
) {
  const row = await findByProviderMessageId(tx, channel, event.providerMessageId);
  if (!row) return;
  const listened = event.listened === true && row.content.listened !== true;
  const status = nextStatus(row.status, STATUS_OF[event.status]);
  if (!status && !listened) return;
  const content =
    status === 'error'
      ? {
          ...row.content,
          errorCode: 'SEND_MESSAGE_ERROR',
          errorMessages: [event.error?.message || event.error?.code || 'failed'],
          // Kept for support; the bubble reads it in Spanish (chat.providerErrors).
          providerErrorCode: event.error?.code ?? null,
        }
      : listened
        ? { ...row.content, listened: true }
        : row.content;
  // The status and its announcement in one statement (inbound-writer.ts).
  await announceInteraction(tx, null, receiptContact(channel, row), {
    event: 'interaction.updated',
    interactionId: row.interactionId,
    type: 'channelMessage',
    alongside: itemStateAlongside(tx, channel.tenantId, row.interactionId, {
      status: status ?? row.status,
      content,
    }),
  });
}

/** Events the inbox may take in together with other customers' (`ingestEventsTogether`). */
export function takenInTogether(event: InboundEvent) {
  return event.kind === 'message' || event.kind === 'status';
}

/**
 * Several customers' messages and receipts in one transaction (the inbox's batches,
 * webhook-inbox.ts): a begin and a commit for all of them instead of one each, and the day's
 * rollups added up and written once, last. Written in the order of the senders' lock keys, so two
 * batches never wait for each other's senders in a circle; one customer's events keep their
 * order. Any failure undoes all of them (the inbox then takes each in on its own), so a repeated
 * message found only after making a new contact throws here as it does alone.
 */
export async function ingestEventsTogether(
  deps: AppDeps,
  items: ReadonlyArray<{ channel: Channel; event: InboundEvent }>,
) {
  const prepared = await Promise.all(
    items.map(async ({ channel, event }) => ({
      channel,
      event: event.kind === 'message' ? await namedSender(deps, channel, event) : event,
      key:
        event.kind === 'message'
          ? `a|${senderLockKey(channel.tenantId, event.from)}`
          : `b|${event.kind === 'status' ? event.providerMessageId : ''}`,
    })),
  );
  prepared.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await deps.db.transaction(async (tx) => {
    const deferred = new DeferredRollups();
    for (const { channel, event } of prepared) {
      if (event.kind === 'message') await writeMessage(deps, tx, channel, event, deferred);
      else if (event.kind === 'status') await writeStatus(tx, channel, event);
      else throw new Error(`ingestEventsTogether: ${event.kind} events are taken in alone`);
    }
    await deferred.write(tx);
  });
}

/**
 * A receipt by watermark (Messenger): every message the channel sent to the person with this
 * scoped id, accepted by the provider and stored at or before `upTo`, moves to the status (never
 * back). Stored time stands in for the provider's: a message is stored before it is sent.
 */
async function ingestWatermark(
  deps: AppDeps,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'watermark' }>,
) {
  const reported = STATUS_OF[event.status];
  await deps.db.transaction(async (tx) => {
    const rows = await findOutboundUpTo(tx, channel, event.recipient.scopedId, event.upTo);
    for (const row of rows) {
      const status = nextStatus(row.status, reported);
      if (!status) continue;
      await updateInteractionState(tx, channel.tenantId, row.interactionId, { status });
      await announceInteraction(tx, null, receiptContact(channel, row), {
        event: 'interaction.updated',
        interactionId: row.interactionId,
        type: 'channelMessage',
      });
    }
  });
}
