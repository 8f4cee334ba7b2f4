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
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { ZClientItemId } from '@cartera/domain/ids';
import { chatMessageOf, INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { samePhone } from '@cartera/domain/phone-match';
import { adapterFor, mediumFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { sharesPortfolioOf, visibleContact } from '../access/contacts';
import { checkFileForRecord } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction, type AnnouncedContact } from '../timeline/timeline-writer';
import { markChannelReadJob, sendChannelMessageJob } from './channels.jobs';
import { replyAddress } from './channel-numbers';
import {
  countSentSince,
  findQuotableMessage,
  lastInboundAt,
  markNewestInboundRead,
  insertOutboundMessage,
} from './channel-outbound.repository';
import { findTemplates } from './channel-templates.repository';
import { findChannel, lockChannel } from './channels.repository';
import { QUOTE_MAX_CHARS } from './channel-messages.service';
import { mediaKindOf } from './channel-media.service';

/**
 * What sellers write (01 §1, 03 §3 Channel message): checked (the contact, the channel, its
 * reply window and limits), then stored as 'sending' with its delivery job in the same
 * transaction (the outbox); channel-delivery.service.ts sends it.
 */

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
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { text: [es.validation.required] } });
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

/** The channel types that send an approved WhatsApp template to any contact (campaigns). */
const TEMPLATE_CHANNEL_TYPES: ReadonlySet<string> = new Set([
  'whatsapp_business',
  'whatsapp_360_dialog',
]);

/**
 * A channel of the tenant that sends approved WhatsApp templates, with its approved templates
 * (a campaign's channel, issue #42 item 2); undefined when there is no such channel.
 */
export async function templateChannel(db: Executor, tenantId: string, channelId: string) {
  const channel = await findChannel(db, tenantId, channelId);
  if (!channel || !TEMPLATE_CHANNEL_TYPES.has(channel.type) || !adapterFor(channel.type)) {
    return undefined;
  }
  const templates = (await findTemplates(db, tenantId, channelId)).filter(
    (each) => each.status === 'APPROVED',
  );
  return { channel, templates };
}

/**
 * A campaign's template message to one contact, stored as 'sending' by the system (no author)
 * without its outbox job: the campaign's sender delivers it itself, once (issue #42 item 2,
 * `deliverMessage` with `retry: false`). Answers false when the id was stored already.
 */
export async function storeCampaignMessage(
  tx: Transaction,
  channel: Channel,
  contact: AnnouncedContact,
  message: {
    id: string;
    to: string;
    template: { name: string; language: string; parameters: string[] };
    campaign: { id: string; name: string };
  },
) {
  const text = await templateTextOf(tx, channel, message.template);
  const fresh = await recordInteraction(tx, null, contact, {
    id: message.id,
    type: 'channelMessage',
    via: channel.type,
    status: 'sending',
    createdBySystem: true,
    content: {
      message: { text, type: 'template', media: null, fileName: null, mimetype: null },
      template: message.template,
      to: message.to,
      campaign: message.campaign,
      medium: mediumFor(channel.type),
      origin: 'agent',
      channelId: channel.id,
      channelName: channel.name,
      channelColor: channel.config.color ?? null,
    },
  });
  if (!fresh) return false;
  await insertOutboundMessage(tx, {
    tenantId: channel.tenantId,
    interactionId: message.id,
    channelId: channel.id,
    contactId: contact.id,
  });
  return true;
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
export async function checkReplyWindow(
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
export async function templateTextOf(
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

export async function checkLimits(tx: Executor, channel: Channel) {
  const now = Date.now();
  const { perHour, perDay } = channel.limits;
  if (perHour && (await countSentSince(tx, channel, new Date(now - 3_600_000))) >= perHour) {
    throw new DomainError('MESSAGE_LIMIT_EXCEEDED');
  }
  if (perDay && (await countSentSince(tx, channel, new Date(now - 86_400_000))) >= perDay) {
    throw new DomainError('MAXIMUN_MESSAGE_EXCEEDED');
  }
}
