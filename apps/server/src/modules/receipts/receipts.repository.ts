import { and, asc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import { contacts, receipts, users, type NewReceipt, type Receipt } from '@cartera/db/schema';
import { RECEIPT_STATUSES, type ReceiptSort, type SortOrder } from '@cartera/domain/sales';
import { likePattern, idInTenant } from '../../lib/sql';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';
import type { Reach } from '../access/reach';
import { receiptCondition } from '../access/receipts';
import { reachedSellersCondition, type ReachedSellerIds } from '../access/sellers';
import { insertOnce } from '../../lib/rows';

/*
 * The SQL of sales and presales (modules/receipts). Every query takes the tenant first and the
 * caller's reach (modules/access receipts.ts: the whole company, the sellers of a group's
 * subtree, or one seller) and composes `receiptCondition`.
 */

const receiptColumns = {
  receipt: receipts,
  sellerName: users.name,
  sellerLastname: users.lastname,
};

function withSeller(db: Executor) {
  return db
    .select(receiptColumns)
    .from(receipts)
    .leftJoin(users, idInTenant(users, receipts.tenantId, receipts.sellerId));
}

export type ReceiptRow = Awaited<ReturnType<typeof findReceipt>> & object;

export async function findReceipt(
  db: Executor,
  tenantId: string,
  id: string,
  scope: Reach,
  options: { forUpdate?: boolean } = {},
) {
  const query = withSeller(db)
    .where(
      and(eq(receipts.tenantId, tenantId), eq(receipts.id, id), receiptCondition(tenantId, scope)),
    )
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update', { of: receipts }) : query);
  return row;
}

export interface ReceiptFilters {
  kind: string;
  search?: { digits: string | null; text: string; folded: string } | undefined;
  /** Only the phone's digits (GET /phonesearch), not the ticket or the name. */
  phoneDigits?: string | undefined;
  statuses?: string[] | undefined;
  sellerId?: string | undefined;
  contactId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Which date `from` and `to` read (entry by default). */
  dates?: 'entry' | 'sale' | undefined;
}

export interface ReceiptOrder {
  sort: ReceiptSort;
  order: SortOrder;
}

/** Where a page starts: after the row with this sort key (as text) and id. */
export interface ReceiptCursor {
  key: string | null;
  id: string;
}

function filterConditions(tenantId: string, scope: Reach, filters: ReceiptFilters) {
  const conditions: Array<SQL | undefined> = [
    eq(receipts.tenantId, tenantId),
    eq(receipts.kind, filters.kind),
    receiptCondition(tenantId, scope),
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
  if (filters.phoneDigits) {
    conditions.push(sql`${receipts.phoneDigits} like ${likePattern(filters.phoneDigits)}`);
  }
  if (filters.statuses?.length) conditions.push(inArray(receipts.status, filters.statuses));
  if (filters.sellerId) conditions.push(eq(receipts.sellerId, filters.sellerId));
  if (filters.contactId) conditions.push(eq(receipts.contactId, filters.contactId));
  const dated = filters.dates === 'sale' ? receipts.saleDate : receipts.entryDate;
  if (filters.from) conditions.push(gte(dated, filters.from));
  if (filters.to) conditions.push(lte(dated, filters.to));
  return conditions;
}

/**
 * Each sort's key as one non-null SQL value and its type (for the cursor's parameter): a sale
 * without a sale date sorts as the earliest, the total is 03 §9's (Σ value × quantity of the
 * lines, else the value), the seller by name and last name, the status in RECEIPT_STATUSES order.
 */
const SORT_KEYS: Record<Exclude<ReceiptSort, 'created'>, { key: SQL; type: SQL }> = {
  entryDate: { key: sql`${receipts.entryDate}`, type: sql`date` },
  saleDate: { key: sql`coalesce(${receipts.saleDate}, '0001-01-01'::date)`, type: sql`date` },
  // receipt_total() and its index receipts_tenant_total_idx: migration 0021.
  total: {
    key: sql`receipt_total(${receipts.productLines}, ${receipts.value})`,
    type: sql`numeric`,
  },
  seller: {
    key: sql`lower(coalesce(${users.name} || ' ' || ${users.lastname}, ''))`,
    type: sql`text`,
  },
  status: {
    key: sql`coalesce(array_position(array[${sql.join(
      RECEIPT_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}]::text[], ${receipts.status}), 0)`,
    type: sql`integer`,
  },
};

/**
 * A page of the list in the chosen order: `limit + 1` rows after the cursor (lib/pagination.ts),
 * each with its sort key as text for the next cursor. Keyset on (key, id); OFFSET only for the
 * spec's `skip` of GET /api/receipt (a first page of a legacy client).
 */
function receiptPage<Fields extends SelectedFields>(
  db: Executor,
  fields: Fields,
  ...[tenantId, scope, filters, order, page]: PageArgs
) {
  const conditions = filterConditions(tenantId, scope, filters);
  const direction = order.order === 'asc' ? sql`asc` : sql`desc`;
  const after = order.order === 'asc' ? sql`>` : sql`<`;
  const sortKey = order.sort === 'created' ? undefined : SORT_KEYS[order.sort];
  const { cursor } = page;
  if (cursor) {
    conditions.push(
      sortKey
        ? sql`(${sortKey.key}, ${receipts.id}) ${after} (${cursor.key}::${sortKey.type}, ${cursor.id}::uuid)`
        : sql`${receipts.id} ${after} ${cursor.id}::uuid`,
    );
  }
  return db
    .select({
      ...fields,
      sortKey: sortKey ? sql<string>`(${sortKey.key})::text` : sql<null>`null`,
    })
    .from(receipts)
    .leftJoin(users, idInTenant(users, receipts.tenantId, receipts.sellerId))
    .where(and(...conditions))
    .orderBy(
      ...(sortKey ? [sql`${sortKey.key} ${direction}`] : []),
      sql`${receipts.id} ${direction}`,
    )
    .limit(page.limit + 1)
    .offset(page.skip ?? 0);
}

/** What every page read takes after the executor: tenant, scope, filters, order, the page. */
type PageArgs = [
  tenantId: string,
  scope: Reach,
  filters: ReceiptFilters,
  order: ReceiptOrder,
  page: { cursor?: ReceiptCursor | undefined; limit: number; skip?: number | undefined },
];

export const findReceipts = (db: Executor, ...args: PageArgs) =>
  receiptPage(db, receiptColumns, ...args);

/**
 * What a row of the Excel export shows, computed by the database: the product (or the lines'
 * names), the total (receipt_total, rounded as saleTotal rounds), the seller's name. Only these
 * columns cross to Node, as plain values: an export reads 200,000 rows and each batch of whole
 * receipts (every column, JSON parsed, dates) was what filled the server's heap (bench:sales).
 */
const SHEET_COLUMNS = {
  id: receipts.id,
  ticketId: receipts.ticketId,
  ticketSaleId: receipts.ticketSaleId,
  entryDate: receipts.entryDate,
  saleDate: receipts.saleDate,
  phone: receipts.phone,
  name: receipts.name,
  govId: receipts.govId,
  product: sql<string>`coalesce(${receipts.product}, (select coalesce(string_agg("line"->>'name', ', '), '') from jsonb_array_elements(${receipts.productLines}) as "line"))`,
  total: sql<number>`round(receipt_total(${receipts.productLines}, ${receipts.value}), 2)::float8`,
  status: receipts.status,
  cancelReason: receipts.cancelReason,
  seller: sql<
    string | null
  >`case when ${receipts.sellerId} is null then null else trim(coalesce(${users.name}, '') || ' ' || coalesce(${users.lastname}, '')) end`,
};

export type ReceiptSheetRow = Awaited<ReturnType<typeof findSheetRows>>[number];

/** A page of the export's rows, in the list's order and filters (receiptPage). */
export const findSheetRows = (db: Executor, ...args: PageArgs) =>
  receiptPage(db, SHEET_COLUMNS, ...args);

/** How many receipts the filters hold (the Excel export's row count). */
export async function countReceipts(
  db: Executor,
  tenantId: string,
  scope: Reach,
  filters: ReceiptFilters,
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(receipts)
    .where(and(...filterConditions(tenantId, scope, filters)));
  return row?.count ?? 0;
}

/** The contacts the user sees holding this number (E.164), main conversations first. */
export function findContactsByPhone(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  phone: string,
) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      agentId: contacts.agentId,
      parentContactId: contacts.parentContactId,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`${contacts.phones} @> array[${phone}]::text[]`,
        scopeCondition(db, tenantId, scope),
      ),
    )
    .orderBy(
      sql`${contacts.parentContactId} is not null`,
      asc(contacts.createdAt),
      asc(contacts.id),
    )
    .limit(10);
}

/** Inserts a receipt unless one with its id exists (a retried create); answers the stored row. */
export async function insertReceipt(db: Executor, values: NewReceipt & { id: string }) {
  return insertOnce(db, receipts, values);
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
    .where(idInTenant(receipts, tenantId, id));
}

/**
 * Sold receipts (not presales) of some sellers per seller and sale date over some days: the
 * dashboard's sales (issue #16), read on the partial index `receipts_tenant_sold_idx`.
 */
export async function countSoldBySellerDay(
  db: Executor,
  tenantId: string,
  sellerIds: ReachedSellerIds,
  from: string,
  to: string,
) {
  if (!sellerIds.length) return [];
  return db
    .select({
      userId: sql<string>`${receipts.sellerId}`,
      day: sql<string>`${receipts.saleDate}::text`,
      value: sql<number>`count(*)::int`,
    })
    .from(receipts)
    .where(
      and(
        eq(receipts.tenantId, tenantId),
        reachedSellersCondition(receipts.sellerId, sellerIds),
        gte(receipts.saleDate, from),
        lte(receipts.saleDate, to),
        sql`${receipts.kind} = 'receipt' and ${receipts.status} = 'sold'`,
      ),
    )
    .groupBy(receipts.sellerId, receipts.saleDate);
}
