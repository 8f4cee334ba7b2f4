import type { Executor, Transaction } from '@cartera/db/client';
import type { Channel, Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import type { InteractiveContent, OutboundMessage } from '../../providers/adapter';
import { mediumFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction } from '../timeline/timeline-writer';
import { sendChannelMessageJob } from './channels.jobs';
import { replyAddress } from './channel-numbers';
import { insertOutboundMessage } from './channel-outbound.repository';
import {
  checkLimits,
  checkReplyWindow,
  recipientIsPhone,
  templateTextOf,
} from './channel-outbound.service';
import { findTemplates } from './channel-templates.repository';
import { lockChannel } from './channels.repository';

/*
 * What the company sends on its own (issue #42: an NPS survey; campaigns next): an approved
 * template with its quick-reply payloads, or reply buttons and lists, through the same outbox as
 * a seller's message (stored 'sending' with its delivery job in the caller's transaction,
 * channel-delivery.service.ts sends it). The caller has already decided who may send it; here
 * only the channel's rules apply: a channel that sends WhatsApp's interactive messages, connected,
 * a number for the contact, its reply window (a template outside it, nothing else) and limits.
 */

/** The channel types that send templates' quick replies, reply buttons and lists. */
export const INTERACTIVE_CHANNEL_TYPES = ['whatsapp_business', 'whatsapp_360_dialog'] as const;

/** The channel's approved template of that name and language, if there is one. */
export async function findApprovedTemplate(
  db: Executor,
  channel: { tenantId: string; id: string },
  template: { name: string; language: string },
) {
  return (await findTemplates(db, channel.tenantId, channel.id)).find(
    (each) =>
      each.name === template.name &&
      each.language === template.language &&
      each.status === 'APPROVED',
  );
}

export interface CompanyMessage {
  /** The timeline item's id (a repeated id sends nothing twice). */
  id: string;
  contact: Pick<Contact, 'id' | 'tenantId' | 'agentId' | 'phones' | 'channels'>;
  channelId: string;
  /** Who sends it: a user's action, or null for the system (a trigger, a campaign). */
  actor: AuthUser | null;
  template?: NonNullable<OutboundMessage['template']>;
  interactive?: InteractiveContent;
  /** More of the item's content (the NPS survey's `npsSurvey`). */
  extra?: Record<string, unknown>;
}

/**
 * Checks the channel's rules and stores the message with its delivery job in `tx`. Throws
 * CHANNEL_NOT_FOUND (no such channel, or one without interactive messages), CHANNEL_ERROR (not
 * connected), CONTACT_WITHOUT_PHONE_NUMBER, WHATSAPP_WINDOW_CLOSED (interactive outside the 24
 * hours) or the channel's limits. Answers the channel it went through.
 */
export async function enqueueCompanyMessage(
  tx: Transaction,
  deps: Pick<AppDeps, 'jobs'>,
  message: CompanyMessage,
): Promise<Channel> {
  const { contact } = message;
  const channel = await lockChannel(tx, contact.tenantId, message.channelId);
  if (
    !channel ||
    !(INTERACTIVE_CHANNEL_TYPES as readonly string[]).includes(channel.type) ||
    !recipientIsPhone(channel)
  ) {
    throw new DomainError('CHANNEL_NOT_FOUND');
  }
  if (channel.status !== 'available') throw new DomainError('CHANNEL_ERROR');
  if (!contact.phones.length) throw new DomainError('CONTACT_WITHOUT_PHONE_NUMBER');
  await checkReplyWindow(tx, channel, contact.id, Boolean(message.template));
  await checkLimits(tx, channel);
  const text = message.template
    ? await templateTextOf(tx, channel, message.template)
    : (message.interactive?.body ?? '');
  const to = await replyAddress(tx, channel, contact, undefined);
  const fresh = await recordInteraction(tx, message.actor, contact, {
    id: message.id,
    type: 'channelMessage',
    via: channel.type,
    status: 'sending',
    createdBySystem: message.actor === null,
    content: {
      message: {
        text,
        type: message.template ? 'template' : 'interactive',
        media: null,
        fileName: null,
        mimetype: null,
      },
      ...(message.template ? { template: message.template } : {}),
      ...(message.interactive ? { interactive: message.interactive } : {}),
      ...(to ? { to } : {}),
      ...message.extra,
      medium: mediumFor(channel.type),
      origin: 'agent',
      channelId: channel.id,
      channelName: channel.name,
      channelColor: channel.config.color ?? null,
    },
  });
  if (!fresh) return channel;
  await insertOutboundMessage(tx, {
    tenantId: contact.tenantId,
    interactionId: message.id,
    channelId: channel.id,
    contactId: contact.id,
  });
  await deps.jobs.send(
    sendChannelMessageJob,
    { tenantId: contact.tenantId, interactionId: message.id },
    { tx },
  );
  return channel;
}
