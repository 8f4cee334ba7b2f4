import { foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { companies, sectors } from './companies';

/**
 * A person the sales team talks to. Issue #4 brings the core columns companies need (name,
 * agent, custom values); the contact issue (#5) brings the rest of 02 §3.
 */
export const contacts = pgTable(
  'contacts',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** The seller who owns the contact. */
    agentId: uuid('agent_id'),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('contacts_tenant_agent_idx').on(table.tenantId, table.agentId),
  ],
);

/** A contact's place in a company: which sector and with what role (02 §3 affiliatedCompanyGroup). */
export const companyContacts = pgTable(
  'company_contacts',
  {
    tenantId: tenantColumn(),
    companyId: uuid('company_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    sectorId: uuid('sector_id'),
    role: text('role').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.companyId, table.contactId] }),
    foreignKey({
      columns: [table.tenantId, table.companyId],
      foreignColumns: [companies.tenantId, companies.id],
      name: 'company_contacts_company_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
      name: 'company_contacts_contact_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.sectorId],
      foreignColumns: [sectors.tenantId, sectors.id],
      name: 'company_contacts_sector_fk',
    }),
    index('company_contacts_tenant_contact_idx').on(table.tenantId, table.contactId),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type CompanyContact = typeof companyContacts.$inferSelect;
