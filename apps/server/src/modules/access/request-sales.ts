import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, requestSaleShares, requestSales } from '@cartera/db/schema';
import type { AuthUser } from '../sessions/session.types';
import { scopeCondition, type ContactScope } from './contacts.conditions';
import { oneInReach, reachOf, userInReach, type Reach } from './reach';
import { findAgentsInReach } from './sellers';
import { oneContactScope } from './contacts';

/*
 * Whose request sales a user reaches ('Solicitudes', 02 §7, 01 §4), with the requests shared
 * with them (request_sale_shares).
 *
 * | reach   | the back office's list                     | one request (also)               |
 * |---------|--------------------------------------------|----------------------------------|
 * | tenant  | every request of the company               | -                                |
 * | subtree | created or sold by them or a user of their | one on a contact they see        |
 * |         | subtree, or shared with them               | (contacts.ts)                    |
 * | own     | created or sold by them, or shared with    | one on a contact they see        |
 * |         | them                                       |                                  |
 *
 * 'Vendedor' picker: users and supervisors of the reach; none for an own reach. Every query of
 * the request_sales table composes `requestCondition` (or is listed in access.test.ts with why).
 */

/** Who reads requests: the reach, the reader (own and shared requests) and their contacts. */
export interface RequestReader {
  tenantId: string;
  userId: string;
  reach: Reach;
  /** Set for one request's reads: a request on a contact the reader sees is theirs too. */
  contactScope?: ContactScope;
}

/** The user as a reader of the back office's list (the table's first column). */
export function requestListReader(user: AuthUser): RequestReader {
  return { tenantId: user.tenantId, userId: user.id, reach: reachOf(user) };
}

/** The user as a reader of one request (both columns). */
export function requestReader(user: AuthUser): RequestReader {
  return { ...requestListReader(user), contactScope: oneContactScope(user) };
}

function sharedWith(userId: string) {
  return sql`exists (select 1 from ${requestSaleShares} where ${requestSaleShares.tenantId} = ${requestSales.tenantId}
    and ${requestSaleShares.requestId} = ${requestSales.id} and ${requestSaleShares.userId} = ${userId})`;
}

/** The condition: a request the reader reaches (the table). */
export function requestCondition(db: Executor, reader: RequestReader): SQL | undefined {
  const { tenantId, userId, reach } = reader;
  if (reach.kind === 'tenant') return undefined;
  const byUser =
    reach.kind === 'own'
      ? [eq(requestSales.creatorId, userId), eq(requestSales.sellerId, userId)]
      : [
          eq(requestSales.creatorId, userId),
          eq(requestSales.sellerId, userId),
          userInReach(requestSales.creatorId, tenantId, reach),
          userInReach(requestSales.sellerId, tenantId, reach),
        ];
  const viaContact = reader.contactScope
    ? exists(
        db
          .select({ one: sql`1` })
          .from(contacts)
          .where(
            and(
              eq(contacts.tenantId, tenantId),
              eq(contacts.id, requestSales.contactId),
              scopeCondition(db, tenantId, reader.contactScope),
            ),
          ),
      )
    : undefined;
  return or(...byUser, sharedWith(userId), viaContact);
}

/** Which of `ids` are requests the user reaches (one request's rule). */
export async function visibleRequestIds(db: Executor, user: AuthUser, ids: readonly string[]) {
  if (!ids.length) return [];
  const wanted = [...new Set(ids)];
  const rows = await db
    .select({ id: requestSales.id })
    .from(requestSales)
    .where(
      and(
        eq(requestSales.tenantId, user.tenantId),
        inArray(requestSales.id, wanted),
        requestCondition(db, requestReader(user)),
      ),
    );
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/**
 * One request the user reaches: `read` runs the caller's query with the reader it is given,
 * else REQUEST_SALE_NOT_FOUND.
 */
export function visibleRequest<T>(
  user: AuthUser,
  read: (reader: RequestReader) => Promise<T | undefined>,
) {
  return oneInReach(read(requestReader(user)), 'REQUEST_SALE_NOT_FOUND');
}

/** The sellers the user may pick as 'Vendedor' (the table's note). */
export async function requestSellerChoices(db: Executor, user: AuthUser) {
  const reach = reachOf(user);
  if (reach.kind === 'own') return [];
  return findAgentsInReach(db, user.tenantId, reach, ['user', 'super']);
}
