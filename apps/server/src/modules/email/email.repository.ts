import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { emailAccounts, interactions } from '@cartera/db/schema';
import { insertRow } from '../../lib/rows';

/** A user's own connected mailboxes: every query names the tenant and the owner. */

/** The owner's mailboxes, and with `id` one of them. */
function owned(tenantId: string, userId: string, id?: string) {
  return and(
    eq(emailAccounts.tenantId, tenantId),
    eq(emailAccounts.userId, userId),
    id === undefined ? undefined : eq(emailAccounts.id, id),
  );
}

export async function insertEmailAccount(db: Executor, row: typeof emailAccounts.$inferInsert) {
  return insertRow(db, emailAccounts, row);
}

/** The user's mailboxes, first connected first. */
export function findEmailAccounts(db: Executor, tenantId: string, userId: string) {
  return db
    .select()
    .from(emailAccounts)
    .where(owned(tenantId, userId))
    .orderBy(asc(emailAccounts.id));
}

export async function findEmailAccount(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(owned(tenantId, userId, id));
  return row;
}

export async function findEmailAccountByAddress(
  db: Executor,
  tenantId: string,
  userId: string,
  address: string,
) {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(owned(tenantId, userId), eq(emailAccounts.address, address)));
  return row;
}

export async function updateEmailAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
  change: Partial<Pick<typeof emailAccounts.$inferInsert, 'signature' | 'status' | 'statusReason'>>,
) {
  const [row] = await db
    .update(emailAccounts)
    .set(change)
    .where(owned(tenantId, userId, id))
    .returning();
  return row;
}

export async function deleteEmailAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
) {
  const [row] = await db
    .delete(emailAccounts)
    .where(owned(tenantId, userId, id))
    .returning();
  return row;
}

/** A mailbox by id, whoever owns it (the sync job acts for its owner). */
export async function findEmailAccountById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.id, id)));
  return row;
}

/** Every mailbox read by IMAP, of every company: what the scheduler syncs. */
export function findSyncedEmailAccounts(db: Executor) {
  return db
    .select({ tenantId: emailAccounts.tenantId, id: emailAccounts.id })
    .from(emailAccounts)
    .where(eq(emailAccounts.provider, 'imap'));
}

export async function updateEmailAccountSync(
  db: Executor,
  tenantId: string,
  id: string,
  change: Partial<
    Pick<
      typeof emailAccounts.$inferInsert,
      'syncState' | 'lastSyncedAt' | 'status' | 'statusReason'
    >
  >,
) {
  await db
    .update(emailAccounts)
    .set(change)
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.id, id)));
}

/** Which of these timeline item ids exist already. */
export async function findExistingItemIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: interactions.id })
    .from(interactions)
    .where(and(eq(interactions.tenantId, tenantId), inArray(interactions.id, ids)));
  return new Set(rows.map((row) => row.id));
}
