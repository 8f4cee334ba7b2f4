import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { emailAccounts, interactions } from '@cartera/db/schema';

/** Mailboxes connected through Nylas: found by their grant, whatever company they are of. */

/** The Nylas mailboxes whose grant is `grantId`. */
const ofGrant = (grantId: string) =>
  and(eq(emailAccounts.provider, 'nylas'), sql`${emailAccounts.config}->>'grantId' = ${grantId}`);

/** The mailboxes of a grant (one, unless two users connected the same mailbox). */
export function findNylasAccountsByGrant(db: Executor, grantId: string) {
  return db.select().from(emailAccounts).where(ofGrant(grantId));
}

/** A user's Nylas mailbox connected again: its new grant, connected. */
export async function updateNylasGrant(
  db: Executor,
  tenantId: string,
  id: string,
  grantId: string,
) {
  const [row] = await db
    .update(emailAccounts)
    .set({
      config: sql`${emailAccounts.config} || ${JSON.stringify({ grantId })}::jsonb`,
      status: 'connected',
      statusReason: null,
    })
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.id, id)))
    .returning();
  return row;
}

/** The grant expired or was deleted at Nylas: its mailboxes cannot send or receive. */
export async function markNylasGrantFailed(db: Executor, grantId: string, reason: string) {
  await db
    .update(emailAccounts)
    .set({ status: 'error', statusReason: reason })
    .where(ofGrant(grantId));
}

/**
 * Keeps Nylas's id of a mail on the items its mailbox brought (by Message-ID), so a reply from
 * the conversation can name it (`reply_to_message_id`).
 */
export async function tagNylasMessage(
  db: Executor,
  tenantId: string,
  accountId: string,
  messageId: string,
  nylasId: string,
) {
  await db
    .update(interactions)
    .set({
      content: sql`${interactions.content} || ${JSON.stringify({ providerMessageId: nylasId })}::jsonb`,
    })
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.type, 'email'),
        sql`${interactions.content}->>'messageId' = ${messageId}`,
        sql`${interactions.content}->>'accountId' = ${accountId}`,
        isNull(sql`${interactions.content}->>'providerMessageId'`),
      ),
    );
}

/** Nylas's id of a mail a mailbox brought, by its Message-ID (the mail a reply answers). */
export async function findNylasMessageId(
  db: Executor,
  tenantId: string,
  accountId: string,
  messageId: string,
) {
  const [row] = await db
    .select({ id: sql<string>`${interactions.content}->>'providerMessageId'` })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.type, 'email'),
        sql`${interactions.content}->>'messageId' = ${messageId}`,
        sql`${interactions.content}->>'accountId' = ${accountId}`,
        sql`${interactions.content}->>'providerMessageId' is not null`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Whether a mail Nylas has is on a timeline already (sent from the conversation). */
export async function nylasMessageStored(db: Executor, tenantId: string, nylasId: string) {
  const [row] = await db
    .select({ id: interactions.id })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.type, 'email'),
        sql`${interactions.content}->>'providerMessageId' = ${nylasId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}
