import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { requestSaleShares, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** A request's shares: who else sees or edits it. */

export function findShares(db: Executor, tenantId: string, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      requestId: requestSaleShares.requestId,
      userId: requestSaleShares.userId,
      permission: requestSaleShares.permission,
      name: users.name,
      lastname: users.lastname,
    })
    .from(requestSaleShares)
    .leftJoin(users, idInTenant(users, requestSaleShares.tenantId, requestSaleShares.userId))
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        inArray(requestSaleShares.requestId, requestIds),
      ),
    )
    .orderBy(asc(requestSaleShares.createdAt), asc(requestSaleShares.userId));
}

export async function upsertShare(
  db: Executor,
  values: { tenantId: string; requestId: string; userId: string; permission: string },
) {
  await db
    .insert(requestSaleShares)
    .values(values)
    .onConflictDoUpdate({
      target: [requestSaleShares.tenantId, requestSaleShares.requestId, requestSaleShares.userId],
      set: { permission: values.permission },
    });
}

export async function deleteShare(
  db: Executor,
  tenantId: string,
  requestId: string,
  userId: string,
) {
  const rows = await db
    .delete(requestSaleShares)
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        eq(requestSaleShares.requestId, requestId),
        eq(requestSaleShares.userId, userId),
      ),
    )
    .returning({ userId: requestSaleShares.userId });
  return rows.length > 0;
}

/** The user's share permission on a request, if shared with them. */
export async function shareOf(db: Executor, tenantId: string, requestId: string, userId: string) {
  const [row] = await db
    .select({ permission: requestSaleShares.permission })
    .from(requestSaleShares)
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        eq(requestSaleShares.requestId, requestId),
        eq(requestSaleShares.userId, userId),
      ),
    )
    .limit(1);
  return row?.permission ?? null;
}
