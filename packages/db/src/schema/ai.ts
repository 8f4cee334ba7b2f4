import { date, foreignKey, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { tenantColumn, updatedAtColumn } from './columns';
import { groups } from './groups';

/**
 * AI-drafted replies (issue #44 item 3): how many drafts a company may ask for each month, as
 * the platform's admins set it in 'Administración' (no row: the default of
 * packages/domain/src/ai.ts).
 */
export const aiSettings = pgTable(
  'ai_settings',
  {
    tenantId: tenantColumn().primaryKey(),
    monthlyLimit: integer('monthly_limit').notNull(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    foreignKey({
      columns: [table.tenantId, table.tenantId],
      foreignColumns: [groups.tenantId, groups.id],
      name: 'ai_settings_company_fk',
    }).onDelete('cascade'),
  ],
);

/** The drafts a company asked for in one calendar month (UTC), counted as each one starts. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    tenantId: tenantColumn(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.month] }),
    foreignKey({
      columns: [table.tenantId, table.tenantId],
      foreignColumns: [groups.tenantId, groups.id],
      name: 'ai_usage_company_fk',
    }).onDelete('cascade'),
  ],
);
