import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/** An address picked from the maps service (02 §3 direction). */
export interface Direction {
  formatted_address: string;
  place_id?: string | null;
  location?: { latitude: number; longitude: number } | null;
}

/**
 * A customer's client business: the spec's "company group" (legacy companyGroup), shown under
 * a title each tenant configures. Not to be confused with `groups` (the organisation tree).
 */
export const companies = pgTable(
  'companies',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    businessName: text('business_name').notNull(),
    displayName: text('display_name').notNull().default(''),
    description: text('description').notNull().default(''),
    origin: text('origin').notNull().default('Carga manual'),
    /** RUT, CUIT, RFC… by the tenant's country; unique within a tenant when present. */
    taxCode: text('tax_code'),
    hasSectors: boolean('has_sectors').notNull().default(false),
    direction: jsonb('direction').$type<Direction | null>(),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('active'),
    /** The encargado: the user in charge of the company. */
    managerId: uuid('manager_id'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('companies_tenant_tax_code_unique')
      .on(table.tenantId, table.taxCode)
      .where(sql`${table.taxCode} is not null and ${table.taxCode} <> ''`),
    index('companies_tenant_name_idx').on(
      table.tenantId,
      sql`lower(${table.businessName})`,
      table.id,
    ),
  ],
);

export const sectors = pgTable(
  'sectors',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.companyId],
      foreignColumns: [companies.tenantId, companies.id],
      name: 'sectors_company_fk',
    }).onDelete('cascade'),
    uniqueIndex('sectors_tenant_company_name_unique').on(
      table.tenantId,
      table.companyId,
      sql`lower(${table.name})`,
    ),
  ],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type Sector = typeof sectors.$inferSelect;
