import { and, count, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages, interactions, type Channel } from '@cartera/db/schema';
import { MESSAGE_ITEM } from './channels.repository';

/** What sellers send, schedule and change: messages written, limits, reply windows, quotes. */

/** A contact's messages through some channels, newest first (legacy GET /channels/sms/message). */
export function findContactChannelMessages(
  db: Executor,
  tenantId: string,
  contactId: string,
  channelIds: string[],
  limit: number,
) {
  return db
    .select({
      id: interactions.id,
      channelId: channelMessages.channelId,
      direction: channelMessages.direction,
      status: interactions.status,
      content: interactions.content,
      createdAt: interactions.createdAt,
    })
    .from(channelMessages)
    .innerJoin(interactions, MESSAGE_ITEM)
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.contactId, contactId),
        inArray(channelMessages.channelId, channelIds),
      ),
    )
    .orderBy(sql`${interactions.id} desc`)
    .limit(limit);
}

export async function insertOutboundMessage(
  db: Executor,
  values: { tenantId: string; interactionId: string; channelId: string; contactId: string },
) {
  await db.insert(channelMessages).values({ ...values, direction: 'out' });
}

/** Messages the channel sent since a moment (the send limits). */
export async function countSentSince(db: Executor, channel: Channel, since: Date) {
  const [row] = await db
    .select({ sent: count() })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.tenantId, channel.tenantId),
        eq(channelMessages.channelId, channel.id),
        eq(channelMessages.direction, 'out'),
        gte(channelMessages.createdAt, since),
      ),
    );
  return row?.sent ?? 0;
}

/** When a contact last wrote through a channel (its reply window), or null. */
export async function lastInboundAt(
  db: Executor,
  tenantId: string,
  contactId: string,
  channelId: string,
) {
  const [row] = await db
    .select({ at: max(channelMessages.createdAt) })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.contactId, contactId),
        eq(channelMessages.channelId, channelId),
        eq(channelMessages.direction, 'in'),
      ),
    );
  return row?.at ?? null;
}

/**
 * Marks read the newest message the customer sent through each channel that has a provider id,
 * unless it is already: answers the items marked (one per channel at most). Messages of one
 * provider second (its timestamps have no more) are told apart by their arrival (the v7 id).
 */
export async function markNewestInboundRead(db: Executor, tenantId: string, contactId: string) {
  const result = await db.execute(sql`
    update ${interactions} i set status = 'read'
    from (
      select distinct on (m.channel_id) m.interaction_id
      from ${channelMessages} m
      where m.tenant_id = ${tenantId} and m.contact_id = ${contactId}
        and m.direction = 'in' and m.provider_message_id is not null
      order by m.channel_id, m.created_at desc, m.interaction_id desc
    ) newest
    where i.tenant_id = ${tenantId} and i.id = newest.interaction_id and i.status is null
    returning i.id`);
  return (result as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/**
 * A channel message of the contact, either way, with the provider's id of it (null while an
 * outbound one waits to be accepted): what a reply quotes.
 */
export async function findQuotableMessage(
  db: Executor,
  tenantId: string,
  contactId: string,
  interactionId: string,
) {
  const [row] = await db
    .select({
      content: interactions.content,
      channelId: channelMessages.channelId,
      providerMessageId: channelMessages.providerMessageId,
    })
    .from(interactions)
    .innerJoin(channelMessages, MESSAGE_ITEM)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        eq(interactions.id, interactionId),
        eq(interactions.type, 'channelMessage'),
      ),
    );
  return row;
}

/**
 * A message the company sent with what changing it needs: its timeline row and the provider's
 * id of it (03 §6 edit and delete); `lock` takes the row for the transaction's change.
 */
export async function findSentMessage(
  db: Executor,
  tenantId: string,
  interactionId: string,
  lock = false,
) {
  const query = db
    .select({
      contactId: interactions.contactId,
      content: interactions.content,
      status: interactions.status,
      via: interactions.via,
      agentId: interactions.agentId,
      createdAt: interactions.createdAt,
      channelId: channelMessages.channelId,
      providerMessageId: channelMessages.providerMessageId,
    })
    .from(interactions)
    .innerJoin(
      channelMessages,
      and(
        eq(channelMessages.tenantId, interactions.tenantId),
        eq(channelMessages.interactionId, interactions.id),
        eq(channelMessages.direction, 'out'),
      ),
    )
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.id, interactionId),
        eq(interactions.type, 'channelMessage'),
      ),
    );
  const [row] = lock ? await query.for('update', { of: interactions }) : await query;
  return row;
}

/** A scheduled message's timeline item, locked for the change of its status. */
export async function lockScheduledItem(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.id, interactionId),
        eq(interactions.type, 'scheduled-message'),
      ),
    )
    .for('update');
  return row;
}
