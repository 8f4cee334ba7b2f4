import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor, Transaction } from '@cartera/db/client';
import type { Channel, Contact } from '@cartera/db/schema';
import {
  fillTemplate,
  REPLY_WINDOW_HOURS,
  replyWindowOf,
  templateParameterCount,
  type ChannelTypeName,
} from '@cartera/domain/channels';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { newId, ZClientItemId } from '@cartera/domain/ids';
import { chatMessageOf, INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { normalizePhone } from '@cartera/domain/phone';
import { equivalentPhones, samePhone, storedSenderPhone } from '@cartera/domain/phone-match';
import { channelOriginOf } from '@cartera/domain/channel-origins';
import { contactSearchText } from '@cartera/domain/search';
import {
  ProviderError,
  type ChannelContext,
  type DeliveryStatus,
  type InboundAd,
  type InboundEvent,
  type LeadFields,
  type OutboundMessage,
  type WebhookRequest,
} from '../../channels/adapter';
import { adapterFor, mediumFor, providerSlugFor, webhookPathFor } from '../../channels/registry';
import type { AppDeps } from '../../deps';
import { openSecrets } from '../../lib/secret-box';
import { sharesPortfolioOf, visibleContact } from '../access/contacts';
import { checkFileForRecord } from '../files/file-access.service';
import { mediaReadUrl } from '../files/file-links.service';
import { createSenderContact, updateContactRow } from '../contacts/contacts.service';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import type { AuthUser } from '../sessions/session.types';
import {
  announceInteraction,
  recordInteraction,
  type AnnouncedContact,
} from '../timeline/timeline-writer';
import { fetchChannelMediaJob, markChannelReadJob, sendChannelMessageJob } from './channels.jobs';
import { CHANNEL_STATUS_OF_SESSION, changeChannelStatus } from './channels.service';
import { channelOfWebhook } from './webhook-channels';
import { providerTime } from './provider-time';
import { inboundMessageFields } from './inbound-content';
import { scopedCustomerLabel, withSenderProfile } from './sender-profile';
import { findSenderContact, replyAddress, senderLockKey } from './channel-numbers';
import { refusalStatusReason } from './channel-status-reason';
import {
  hasAnyPhone,
  hasScopedId,
  itemStateAlongside,
  lockSenderAndClaim,
  recordInboundItem,
} from './inbound-writer';
import { keepUnknownWebhook } from './dead-letters.service';
import { routeWebhook } from './webhook-routing';
import {
  activeUserIds,
  claimProviderMessage,
  countSentSince,
  findByProviderMessageId,
  findQuotableMessage,
  findChannel,
  findChannelByWebhookKey,
  findChannelItem,
  findInboundClaim,
  findTemplates,
  lastInboundAt,
  markNewestInboundRead,
  findChannels as findChannelsOfTenant,
  findContactChannelMessages,
  findContactByEmail,
  findContactByScopedId,
  findMessageContact,
  findOutboundUpTo,
  insertOutboundMessage,
  isProviderIdClaimed,
  lockChannel,
  lockOutboundMessage,
  recordAttempt,
  setProviderMessageId,
  takeRoundRobinTurn,
  updateInteractionState,
} from './channels.repository';

/**
 * Messages through channels (01 §1, 03 §3 Channel message): what customers write arrives by
 * webhook and lands on the contact's timeline once; what sellers write is stored as 'sending'
 * with its delivery job in the same transaction (the outbox), and only the provider's answer
 * makes it 'sent'.
 */

/** How a channel's adapter gets its secrets and provider addresses. */
export function channelContext(deps: AppDeps, channel: Channel): ChannelContext {
  if (channel.sandbox) deps.sandbox.track(channel);
  return {
    channel,
    secrets: openSecrets(deps.env.secretsKey, channel.secrets),
    webhookUrl: `${deps.env.publicUrl}${webhookPathFor(channel)}`,
    // A 'Canal de prueba' reaches the in-process simulator instead of Meta.
    urls: channel.sandbox
      ? { ...deps.env.providers, metaGraph: deps.sandbox.origin }
      : deps.env.providers,
  };
}

/** A timeline item's delivery status (03 §4 delivery icons): sending, sent, received, read, error. */
export type MessageStatus = 'sending' | 'sent' | 'received' | 'read' | 'error';

const STATUS_OF: Record<DeliveryStatus, MessageStatus> = {
  sent: 'sent',
  delivered: 'received',
  read: 'read',
  failed: 'error',
};
const RANK: Record<string, number> = { sending: 0, sent: 1, received: 2, read: 3 };

/** Receipts may arrive out of order: a status never goes back, and a read message never fails. */
export function nextStatus(current: string | null, reported: MessageStatus): MessageStatus | null {
  if (current === reported) return null;
  if (reported === 'error') return current === 'read' ? null : 'error';
  if (current === 'error') return null;
  return (RANK[reported] ?? 0) > (RANK[current ?? 'sending'] ?? 0) ? reported : null;
}

// ---------------------------------------------------------------------------------------------
// Inbound

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

/** Who gets a contact a channel creates: the next active user of its round robin, or nobody. */
async function nextAgent(tx: Transaction, channel: Channel) {
  if (!channel.roundRobin.enabled) return null;
  const active = await activeUserIds(tx, channel.tenantId, channel.roundRobin.userIds);
  if (!active.length) return null;
  const turn = await takeRoundRobinTurn(tx, channel);
  return active[turn % active.length]!;
}

async function ingestMessage(
  deps: AppDeps,
  channel: Channel,
  received: Extract<InboundEvent, { kind: 'message' }>,
) {
  // A Messenger or Instagram newcomer is named by the provider's profile lookup (never fails).
  const event = await withSenderProfile(
    deps,
    channel,
    () => channelContext(deps, channel),
    received,
  );
  const sender = event.from.phone ?? event.from.scopedId;
  if (!sender) return;
  await deps.db
    .transaction(async (tx) => {
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
      if (!contact) {
        // None seen when the statement began: read again under the lock, create if still none.
        contact =
          (event.from.phone
            ? await findSenderContact(tx, channel.tenantId, event.from.phone)
            : await findContactByScopedId(tx, channel.tenantId, sender)) ??
          (await newInboundContact(tx, channel, event));
        claimed = await claimProviderMessage(tx, {
          tenantId: channel.tenantId,
          interactionId,
          createdAt: sentAt,
          channelId: channel.id,
          contactId: contact.id,
          providerMessageId: event.providerMessageId,
        });
      }
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
      await recordInboundItem(tx, contact, {
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
      });
      // The file itself is fetched after the commit; the webhook is answered without waiting.
      const media = event.media;
      if (media && (media.providerMediaId || media.url)) {
        await deps.jobs.send(
          fetchChannelMediaJob,
          { tenantId: channel.tenantId, interactionId, channelId: channel.id, media },
          { tx },
        );
      }
    })
    .catch((error: unknown) => {
      // A repeated message id: the transaction (and a contact it may have created) is undone.
      if (!(error instanceof RepeatedMessage)) throw error;
    });
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

/**
 * The quote of a seller's reply: the contact's message it answers, which must be on the contact's
 * timeline. The provider is told which message it answers only when it went through the same
 * channel (a quote across channels is shown in Cartera alone).
 */
async function replyQuoteFor(
  tx: Executor,
  tenantId: string,
  contactId: string,
  channel: Channel,
  interactionId: string,
) {
  const row = await findQuotableMessage(tx, tenantId, contactId, interactionId);
  if (!row) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { replyTo: [es.conversation.timeline.chat.notFound] },
    });
  }
  const quoted = chatMessageOf(INTERACTION_CONTENT.channelMessage.parse(row.content), true);
  return {
    providerMessageId: row.channelId === channel.id ? row.providerMessageId : null,
    interactionId,
    text: quoted.text.slice(0, QUOTE_MAX_CHARS),
    type: quoted.kind,
    origin: quoted.origin,
  };
}

