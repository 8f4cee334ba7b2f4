import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/**
 * One question of a form (issue #42 item 3): a custom field of the company (`field` its code
 * with `kind` 'custom') or a built-in contact field (`kind` 'contact': firstName, lastName,
 * email, govId); the answer is written to that field of the contact.
 */
export interface FormFieldRow {
  kind: 'contact' | 'custom';
  field: string;
  label: string;
  required: boolean;
}

/** A form of the company (/comercial/forms): its questions in order. */
export const forms = pgTable(
  'forms',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<FormFieldRow[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/**
 * A form sent to one contact as a link: `token` is random and unguessable (the public page's
 * only key); the link expires at `expires_at` and takes one answer (`submitted_at`).
 */
export const formLinks = pgTable(
  'form_links',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    token: text('token').notNull(),
    formId: uuid('form_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    sentBy: uuid('sent_by'),
    channelId: uuid('channel_id'),
    messageId: uuid('message_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('form_links_token_idx').on(table.token),
    index('form_links_contact_idx').on(table.tenantId, table.contactId),
  ],
);

export type Form = typeof forms.$inferSelect;
export type FormLink = typeof formLinks.$inferSelect;
