import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/**
 * An NPS configuration (issue #42 item 1, 01 §3 'NPS configuration and surveys'): the question,
 * the channel and the approved WhatsApp template that carries it, and when contacts get it:
 * `trigger` 'sale' (after a sale), 'archiving' (after an archiving with one of
 * `archiving_reasons`, all when empty) or 'manual' (sendSurvey only). `mode` 'text' reads the
 * score from a written reply; 'buttons' asks in two steps (0–6 / 7–8 / 9–10, then the score).
 * A contact gets at most one survey every `min_days_between` days, whatever the configuration.
 */
export const npsConfigs = pgTable(
  'nps_configs',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    question: text('question').notNull(),
    channelId: uuid('channel_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull().default('es'),
    trigger: text('trigger').notNull().default('manual'),
    archivingReasons: text('archiving_reasons').array().notNull().default([]),
    mode: text('mode').notNull().default('text'),
    minDaysBetween: integer('min_days_between').notNull().default(90),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/**
 * One survey sent to one contact: `status` pendingDispatch (stored with its message in the
 * outbox), sended (the provider took it), answered (a score), failed (the send failed);
 * `canceled` stops reading replies (03 §4 toggle); `awaiting` what the next reply is read as
 * ('score', 'range' for the two-step buttons' second step, 'comment', none). `message_id` is the
 * template's timeline item; `score_message_id` and `comment_message_id` the customer's replies.
 * `action_status` is the follow-up of the answer (pending, contacted, resolved).
 */
export const npsSurveys = pgTable(
  'nps_surveys',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    configId: uuid('config_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    sellerId: uuid('seller_id'),
    channelId: uuid('channel_id').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('pendingDispatch'),
    canceled: boolean('canceled').notNull().default(false),
    awaiting: text('awaiting'),
    score: integer('score'),
    comment: text('comment'),
    actionStatus: text('action_status').notNull().default('pending'),
    messageId: uuid('message_id').notNull(),
    scoreMessageId: uuid('score_message_id'),
    commentMessageId: uuid('comment_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    commentedAt: timestamp('commented_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('nps_surveys_contact_idx').on(table.tenantId, table.contactId, table.createdAt),
    index('nps_surveys_config_idx').on(table.tenantId, table.configId, table.createdAt),
    index('nps_surveys_message_idx').on(table.tenantId, table.messageId),
  ],
);

/**
 * Where each company's NPS reader stands in its event log (modules/nps/nps-events.ts): the last
 * event id it has looked at for sales, archivings and customers' replies.
 */
export const npsCursors = pgTable('nps_cursors', {
  tenantId: uuid('tenant_id').primaryKey(),
  through: bigint('through', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAtColumn(),
});

export type NpsConfig = typeof npsConfigs.$inferSelect;
export type NpsSurvey = typeof npsSurveys.$inferSelect;
