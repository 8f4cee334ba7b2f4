import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/** Feature flags of a group, each 1 or 0 (01 §3, §4). Unknown keys are kept for later areas. */
export type FeatureFlags = Record<string, 0 | 1>;

/**
 * The organisation tree. A root group (parent_id null) is one customer of Cartera: a tenant, and
 * its tenant_id equals its own id. Children are teams. `ancestors` lists the ids from the root
 * down to the parent, so a subtree is `tenant_id = $1 AND $2 = ANY(ancestors)`.
 */
export const groups = pgTable(
  'groups',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    parentId: uuid('parent_id'),
    ancestors: uuid('ancestors')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    name: text('name').notNull(),
    displayName: text('display_name'),
    logo: text('logo'),
    country: char('country', { length: 2 }).notNull().default('uy'),
    active: boolean('active').notNull().default(true),
    accountManager: uuid('account_manager'),
    featureFlags: jsonb('feature_flags').$type<FeatureFlags>().notNull().default({}),
    /** Per-area configuration (sale, crm, goals…), each area owns its key. */
    configs: jsonb('configs').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.parentId],
      foreignColumns: [table.tenantId, table.id],
      name: 'groups_parent_fk',
    }),
    index('groups_tenant_parent_idx').on(table.tenantId, table.parentId),
  ],
);

export type Group = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
