import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  channelMessages,
  channels,
  interactions,
  users,
  type Channel,
  type NewChannel,
} from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';
import { firstInTenant, insertRow } from '../../lib/rows';

/*
 * The SQL of channels, cut like their services: this file holds the channels themselves (and the
 * join every message query makes); channel-inbound.repository.ts what webhooks take in,
 * channel-outbound.repository.ts what sellers send, schedule and change,
 * channel-delivery.repository.ts what the jobs touch (sending, read receipts, downloaded
 * files), channel-templates.repository.ts WhatsApp templates, sandbox.repository.ts the
 * 'Canal de prueba'.
 */

/** A channel message's timeline item: the join every message query makes. */
export const MESSAGE_ITEM = idInTenant(
  interactions,
  channelMessages.tenantId,
  channelMessages.interactionId,
);

/** The tenant's channels that are not deleted, by name. */
export function findChannels(db: Executor, tenantId: string) {
  return db
    .select()
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), isNull(channels.deletedAt)))
    .orderBy(asc(channels.name), asc(channels.id));
}

export async function findChannel(db: Executor, tenantId: string, id: string) {
  return firstInTenant(db, channels, tenantId, eq(channels.id, id), isNull(channels.deletedAt));
}

/** Locks a channel for a send: the limits are counted with no other send of it in between. */
export async function lockChannel(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id), isNull(channels.deletedAt)))
    .for('update');
  return row;
}

/** The channel a webhook URL names, whatever its tenant (the key is unique over all). */
export async function findChannelByWebhookKey(db: Executor, webhookKey: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.webhookKey, webhookKey), isNull(channels.deletedAt)));
  return row;
}

export async function insertChannel(db: Executor, values: NewChannel) {
  return insertRow(db, channels, values);
}

export async function updateChannelRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewChannel>,
) {
  const [row] = await db
    .update(channels)
    .set(values)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id), isNull(channels.deletedAt)))
    .returning();
  return row;
}

/** Hands out the next turn of the round robin: how many contacts it had handed out before. */
export async function takeRoundRobinTurn(db: Executor, channel: Channel) {
  const [row] = await db
    .update(channels)
    .set({ roundRobinCursor: sql`${channels.roundRobinCursor} + 1` })
    .where(idInTenant(channels, channel.tenantId, channel.id))
    .returning({ cursor: channels.roundRobinCursor });
  return (row?.cursor ?? 1) - 1;
}

/** Which of these users are active members of the tenant, in the order given. */
export async function activeUserIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids), eq(users.active, true)));
  const active = new Set(rows.map((row) => row.id));
  return ids.filter((id) => active.has(id));
}

/** The tenant's channels of one type that are not deleted (the 'Formularios' count). */
export async function countChannelsOfType(db: Executor, tenantId: string, type: string) {
  const [row] = await db
    .select({ total: count() })
    .from(channels)
    .where(
      and(eq(channels.tenantId, tenantId), eq(channels.type, type), isNull(channels.deletedAt)),
    );
  return row?.total ?? 0;
}

/** A user's personal WhatsApp (the newest, if a manager made more than one). */
export async function findPersonalChannel(db: Executor, tenantId: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.tenantId, tenantId),
        eq(channels.type, 'personal_whatsapp'),
        eq(channels.ownerId, ownerId),
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(sql`${channels.createdAt} desc`)
    .limit(1);
  return row;
}
