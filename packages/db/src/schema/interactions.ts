import { sql } from 'drizzle-orm';
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

/**
 * Quick replies (03 §3 Message template): the tenant's ('company', 'channel') and a user's own
 * ('personal', with `owner_id`). The composer applies one with '/' and Enter.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    title: text('title').notNull().default(''),
    name: text('name').notNull().default(''),
    message: text('message').notNull().default(''),
    type: text('type').notNull().default('message-text'),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    entityType: text('entity_type').notNull().default('company'),
    ownerId: uuid('owner_id'),
    files: jsonb('files')
      .$type<Array<{ url: string; fileName: string; mimetype: string }>>()
      .notNull()
      .default([]),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('message_templates_tenant_owner_idx').on(table.tenantId, table.ownerId),
  ],
);

export type Interaction = typeof interactions.$inferSelect;
export type NewInteraction = typeof interactions.$inferInsert;
