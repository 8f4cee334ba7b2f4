import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, receipts, users, type NewReceipt, type Receipt } from '@cartera/db/schema';
import { likePattern } from '../../lib/sql';

/*
 * The SQL of sales and presales (modules/receipts). Every query takes the tenant first and the
 * caller's receipt scope: the whole company, the sellers of a group's subtree, or one seller.
 */

export type ReceiptScope =
  { kind: 'tenant' } | { kind: 'subtree'; groupId: string } | { kind: 'own'; userId: string };

export function scopeCondition(tenantId: string, scope: ReceiptScope): SQL | undefined {
  if (scope.kind === 'tenant') return undefined;
  if (scope.kind === 'own') return eq(receipts.sellerId, scope.userId);
  return inArray(
    receipts.sellerId,
    sql`(select ${users.id} from ${users} join ${groups} on ${groups.tenantId} = ${users.tenantId} and ${groups.id} = ${users.groupId}
      where ${users.tenantId} = ${tenantId} and (${groups.id} = ${scope.groupId} or ${scope.groupId}::uuid = any(${groups.ancestors})))`,
  );
}

const receiptColumns = {
  receipt: receipts,
  sellerName: users.name,
  sellerLastname: users.lastname,
};

function withSeller(db: Executor) {
  return db
    .select(receiptColumns)
    .from(receipts)
    .leftJoin(users, and(eq(users.tenantId, receipts.tenantId), eq(users.id, receipts.sellerId)));
}

export type ReceiptRow = Awaited<ReturnType<typeof findReceipt>> & object;

export async function findReceipt(
  db: Executor,
  tenantId: string,
  id: string,
  scope: ReceiptScope,
  options: { forUpdate?: boolean } = {},
) {
  const query = withSeller(db)
    .where(
      and(eq(receipts.tenantId, tenantId), eq(receipts.id, id), scopeCondition(tenantId, scope)),
    )
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update', { of: receipts }) : query);
  return row;
}

export interface ReceiptFilters {
  kind: string;
  search?: { digits: string | null; text: string; folded: string } | undefined;
  statuses?: string[] | undefined;
  sellerId?: string | undefined;
  contactId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | null | undefined;
  limit: number;
}

/** A page of the list, newest first: `limit + 1` rows after the cursor (lib/pagination.ts). */
export function findReceipts(
  db: Executor,
  tenantId: string,
  scope: ReceiptScope,
  filters: ReceiptFilters,
) {
  const conditions: Array<SQL | undefined> = [
    eq(receipts.tenantId, tenantId),
    eq(receipts.kind, filters.kind),
    scopeCondition(tenantId, scope),
  ];
  if (filters.search) {
    const { digits, text, folded } = filters.search;
    const prefix = `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      or(
        digits ? sql`${receipts.phoneDigits} like ${likePattern(digits)}` : undefined,
        sql`${receipts.ticketId} like ${prefix}`,
        sql`${receipts.ticketSaleId} like ${prefix}`,
        sql`${receipts.nameFolded} like ${likePattern(folded)}`,
      ),
    );
  }
  if (filters.statuses?.length) conditions.push(inArray(receipts.status, filters.statuses));
  if (filters.sellerId) conditions.push(eq(receipts.sellerId, filters.sellerId));
  if (filters.contactId) conditions.push(eq(receipts.contactId, filters.contactId));
  if (filters.from) conditions.push(gte(receipts.entryDate, filters.from));
  if (filters.to) conditions.push(lte(receipts.entryDate, filters.to));
  if (filters.cursor) conditions.push(lt(receipts.id, filters.cursor));
  return withSeller(db)
    .where(and(...conditions))
    .orderBy(desc(receipts.id))
    .limit(filters.limit + 1);
}

/** Inserts a receipt unless one with its id exists (a retried create); answers the stored row. */
export async function insertReceipt(db: Executor, values: NewReceipt & { id: string }) {
  const [row] = await db
    .insert(receipts)
    .values(values)
    .onConflictDoNothing({ target: [receipts.tenantId, receipts.id] })
    .returning({ id: receipts.id });
  return row !== undefined;
}

export async function updateReceipt(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Partial<Omit<Receipt, 'tenantId' | 'id'>>,
) {
  await db
    .update(receipts)
    .set(patch)
    .where(and(eq(receipts.tenantId, tenantId), eq(receipts.id, id)));
}
