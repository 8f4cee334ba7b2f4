import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages, contacts, interactions } from '@cartera/db/schema';
import { MESSAGE_ITEM } from './channels.repository';
import { idInTenant } from '../../lib/sql';

/** What the jobs touch: an outbound message's delivery, read receipts, a downloaded file. */

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
    .where(idInTenant(interactions, tenantId, id));
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
    .where(idInTenant(contacts, tenantId, contactId));
  return row;
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
    .innerJoin(contacts, idInTenant(contacts, interactions.tenantId, interactions.contactId))
    .where(idInTenant(interactions, tenantId, interactionId))
    .for('update', { of: interactions });
  return row;
}
