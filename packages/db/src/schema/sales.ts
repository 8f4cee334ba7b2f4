import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/** One product line of a sale (01 §3 productLines; 03 §3 Sale content). */
export interface StoredProductLine {
  name: string;
  code?: string | undefined;
  category?: string | undefined;
  quantity: number;
  value: number;
  productImage?: string | undefined;
  additionalData?: Record<string, unknown> | undefined;
}

/**
 * Sales and presales (01 §3 Sale / receipt and presale, the extended sale; issue #14): one store
 * for both, told apart by `kind`. Ids are UUIDv7, so the id orders the back office's list and is
 * its keyset. `contact_id` and `seller_id` are plain references: a sale outlives a unified or
 * deleted contact and a deactivated seller (its history is the company's books).
 */
export const receipts = pgTable(
  'receipts',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    /** 'receipt' (a sale) or 'presale'. */
    kind: text('kind').notNull().default('receipt'),
    ticketId: text('ticket_id').notNull(),
    ticketSaleId: text('ticket_sale_id'),
    /** 'Fecha de ingreso': the day the sale was entered. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    /** 'Fecha de venta': required once sold. */
    saleDate: date('sale_date', { mode: 'string' }),
    /** As typed; `phone_digits` is what the search matches. */
    phone: text('phone').notNull(),
    phoneDigits: text('phone_digits').notNull(),
    name: text('name').notNull(),
    /** The name folded as contacts' search_text is (packages/domain/src/search.ts). */
    nameFolded: text('name_folded').notNull(),
    govId: text('gov_id'),
    product: text('product'),
    value: numeric('value', { precision: 16, scale: 2, mode: 'number' }),
    productImage: text('product_image'),
    type: text('type'),
    city: text('city'),
    clientId: text('client_id'),
    /** 'simple' or 'multiline'. */
    saleStructureType: text('sale_structure_type').notNull().default('simple'),
    productLines: jsonb('product_lines').$type<StoredProductLine[]>().notNull().default([]),
    /** new, pending, sold, canceled (packages/domain/src/sales.ts). */
    status: text('status').notNull(),
    /** Why it was canceled; null when canceled without a reason ('Sin razón especificada'). */
    cancelReason: text('cancel_reason'),
    canceledAt: timestampOrNull('canceled_at'),
    /** The seller cannot be changed (01 §3 user_lock). */
    userLock: boolean('user_lock').notNull().default(false),
    contactId: uuid('contact_id'),
    sellerId: uuid('seller_id'),
    createdBy: uuid('created_by'),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('receipts_tenant_kind_idx').on(table.tenantId, table.kind, table.id),
    index('receipts_tenant_seller_idx').on(table.tenantId, table.sellerId, table.id),
    index('receipts_tenant_contact_idx').on(table.tenantId, table.contactId, table.id),
    index('receipts_tenant_ticket_idx').on(table.tenantId, table.ticketId),
    // By hand in migration 0021 (drizzle-kit declares no expression index): the function
    // receipt_total(product_lines, value) and receipts_tenant_total_idx (tenant_id, kind, total,
    // id) for the back office's sort by total.
    // The dashboard's sales (issue #16): sold receipts of some sellers over some days.
    index('receipts_tenant_sold_idx')
      .on(table.tenantId, table.sellerId, table.saleDate)
      .where(sql`${table.kind} = 'receipt' and ${table.status} = 'sold'`),
    // Phones are searched by any part of their digits (a local number inside an E.164 one).
    index('receipts_tenant_phone_idx').using(
      'gin',
      table.tenantId,
      table.phoneDigits.op('gin_trgm_ops'),
    ),
    index('receipts_tenant_name_idx').using(
      'gin',
      table.tenantId,
      table.nameFolded.op('gin_trgm_ops'),
    ),
  ],
);

function timestampOrNull(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

export type Receipt = typeof receipts.$inferSelect;
export type NewReceipt = typeof receipts.$inferInsert;
