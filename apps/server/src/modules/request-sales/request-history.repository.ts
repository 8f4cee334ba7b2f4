import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import { requestSaleHistory, requestSaleSeen, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';
import { insertOnce } from '../../lib/rows';

/** A request's history (status changes and comments), its users' seen marks and unseen counts. */

const author = alias(users, 'author');

export async function insertHistory(
  db: Executor,
  values: {
    tenantId: string;
    id: string;
    requestId: string;
    authorId: string;
    kind: 'comment' | 'state-change';
    text: string;
  },
) {
  return insertOnce(db, requestSaleHistory, values);
}

function commentConditions(
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean },
) {
  return [
    eq(requestSaleHistory.tenantId, tenantId),
    eq(requestSaleHistory.requestId, requestId),
    eq(requestSaleHistory.kind, 'comment'),
    options.includeHidden ? undefined : eq(requestSaleHistory.visible, true),
  ];
}

/** A page of a request's comments, newest first, keyset on the id: `limit + 1` rows. */
export function findComments(
  db: Executor,
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean; cursor?: string | undefined; limit: number },
) {
  return db
    .select({
      comment: requestSaleHistory,
      authorName: author.name,
      authorLastname: author.lastname,
    })
    .from(requestSaleHistory)
    .leftJoin(author, idInTenant(author, requestSaleHistory.tenantId, requestSaleHistory.authorId))
    .where(
      and(
        ...commentConditions(tenantId, requestId, options),
        options.cursor ? lt(requestSaleHistory.id, options.cursor) : undefined,
      ),
    )
    .orderBy(desc(requestSaleHistory.id))
    .limit(options.limit + 1);
}

export async function countComments(
  db: Executor,
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean },
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(requestSaleHistory)
    .where(and(...commentConditions(tenantId, requestId, options)));
  return row?.count ?? 0;
}

export async function findComment(db: Executor, tenantId: string, requestId: string, id: string) {
  const [row] = await db
    .select()
    .from(requestSaleHistory)
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        eq(requestSaleHistory.requestId, requestId),
        eq(requestSaleHistory.id, id),
        eq(requestSaleHistory.kind, 'comment'),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteComment(db: Executor, tenantId: string, id: string) {
  await db.delete(requestSaleHistory).where(idInTenant(requestSaleHistory, tenantId, id));
}

export async function setCommentVisible(
  db: Executor,
  tenantId: string,
  id: string,
  visible: boolean,
) {
  await db
    .update(requestSaleHistory)
    .set({ visible })
    .where(idInTenant(requestSaleHistory, tenantId, id));
}

// ---------------------------------------------------------------------------------------------
// Seen marks and unseen counts.

export async function markSeen(
  db: Executor,
  tenantId: string,
  requestId: string,
  userId: string,
  seenAt: Date,
) {
  await db
    .insert(requestSaleSeen)
    .values({ tenantId, requestId, userId, seenAt })
    .onConflictDoUpdate({
      target: [requestSaleSeen.tenantId, requestSaleSeen.requestId, requestSaleSeen.userId],
      set: { seenAt },
    });
}

/**
 * For each request, the visible comments others wrote after the user last marked it seen (all
 * of them when never).
 */
export async function unseenCounts(
  db: Executor,
  tenantId: string,
  userId: string,
  requestIds: string[],
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({
      requestId: requestSaleHistory.requestId,
      count: sql<number>`count(*)::int`,
    })
    .from(requestSaleHistory)
    .leftJoin(
      requestSaleSeen,
      and(
        eq(requestSaleSeen.tenantId, requestSaleHistory.tenantId),
        eq(requestSaleSeen.requestId, requestSaleHistory.requestId),
        eq(requestSaleSeen.userId, userId),
      ),
    )
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        inArray(requestSaleHistory.requestId, requestIds),
        eq(requestSaleHistory.kind, 'comment'),
        eq(requestSaleHistory.visible, true),
        sql`${requestSaleHistory.authorId} is distinct from ${userId}::uuid`,
        sql`(${requestSaleSeen.seenAt} is null or ${requestSaleHistory.createdAt} > ${requestSaleSeen.seenAt})`,
      ),
    )
    .groupBy(requestSaleHistory.requestId);
  return new Map(rows.map((row) => [row.requestId, row.count]));
}

/** How many comments each request holds (visible ones, or all for admins). */
export async function commentCounts(
  db: Executor,
  tenantId: string,
  requestIds: string[],
  options: { includeHidden: boolean },
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ requestId: requestSaleHistory.requestId, count: sql<number>`count(*)::int` })
    .from(requestSaleHistory)
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        inArray(requestSaleHistory.requestId, requestIds),
        eq(requestSaleHistory.kind, 'comment'),
        options.includeHidden ? undefined : eq(requestSaleHistory.visible, true),
      ),
    )
    .groupBy(requestSaleHistory.requestId);
  return new Map(rows.map((row) => [row.requestId, row.count]));
}