/** A quote keeps the start of the message: enough for the bubble's two lines. */
const QUOTE_MAX_CHARS = 280;

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

/** Thrown to undo the transaction of a message whose id was stored before. */
class RepeatedMessage extends Error {}

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

/** A lead's answers as its timeline item reads them: one line per question. */
export function leadSummary(fields: LeadFields) {
  const labels = es.channels.leads.fields;
  const lines = fields.answers.map(
    (answer) =>
      `${labels[answer.name] ?? answer.name.replace(/_/g, ' ')}: ${answer.values.join(', ')}`,
  );
  return [`${es.channels.leads.summaryTitle}`, ...lines].join('\n');
}

/**
 * A lead form filled in (lead ads): its answers fetched from the provider when the webhook did
 * not bring them, then, in one transaction, the contact matched by phone (E.164) or e-mail, or
 * created with the channel's origin and the round robin's agent; a matched contact gets the
 * phone or e-mail it lacked. One timeline item tells what the form said, once per lead id (the
 * id is claimed like a message's): a repeated webhook, or a re-ingest, writes nothing.
 */
export async function ingestLead(
  deps: AppDeps,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'lead' }>,
) {
  if (await isProviderIdClaimed(deps.db, channel.id, event.providerLeadId)) return false;
  let fields = event.fields;
  let at = event.at;
  let formId = event.formId;
  if (!fields) {
    const adapter = adapterFor(channel.type);
    if (!adapter?.fetchLead) return false;
    const fetched = await adapter.fetchLead(channelContext(deps, channel), event.providerLeadId);
    fields = fetched.fields;
    at = fetched.at;
    formId = formId ?? fetched.formId;
  }
  const { country } = await tenantBasics(deps.db, channel.tenantId);
  const phone = fields.phone ? normalizePhone(fields.phone, country.toUpperCase()) : null;
  const email = fields.email && /^[^\s@]+@[^\s@]+$/.test(fields.email) ? fields.email : null;
  const lead = fields;
  return deps.db
    .transaction(async (tx) => {
      const sender = phone ?? email ?? `lead:${event.providerLeadId}`;
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${phone ? senderLockKey(channel.tenantId, { phone }) : `${channel.tenantId}:${sender}`}, 0))`,
      );
      let contact: Contact | undefined =
        (phone ? await findSenderContact(tx, channel.tenantId, phone) : undefined) ??
        (email ? await findContactByEmail(tx, channel.tenantId, email) : undefined);
      if (contact) {
        const hasPhone = (each: string) => phone !== null && samePhone(each, phone);
        const phones = phone && !contact.phones.some(hasPhone) ? [...contact.phones, phone] : null;
        const known = contact.emails.some((each) => each.toLowerCase() === email);
        const emails = email && !known ? [...contact.emails, email] : null;
        if (phones || emails) {
          contact =
            (await updateContactRow(tx, channel.tenantId, contact.id, {
              ...(phones ? { phones } : {}),
              ...(emails ? { emails } : {}),
              searchText: contactSearchText(
                { ...contact, phones: phones ?? contact.phones, emails: emails ?? contact.emails },
                country,
              ),
            })) ?? contact;
        }
      } else {
        contact = await createSenderContact(tx, {
          tenantId: channel.tenantId,
          firstName: lead.firstName || email || phone || 'Contacto',
          ...(lead.lastName ? { lastName: lead.lastName } : {}),
          phones: phone ? [phone] : [],
          emails: email ? [email] : [],
          channels: [],
          origin: channelOriginOf(channel),
          agentId: await nextAgent(tx, channel),
        });
      }
      const interactionId = newId();
      const claimed = await claimProviderMessage(tx, {
        tenantId: channel.tenantId,
        interactionId,
        channelId: channel.id,
        contactId: contact.id,
        providerMessageId: event.providerLeadId,
      });
      if (!claimed) throw new RepeatedMessage();
      await recordInteraction(tx, null, contact, {
        id: interactionId,
        type: 'channelMessage',
        via: channel.type,
        createdBySystem: false,
        status: null,
        content: {
          message: {
            text: leadSummary(lead),
            type: 'text',
            media: null,
            fileName: null,
            mimetype: null,
          },
          medium: mediumFor(channel.type),
          origin: 'contact',
          channelId: channel.id,
          channelName: channel.name,
          channelColor: channel.config.color ?? null,
          receivedAt: at.toISOString(),
          lead: { id: event.providerLeadId, formId: formId ?? null, answers: lead.answers },
        },
      });
      return true;
    })
    .catch((error: unknown) => {
      if (!(error instanceof RepeatedMessage)) throw error;
      return false;
    });
}

async function ingestStatus(
  deps: AppDeps,
  channel: Channel,
  event: Extract<InboundEvent, { kind: 'status' }>,
) {
  await deps.db.transaction(async (tx) => {
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
    await announceInteraction(
      tx,
      null,
      {
        id: row.contactId,
        tenantId: channel.tenantId,
        agentId: row.agentId,
        reservedBy: row.reservedBy,
        reservedUntil: row.reservedUntil,
      },
      {
        event: 'interaction.updated',
        interactionId: row.interactionId,
        type: 'channelMessage',
        alongside: itemStateAlongside(tx, channel.tenantId, row.interactionId, {
          status: status ?? row.status,
          content,
        }),
      },
    );
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
      await announceInteraction(
        tx,
        null,
        {
          id: row.contactId,
          tenantId: channel.tenantId,
          agentId: row.agentId,
          reservedBy: row.reservedBy,
          reservedUntil: row.reservedUntil,
        },
        { event: 'interaction.updated', interactionId: row.interactionId, type: 'channelMessage' },
      );
    }
  });
}

/**
 * Takes in one lead again by its id (legacy POST /facebook/leads/{id}): its answers fetched from
 * the provider and ingested as a webhook would be; a lead taken in before writes nothing.
 */
export async function reingestLead(
  deps: AppDeps,
  user: AuthUser,
  channelId: string,
  leadgenId: string,
) {
  const channel = await findChannel(deps.db, user.tenantId, channelId);
  if (!channel || channel.type !== 'leads') throw new DomainError('CHANNEL_NOT_FOUND');
  try {
    const created = await ingestLead(deps, channel, {
      kind: 'lead',
      providerLeadId: leadgenId,
      at: new Date(),
    });
    return { leadgenId, ingested: created };
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(error.code);
    throw error;
  }
}

/** A contact's SMS (messages through the company's SMS channels), newest first. */
export async function contactSmsMessages(
  deps: AppDeps,
  user: AuthUser,
  input: { contactId: string; provider?: string | undefined },
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  const rows = await findChannelsOfTenant(deps.db, user.tenantId);
  const sms = rows.filter(
    (row) => row.type === 'sms' && (!input.provider || smsProviderMatches(row, input.provider)),
  );
  if (!sms.length) return [];
  const messages = await findContactChannelMessages(
    deps.db,
    user.tenantId,
    contact.id,
    sms.map((row) => row.id),
    100,
  );
  return messages.map((row) => ({
    id: row.id,
    channelId: row.channelId,
    direction: row.direction as 'in' | 'out',
    status: row.status,
    text: ((row.content.message ?? {}) as { text?: string }).text ?? '',
    createdAt: row.createdAt,
  }));
}

/** `provider` of the legacy SMS paths: an SMS channel's id, or the provider's name ('twilio'). */
export function smsProviderMatches(channel: Channel, provider: string) {
  return channel.id === provider || providerSlugFor(channel.type) === provider.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Outbound

export const ZSendMessageInput = z.object({
  /** Given by the client (a recent UUIDv7): a retry of the same id sends nothing twice. */
  id: ZClientItemId,
  contactId: z.uuid(),
  channelId: z.uuid(),
  text: z.string().trim().max(4_096).optional(),
  file: z
    .object({
      url: z.url({ protocol: /^https?$/ }).max(2_000),
      name: z.string().trim().min(1).max(255),
      mimeType: z.string().trim().min(1).max(200),
    })
    .optional(),
  template: z
    .object({
      name: z.string().trim().min(1).max(512),
      language: z.string().trim().min(2).max(15),
      parameters: z.array(z.string().max(1_024)).max(20).default([]),
    })
    .optional(),
  /** 03 §2.1 WhatsApp number picker: which of the contact's phones (its first when left out). */
  to: z.string().trim().max(32).optional(),
  /** The contact's channel message this one answers (03 §3 replyMessage; 03 §6 for anyone). */
  replyTo: z.string().uuid().optional(),
});
export type SendMessageInput = z.input<typeof ZSendMessageInput>;

function mediaKindOf(mimeType: string) {
  if (mimeType.startsWith('image/')) return 'image' as const;
  if (mimeType.startsWith('video/')) return 'video' as const;
  if (mimeType.startsWith('audio/')) return 'audio' as const;
  return 'document' as const;
}

/**
 * Where a channel sends to for a contact: its page-scoped id (Messenger, Instagram), else the
 * phone (E.164) chosen for the message when it is still one of the contact's, else its first.
 */
export function recipientFor(
  channel: Channel,
  contact: Pick<Contact, 'phones' | 'channels'>,
  phone?: unknown,
) {
  if (!recipientIsPhone(channel)) {
    const scoped = contact.channels.find(
      (each) =>
        each.type === channel.type &&
        each.config.PSID &&
        (!channel.config.pageId || each.config.pageId === channel.config.pageId),
    );
    return scoped?.config.PSID ?? null;
  }
  // The chosen number, or the form of it the customer wrote from (samePhone: 521… and +52…).
  if (typeof phone === 'string' && contact.phones.some((each) => samePhone(each, phone))) {
    return phone;
  }
  return contact.phones[0] ?? null;
}

/** Whether the channel writes to a phone number (not to a page-scoped id). */
export function recipientIsPhone(channel: Pick<Channel, 'type'>) {
  return channel.type !== 'fb' && channel.type !== 'ig';
}

/**
 * A seller's message through a channel: checked (the contact, the channel, a number to write to,
 * the channel's limits), then stored as 'sending' with its delivery job in one transaction.
 */
export async function sendChannelMessage(deps: AppDeps, user: AuthUser, raw: SendMessageInput) {
  const input = ZSendMessageInput.parse(raw);
  if (!input.text && !input.file && !input.template) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { text: ['Requerido'] } });
  }
  const contact = await visibleContact(deps.db, user, input.contactId);
  if (input.to !== undefined && !contact.phones.includes(input.to)) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { to: [es.channels.notContactPhone] },
    });
  }
  // A file of ours is sent only once the server found it complete (issue #30 §5).
  const file = input.file && {
    ...input.file,
    url: await checkFileForRecord(deps, user, input.file.url, contact.id),
  };
  return deps.db.transaction(async (tx) => {
    const channel = await sendableChannel(tx, user, input.channelId, contact);
    await checkReplyWindow(tx, channel, contact.id, Boolean(input.template));
    await checkLimits(tx, channel);
    const templateText = input.template ? await templateTextOf(tx, channel, input.template) : null;
    const replyMessage = input.replyTo
      ? await replyQuoteFor(tx, user.tenantId, contact.id, channel, input.replyTo)
      : null;
    // A reply goes to the number as the customer wrote from it through this channel.
    const to = recipientIsPhone(channel)
      ? await replyAddress(tx, channel, contact, input.to)
      : undefined;
    const fresh = await recordInteraction(tx, user, contact, {
      id: input.id,
      type: 'channelMessage',
      via: channel.type,
      status: 'sending',
      content: {
        message: {
          text: input.text ?? templateText ?? '',
          type: file ? mediaKindOf(file.mimeType) : input.template ? 'template' : 'text',
          media: file?.url ?? null,
          fileName: file?.name ?? null,
          mimetype: file?.mimeType ?? null,
        },
        ...(input.template ? { template: input.template } : {}),
        ...(to ? { to } : {}),
        ...(replyMessage ? { replyMessage } : {}),
        medium: mediumFor(channel.type),
        origin: 'agent',
        channelId: channel.id,
        channelName: channel.name,
        channelColor: channel.config.color ?? null,
      },
    });
    if (!fresh) return { id: input.id };
    await insertOutboundMessage(tx, {
      tenantId: user.tenantId,
      interactionId: input.id,
      channelId: channel.id,
      contactId: contact.id,
    });
    await deps.jobs.send(
      sendChannelMessageJob,
      { tenantId: user.tenantId, interactionId: input.id },
      { tx },
    );
    return { id: input.id };
  });
}

/**
 * The channel, locked, if the user may write to the contact through it now: a channel that sends
 * (not a lead form), a personal WhatsApp of their own (or of the contact's agent, when the user
 * is a member of one of that agent's shared inboxes), connected, with an address for the contact.
 */
export async function sendableChannel(
  tx: Executor,
  user: AuthUser,
  channelId: string,
  contact: Pick<Contact, 'phones' | 'channels' | 'agentId'>,
) {
  const channel = await lockChannel(tx, user.tenantId, channelId);
  // A lead form only brings contacts in: nothing is sent through it.
  if (!channel || !adapterFor(channel.type) || channel.type === 'leads') {
    throw new DomainError('CHANNEL_NOT_FOUND');
  }
  if (
    channel.type === 'personal_whatsapp' &&
    channel.ownerId !== user.id &&
    !(channel.ownerId === contact.agentId && (await sharesPortfolioOf(tx, user, contact.agentId)))
  ) {
    throw new DomainError('PERSONAL_WHATSAPP_404');
  }
  if (channel.status !== 'available') throw new DomainError('CHANNEL_ERROR');
  if (!recipientFor(channel, contact)) {
    throw new DomainError(
      channel.type === 'fb' || channel.type === 'ig'
        ? 'CHANNEL_ERROR'
        : 'CONTACT_WITHOUT_PHONE_NUMBER',
    );
  }
  return channel;
}

/**
 * Free text only within the channel's reply window (03 §4): after WhatsApp's 24 hours only a
 * template; after Meta's 7 days nothing.
 */
async function checkReplyWindow(
  tx: Executor,
  channel: Channel,
  contactId: string,
  template: boolean,
) {
  if (!REPLY_WINDOW_HOURS[channel.type as ChannelTypeName]) return;
  const window = replyWindowOf(
    channel.type,
    await lastInboundAt(tx, channel.tenantId, contactId, channel.id),
  );
  if (window.open) return;
  if (!window.templatesAllowed) throw new DomainError('META_WINDOW_CLOSED');
  if (!template) throw new DomainError('WHATSAPP_WINDOW_CLOSED');
}

/**
 * What a template message reads on the timeline: the stored template's body with the parameters
 * in place (every one it asks for must be given), or its name when it is not stored here.
 */
async function templateTextOf(
  tx: Executor,
  channel: Channel,
  template: { name: string; language: string; parameters: string[] },
) {
  const stored = (await findTemplates(tx, channel.tenantId, channel.id)).find(
    (each) => each.name === template.name && each.language === template.language,
  );
  if (!stored) return template.name;
  const needed = templateParameterCount(stored.body);
  if (template.parameters.slice(0, needed).filter((each) => each.trim()).length < needed) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { 'template.parameters': [es.channels.templates.missingParameters] },
    });
  }
  return fillTemplate(stored.body, template.parameters);
}

/** A contact's reply window on a channel the user may write through (the composer's notice). */
export async function contactReplyWindow(
  deps: AppDeps,
  user: AuthUser,
  input: { contactId: string; channelId: string },
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  const channel = await findChannel(deps.db, user.tenantId, input.channelId);
  if (!channel || (channel.type === 'personal_whatsapp' && channel.ownerId !== user.id)) {
    throw new DomainError('CHANNEL_NOT_FOUND');
  }
  return replyWindowOf(
    channel.type,
    await lastInboundAt(deps.db, user.tenantId, contact.id, channel.id),
  );
}

/** Meta's standard window is 24 hours: past it (within the 7 days) a person answers tagged. */
const META_STANDARD_WINDOW_MS = 24 * 3_600_000;

async function needsHumanAgentTag(db: Executor, channel: Channel, contactId: string) {
  if (channel.type !== 'fb' && channel.type !== 'ig') return false;
  const last = await lastInboundAt(db, channel.tenantId, contactId, channel.id);
  return last !== null && Date.now() - last.getTime() > META_STANDARD_WINDOW_MS;
}

/**
 * The seller read the conversation (03 §4 'mark messages seen'): the newest message the
 * customer sent through each channel, not yet marked, is marked read here and the provider is
 * told by a job (WhatsApp's read receipt, Messenger's mark_seen, the gateway's read mark).
 * Answers how many channels were told.
 */
export async function markContactSeen(deps: AppDeps, user: AuthUser, contactId: string) {
  const contact = await visibleContact(deps.db, user, contactId);
  return deps.db.transaction(async (tx) => {
    const marked = await markNewestInboundRead(tx, user.tenantId, contact.id);
    for (const interactionId of marked) {
      await deps.jobs.send(markChannelReadJob, { tenantId: user.tenantId, interactionId }, { tx });
    }
    return { marked: marked.length };
  });
}

/**
 * Where a channel message's file is kept (GET /crm/wppimg/{media}, 03 §7): the product's own
 * stored copy, for who may see the contact; NOT_FOUND for anything else.
 */
export async function channelMediaUrl(deps: AppDeps, user: AuthUser, interactionId: string) {
  const item = await findChannelItem(deps.db, user.tenantId, interactionId);
  if (!item) throw new DomainError('NOT_FOUND');
  await visibleContact(deps.db, user, item.contactId);
  const media = (item.content as { message?: { media?: unknown } }).message?.media;
  if (typeof media !== 'string' || !media) throw new DomainError('NOT_FOUND');
  return media;
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

async function checkLimits(tx: Executor, channel: Channel) {
  const now = Date.now();
  const { perHour, perDay } = channel.limits;
  if (perHour && (await countSentSince(tx, channel, new Date(now - 3_600_000))) >= perHour) {
    throw new DomainError('MESSAGE_LIMIT_EXCEEDED');
  }
  if (perDay && (await countSentSince(tx, channel, new Date(now - 86_400_000))) >= perDay) {
    throw new DomainError('MAXIMUN_MESSAGE_EXCEEDED');
  }
}

/** Tries a send this many times (the first and the retries) before it is marked failed. */
export const SEND_ATTEMPTS = 6;

/**
 * The outbox job: sends one stored message through its channel's adapter. A message that is no
 * longer 'sending' is left alone (a repeated job sends nothing). Network errors, 429 and 5xx
 * are thrown so the job runs again with backoff, until the last attempt marks it failed.
 */
export async function deliverMessage(deps: AppDeps, tenantId: string, interactionId: string) {
  const claimed = await deps.db.transaction(async (tx) => {
    const row = await lockOutboundMessage(tx, tenantId, interactionId);
    if (!row || row.status !== 'sending') return null;
    return { ...row, attempts: await recordAttempt(tx, tenantId, interactionId) };
  });
  if (!claimed) return;
  const contact = await findMessageContact(deps.db, tenantId, claimed.contactId);
  const channel = await findChannel(deps.db, tenantId, claimed.message.channelId);
  const adapter = channel ? adapterFor(channel.type) : undefined;
  if (!contact) return;
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
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.retryable && claimed.attempts < SEND_ATTEMPTS) throw error;
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
    await failDelivery(
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

async function failDelivery(
  deps: AppDeps,
  contact: AnnouncedContact,
  interactionId: string,
  content: Record<string, unknown>,
  code: ErrorCode,
  message: string,
  providerCode?: string,
) {
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
}

/**
 * A file of ours reaches the provider as a read URL signed for as long as that provider may
 * fetch it (issue #30 §5; the windows are in docs/decisions.md 'Files'): the stored address
 * needs a session the provider does not have. Minted at each attempt, so a retry gets a fresh one.
 */
async function withReadableMedia(
  deps: AppDeps,
  channel: Channel,
  message: OutboundMessage,
): Promise<OutboundMessage> {
  if (!message.media) return message;
  const url = await mediaReadUrl(deps, message.media.url, channel.type as ChannelTypeName);
  return { ...message, media: { ...message.media, url } };
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
