import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  channelMessages,
  channelTemplates,
  channels,
  contacts,
  interactions,
  users,
  type Channel,
  type NewChannel,
} from '@cartera/db/schema';

/** The tenant's channels that are not deleted, by name. */
/** A channel message's timeline item: the join every message query makes. */
const MESSAGE_ITEM = and(
  eq(interactions.tenantId, channelMessages.tenantId),
  eq(interactions.id, channelMessages.interactionId),
);

export function findChannels(db: Executor, tenantId: string) {
  return db
    .select()
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), isNull(channels.deletedAt)))
    .orderBy(asc(channels.name), asc(channels.id));
}

export async function findChannel(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, id), isNull(channels.deletedAt)));
  return row;
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
  const [row] = await db.insert(channels).values(values).returning();
  return row!;
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
    .where(and(eq(channels.tenantId, channel.tenantId), eq(channels.id, channel.id)))
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

/** The oldest main contact with this e-mail (any case): a lead form without a usable phone. */
export async function findContactByEmail(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`exists (select 1 from unnest(${contacts.emails}) as e where lower(e) = ${email.toLowerCase()})`,
        isNull(contacts.parentContactId),
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return row;
}

/** Whether a provider id was claimed on the channel before (a lead already taken in). */
export async function isProviderIdClaimed(db: Executor, channelId: string, providerId: string) {
  const rows = await db
    .select({ id: channelMessages.interactionId })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.channelId, channelId),
        eq(channelMessages.providerMessageId, providerId),
      ),
    )
    .limit(1);
  return rows.length > 0;
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

/** The contact whose channels hold this page-scoped id (Messenger, Instagram). */
export async function findContactByScopedId(db: Executor, tenantId: string, scopedId: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`${contacts.channels} @> ${JSON.stringify([{ config: { PSID: scopedId } }])}::jsonb`,
        isNull(contacts.parentContactId),
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return row;
}

/**
 * Claims a provider's message id for a new timeline item. Nothing is returned when the id was
 * claimed before: the unique key, not a lookup, is what makes a repeated webhook write nothing.
 */
export async function claimProviderMessage(
  db: Executor,
  values: {
    tenantId: string;
    interactionId: string;
    channelId: string;
    contactId: string;
    providerMessageId: string;
    /** The provider's time of the message: the reply window counts from it. */
    createdAt?: Date;
  },
) {
  const rows = await db
    .insert(channelMessages)
    .values({ ...values, direction: 'in' })
    .onConflictDoNothing({
      target: [channelMessages.channelId, channelMessages.providerMessageId],
      where: sql`${channelMessages.providerMessageId} is not null`,
    })
    .returning({ interactionId: channelMessages.interactionId });
  return rows.length > 0;
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

/** A channel message of the tenant: its contact and content (the legacy media path). */
export async function findChannelItem(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ contactId: interactions.contactId, content: interactions.content })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.id, id),
        eq(interactions.type, 'channelMessage'),
      ),
    );
  return row;
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

/** An inbound message's claim: its channel, contact and provider id. */
export async function findInboundClaim(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .select({
      channelId: channelMessages.channelId,
      contactId: channelMessages.contactId,
      providerMessageId: channelMessages.providerMessageId,
    })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.interactionId, interactionId),
        eq(channelMessages.direction, 'in'),
      ),
    );
  return row;
}

/** The timeline item a provider's message id belongs to (a delivery receipt). */
export async function findByProviderMessageId(
  db: Executor,
  channel: Channel,
  providerMessageId: string,
) {
  const [row] = await db
    .select({
      interactionId: channelMessages.interactionId,
      contactId: channelMessages.contactId,
      status: interactions.status,
      content: interactions.content,
      agentId: contacts.agentId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
    })
    .from(channelMessages)
    .innerJoin(interactions, MESSAGE_ITEM)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, interactions.tenantId), eq(contacts.id, interactions.contactId)),
    )
    .where(
      and(
        eq(channelMessages.tenantId, channel.tenantId),
        eq(channelMessages.channelId, channel.id),
        eq(channelMessages.providerMessageId, providerMessageId),
      ),
    )
    .for('update', { of: interactions });
  return row;
}

/**
 * The messages a channel sent to the person with this page-scoped id (any contact holding it)
 * that the provider accepted up to a moment and that are not read yet, oldest first, locked: a
 * receipt by watermark (Messenger). Bounded; the next watermark takes any rest.
 */
