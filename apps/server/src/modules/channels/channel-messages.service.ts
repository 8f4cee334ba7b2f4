import type { Transaction } from '@cartera/db/client';
import type { Channel } from '@cartera/db/schema';
import { type ChannelContext, type DeliveryStatus } from '../../providers/adapter';
import { providerSlugFor, webhookPathFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { openSecrets } from '../../lib/secret-box';
import { visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { findContactChannelMessages } from './channel-outbound.repository';
import {
  activeUserIds,
  findChannels as findChannelsOfTenant,
  takeRoundRobinTurn,
} from './channels.repository';

/**
 * Messages through channels (01 §1, 03 §3 Channel message): what customers write arrives by
 * webhook and lands on the contact's timeline once; what sellers write is stored as 'sending'
 * with its delivery job in the same transaction (the outbox), and only the provider's answer
 * makes it 'sent'. This file holds what both sides share; the use cases are cut by seam:
 * channel-inbound.service.ts (webhooks, messages, receipts), channel-leads.service.ts (lead
 * ads), channel-outbound.service.ts (a seller's message checked and stored),
 * channel-delivery.service.ts (the outbox's jobs) and channel-media.service.ts (files).
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

export const STATUS_OF: Record<DeliveryStatus, MessageStatus> = {
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

/** Who gets a contact a channel creates: the next active user of its round robin, or nobody. */
export async function nextAgent(tx: Transaction, channel: Channel) {
  if (!channel.roundRobin.enabled) return null;
  const active = await activeUserIds(tx, channel.tenantId, channel.roundRobin.userIds);
  if (!active.length) return null;
  const turn = await takeRoundRobinTurn(tx, channel);
  return active[turn % active.length]!;
}

/** Thrown to undo the transaction of a message whose id was stored before. */
export class RepeatedMessage extends Error {}

/** A quote keeps the start of the message: enough for the bubble's two lines. */
export const QUOTE_MAX_CHARS = 280;

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
