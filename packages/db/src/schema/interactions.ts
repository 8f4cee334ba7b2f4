import {
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn } from './columns';
import { contacts } from './contacts';

/**
 * One item of a contact's timeline (01 §3 Interaction, 03 §3): a note, a transfer, a take-over,
 * a message… `content` is typed per `type` in packages/domain. Ids are UUIDv7, so the id orders
 * the timeline and is its keyset.
 */
export const interactions = pgTable(
  'interactions',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    type: text('type').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** The user who made it; null for what the system did. */
    agentId: uuid('agent_id'),
    /** The channel or tool it came through (web, api, whatsapp…). */
    via: text('via'),
    createdBySystem: boolean('created_by_system').notNull().default(false),
    status: text('status'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
      name: 'interactions_contact_fk',
    }).onDelete('cascade'),
    index('interactions_tenant_contact_idx').on(table.tenantId, table.contactId, table.id),
  ],
);

/** Numbers a tenant refuses (02 §7 validate number: type blocknumber with blockReason). */
export const blockedNumbers = pgTable(
  'blocked_numbers',
  {
    tenantId: tenantColumn(),
    /** E.164. */
    phone: text('phone').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.phone] })],
);

export type Interaction = typeof interactions.$inferSelect;
export type NewInteraction = typeof interactions.$inferInsert;