export function findOutboundUpTo(db: Executor, channel: Channel, scopedId: string, upTo: Date) {
  return db
    .select({
      interactionId: channelMessages.interactionId,
      contactId: channelMessages.contactId,
      status: interactions.status,
      agentId: contacts.agentId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
    })
    .from(channelMessages)
    .innerJoin(interactions, MESSAGE_ITEM)
    .innerJoin(
      contacts,
      and(
        eq(contacts.tenantId, channelMessages.tenantId),
        eq(contacts.id, channelMessages.contactId),
      ),
    )
    .where(
      and(
        eq(channelMessages.tenantId, channel.tenantId),
        eq(channelMessages.channelId, channel.id),
        eq(channelMessages.direction, 'out'),
        isNotNull(channelMessages.providerMessageId),
        lte(channelMessages.createdAt, upTo),
        inArray(interactions.status, ['sent', 'received']),
        sql`${contacts.channels} @> ${JSON.stringify([{ config: { PSID: scopedId } }])}::jsonb`,
      ),
    )
    .orderBy(asc(channelMessages.createdAt))
    .limit(500)
    .for('update', { of: interactions });
}

/** An outbound message with what its delivery needs, locked for the job that sends it. */
export async function lockOutboundMessage(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .select({
      message: channelMessages,
      status: interactions.status,
      content: interactions.content,
      contactId: interactions.contactId,
    })
    .from(channelMessages)
    .innerJoin(interactions, MESSAGE_ITEM)
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.interactionId, interactionId),
        eq(channelMessages.direction, 'out'),
      ),
    )
    .for('update', { of: channelMessages });
  return row;
}

export async function recordAttempt(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .update(channelMessages)
    .set({ attempts: sql`${channelMessages.attempts} + 1` })
    .where(
      and(eq(channelMessages.tenantId, tenantId), eq(channelMessages.interactionId, interactionId)),
    )
    .returning({ attempts: channelMessages.attempts });
  return row?.attempts ?? 0;
}

export async function setProviderMessageId(
  db: Executor,
  tenantId: string,
  interactionId: string,
  providerMessageId: string,
) {
  await db
    .update(channelMessages)
    .set({ providerMessageId })
    .where(
      and(eq(channelMessages.tenantId, tenantId), eq(channelMessages.interactionId, interactionId)),
    );
}

/** Sets a timeline item's status and content (a delivery, a failure, a downloaded file). */
export async function updateInteractionState(
  db: Executor,
  tenantId: string,
  id: string,
  values: { status?: string | null; content?: Record<string, unknown> },
) {
  await db
    .update(interactions)
    .set(values)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
}

/** The contact of an outbound message, as the sender needs it (no user scope: a job). */
export async function findMessageContact(db: Executor, tenantId: string, contactId: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      tenantId: contacts.tenantId,
      agentId: contacts.agentId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
      phones: contacts.phones,
      channels: contacts.channels,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row;
}

/** The demo seed's conversations: an agent's contacts that have a number, most recent first. */
export function findContactsWithPhone(
  db: Executor,
  tenantId: string,
  agentId: string,
  limit: number,
) {
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, phones: contacts.phones })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.agentId, agentId),
        isNull(contacts.parentContactId),
        sql`cardinality(${contacts.phones}) > 0`,
      ),
    )
    .orderBy(sql`${contacts.lastInteractionAt} desc nulls last`, asc(contacts.id))
    .limit(limit);
}

/** A channel's timeline item with what announcing its change needs, locked (a downloaded file). */
export async function lockChannelItem(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .select({
      content: interactions.content,
      contactId: interactions.contactId,
      agentId: contacts.agentId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
    })
    .from(interactions)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, interactions.tenantId), eq(contacts.id, interactions.contactId)),
    )
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, interactionId)))
    .for('update', { of: interactions });
  return row;
}

/** A channel's templates, by name and language. */
export function findTemplates(db: Executor, tenantId: string, channelId: string) {
  return db
    .select()
    .from(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), eq(channelTemplates.channelId, channelId)))
    .orderBy(asc(channelTemplates.name), asc(channelTemplates.language));
}

export async function findTemplate(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), eq(channelTemplates.id, id)));
  return row;
}

/** Writes templates as the provider reports them (matched by name and language). */
export async function upsertTemplates(
  db: Executor,
  rows: Array<typeof channelTemplates.$inferInsert>,
) {
  if (!rows.length) return;
  await db
    .insert(channelTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        channelTemplates.tenantId,
        channelTemplates.channelId,
        channelTemplates.name,
        channelTemplates.language,
      ],
      set: {
        status: sql`excluded.status`,
        category: sql`excluded.category`,
        body: sql`excluded.body`,
        components: sql`excluded.components`,
        providerTemplateId: sql`excluded.provider_template_id`,
        updatedAt: sql`now()`,
      },
    });
}

/** Removes templates of a tenant by id (those the provider no longer has). */
export async function deleteTemplateRows(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .delete(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), inArray(channelTemplates.id, ids)));
}

export async function deleteTemplateRow(db: Executor, tenantId: string, id: string) {
  await db
    .delete(channelTemplates)
    .where(and(eq(channelTemplates.tenantId, tenantId), eq(channelTemplates.id, id)));
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
