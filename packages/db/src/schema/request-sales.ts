import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/*
 * Request sales, 'Solicitudes' (01 §3 Request sale; 02 §3 Request, Request template, Template
 * field, Share permissions; issue #15). The template's fields and rules are stored as the shapes
 * of packages/domain/src/request-sales.ts (ZRequestField, ZStatusOption) in jsonb: the domain
 * module validates them on every write, and the rules read them whole. Ids are UUIDv7, so an id
 * orders a list and is its keyset.
 */

/** A template's status option (02 §3 statusOptions, stateslistEnabledToChange). */
export interface StoredStatusOption {
  status: string;
  title: string;
}

export const requestTemplates = pgTable(
  'request_templates',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    /** Who may interact with it; empty: every role (02 §6). */
    roles: text('roles').array().notNull().default([]),
    /** The fields (ZRequestField of the domain module). */
    body: jsonb('body').$type<Record<string, unknown>[]>().notNull().default([]),
    /** The 'Prepagos' line items' fields. */
    lineBody: jsonb('line_body').$type<Record<string, unknown>[]>().notNull().default([]),
    allowedModificationStates: text('allowed_modification_states').array().notNull().default([]),
    allowAdvisorsToChangeStatus: boolean('allow_advisors_to_change_status')
      .notNull()
      .default(false),
    statusOptions: jsonb('status_options').$type<StoredStatusOption[]>().notNull().default([]),
    stateslistEnabledToChange: jsonb('stateslist_enabled_to_change')
      .$type<StoredStatusOption[]>()
      .notNull()
      .default([]),
    isDefault: boolean('is_default').notNull().default(false),
    /** A deactivated template takes no new requests; its requests stay readable. */
    active: boolean('active').notNull().default(true),
    /** The last number given to the template's `autoincrementid` fields. */
    autoincrementCounter: bigint('autoincrement_counter', { mode: 'number' }).notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('request_templates_tenant_active_idx').on(table.tenantId, table.active, table.id),
  ],
);

export const requestSales = pgTable(
  'request_sales',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    templateId: uuid('template_id').notNull(),
    /** A plain reference: a request outlives a unified or deleted contact. */
    contactId: uuid('contact_id'),
    creatorId: uuid('creator_id').notNull(),
    /** 'Vendedor' (01 §3 agent). */
    sellerId: uuid('seller_id'),
    /** Set by the back office's audit (01 §4): the request is in audit mode. */
    auditorId: uuid('auditor_id'),
    /** The status's title as shown (a template's option or the known type's title). */
    status: text('status').notNull(),
    /** draft, new, resend, or a status of the template (packages/domain REQUEST_STATUS_TYPES). */
    statusType: text('status_type').notNull(),
    /** Field code → value, only the fields that applied when saved. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** 'Prepagos': one {code} a line. */
    lines: jsonb('lines').$type<{ code: string }[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('request_sales_tenant_contact_idx').on(table.tenantId, table.contactId, table.id),
    index('request_sales_tenant_creator_idx').on(table.tenantId, table.creatorId, table.id),
    index('request_sales_tenant_seller_idx').on(table.tenantId, table.sellerId, table.id),
    index('request_sales_tenant_template_idx').on(table.tenantId, table.templateId, table.id),
    index('request_sales_tenant_status_idx').on(table.tenantId, table.statusType, table.id),
  ],
);

/** 02 §3 Share permissions: a user's read, write or all on one request. */
export const requestSaleShares = pgTable(
  'request_sale_shares',
  {
    tenantId: tenantColumn(),
    requestId: uuid('request_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** read, write, all. */
    permission: text('permission').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.requestId, table.userId] }),
    index('request_sale_shares_tenant_user_idx').on(table.tenantId, table.userId),
  ],
);

/**
 * A request's history (01 §3 history): the comments of 'Comentarios' (kind 'comment') and the
 * status changes (kind 'state-change'), newest last by id.
 */
export const requestSaleHistory = pgTable(
  'request_sale_history',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    requestId: uuid('request_id').notNull(),
    authorId: uuid('author_id'),
    /** comment, state-change. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    /** An admin may hide a comment (02 §6); hidden ones are shown to admins only. */
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('request_sale_history_tenant_request_idx').on(
      table.tenantId,
      table.requestId,
      table.kind,
      table.id,
    ),
  ],
);

/** Up to when a user has seen a request's comments ('Marcar como visto'): the unseen counts. */
export const requestSaleSeen = pgTable(
  'request_sale_seen',
  {
    tenantId: tenantColumn(),
    requestId: uuid('request_id').notNull(),
    userId: uuid('user_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.requestId, table.userId] })],
);

export type RequestTemplateRow = typeof requestTemplates.$inferSelect;
export type RequestSaleRow = typeof requestSales.$inferSelect;
export type NewRequestSale = typeof requestSales.$inferInsert;
export type RequestSaleHistoryRow = typeof requestSaleHistory.$inferSelect;
