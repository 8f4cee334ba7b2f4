import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages, contacts, interactions, type Channel } from '@cartera/db/schema';
import { MESSAGE_ITEM } from './channels.repository';

/** What webhooks take in: a message's claim, its sender's contact, receipts' messages. */

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

/** A sent message a receipt moves: its item's status and its contact's holder and reservation. */
const RECEIPT_ROW = {
  interactionId: channelMessages.interactionId,
  contactId: channelMessages.contactId,
  status: interactions.status,
  agentId: contacts.agentId,
  reservedBy: contacts.reservedBy,
  reservedUntil: contacts.reservedUntil,
};

/** The timeline item a provider's message id belongs to (a delivery receipt). */
export async function findByProviderMessageId(
  db: Executor,
  channel: Channel,
  providerMessageId: string,
) {
  const [row] = await db
    .select({ ...RECEIPT_ROW, content: interactions.content })
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
    .select(RECEIPT_ROW)
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
