import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { emailAccounts } from '@cartera/db/schema';
import { insertRow } from '../../lib/rows';

/** A user's own connected mailboxes: every query names the tenant and the owner. */

export async function insertEmailAccount(db: Executor, row: typeof emailAccounts.$inferInsert) {
  return insertRow(db, emailAccounts, row);
}

/** The user's mailboxes, first connected first. */
export function findEmailAccounts(db: Executor, tenantId: string, userId: string) {
  return db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.userId, userId)))
    .orderBy(asc(emailAccounts.id));
}

export async function findEmailAccount(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(
      and(
        eq(emailAccounts.tenantId, tenantId),
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.id, id),
      ),
    );
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
    .where(
      and(
        eq(emailAccounts.tenantId, tenantId),
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.address, address),
      ),
    );
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
    .where(
      and(
        eq(emailAccounts.tenantId, tenantId),
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.id, id),
      ),
    )
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
    .where(
      and(
        eq(emailAccounts.tenantId, tenantId),
        eq(emailAccounts.userId, userId),
        eq(emailAccounts.id, id),
      ),
    )
    .returning();
  return row;
}
