import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { receipts } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import type { Ref } from '../../lib/sql';
import type { AuthUser } from '../sessions/session.types';
import { oneInReach, reachOf, userInReach, type Reach } from './reach';
import { findAgentsInReach } from './sellers';

/*
 * Whose sales and presales a user reaches ('Ventas', 'Reportes', the contact's sales; 01 §4, §7).
 *
 * | reach   | receipts                                  | gives sales to      | seller picker  |
 * |---------|-------------------------------------------|---------------------|----------------|
 * | tenant  | every receipt of the company              | any seller          | every seller   |
 * | subtree | those sold by a user of their subtree     | a subtree's seller  | the subtree's  |
 * | own     | those they sell                           | themself            | every seller   |
 *
 * A seller is an active user with role user (01 §6). Every query of the receipts table composes
 * `receiptCondition` or takes seller ids from sellers.ts; access.test.ts fails when one does not.
 */

/** The user's reach over receipts, for the repositories' queries. */
export const receiptReach = (user: AuthUser): Reach => reachOf(user);

/** The condition: a receipt the reach covers (by its seller). */
export function receiptCondition(tenantId: Ref, reach: Reach): SQL | undefined {
  return userInReach(receipts.sellerId, tenantId, reach);
}

/** Which of `ids` are receipts the user reaches. */
export async function visibleReceiptIds(db: Executor, user: AuthUser, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(
        eq(receipts.tenantId, user.tenantId),
        inArray(receipts.id, [...ids]),
        receiptCondition(user.tenantId, receiptReach(user)),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * One receipt the user reaches: `read` runs the caller's query with the condition it is given,
 * else RECEIPT_NOT_FOUND.
 */
export function visibleReceipt<T>(user: AuthUser, read: (reach: Reach) => Promise<T | undefined>) {
  return oneInReach(read(receiptReach(user)), 'RECEIPT_NOT_FOUND');
}

/** The back office's seller picker (01 §7 getSellers): the table's last column. */
export function receiptSellerChoices(db: Executor, user: AuthUser) {
  const reach = receiptReach(user);
  return findAgentsInReach(db, user.tenantId, reach.kind === 'own' ? { kind: 'tenant' } : reach, [
    'user',
  ]);
}

/** A seller the user may give a sale to (the table), else RECEIPT_SELLER_INVALID. */
export async function assignableReceiptSeller(db: Executor, user: AuthUser, sellerId: string) {
  const reach = receiptReach(user);
  const allowed =
    reach.kind === 'own'
      ? sellerId === user.id
      : (await findAgentsInReach(db, user.tenantId, reach, ['user'])).some(
          (seller) => seller.id === sellerId,
        );
  if (!allowed) throw new DomainError('RECEIPT_SELLER_INVALID');
}
