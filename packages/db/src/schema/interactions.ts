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

/** One suggested reminder of an interaction (03 §3). `reminderDate` is ISO 8601. */
export interface InteractionSuggestion {
  content: { reminderDate: string };
  done: boolean;
  removed: boolean;
}

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
    /**
     * Reminder dates the server suggests from the item (03 §3 Interaction `suggestions`): each
     * `{content: {reminderDate}, done, removed}`; the timeline hides done, removed and past ones.
     */
    suggestions: jsonb('suggestions').$type<InteractionSuggestion[]>().notNull().default([]),
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
    /** The admin who restricted it ('Mi Empresa' › 'Números restringidos'); null for seeds. */
    createdBy: uuid('created_by'),
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
    /** An e-mail template's subject (type 'email', 03 §3 E-mail template). */
    subject: text('subject').notNull().default(''),
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

/**
 * 'Carteras compartidas' (01 §3 Shared inbox, 01 §2 /contact/sharedinbox): an agent's portfolio
 * (their contacts) shared with other users of the tenant, who may then open those contacts and
 * work them from the shared inbox.
 */
export const sharedInboxes = pgTable(
  'shared_inboxes',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    /** The agent whose contacts are shared. */
    ownerId: uuid('owner_id').notNull(),
    /** The users it is shared with. */
    memberIds: uuid('member_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('shared_inboxes_tenant_owner_idx').on(table.tenantId, table.ownerId),
    index('shared_inboxes_members_idx').using('gin', table.memberIds),
  ],
);

export type SharedInbox = typeof sharedInboxes.$inferSelect;
