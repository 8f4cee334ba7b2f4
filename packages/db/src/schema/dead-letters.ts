import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

/**
 * Webhook events that could not be taken in (issue #31 'Mensajes no procesados'): nothing a
 * provider was answered for is dropped in silence. A row keeps the payload as the provider sent
 * it (`payload`, for a person to read and for 'Reintentar' to parse again) or, for events the
 * inbox gave up on, the parsed events (`events`, superjson). `tenant_id` is null when the URL
 * matched no company; `channel_id` is the channel whose webhook URL received it.
 */
export const deadLetters = pgTable(
  'dead_letters',
  {
    id: idColumn().primaryKey(),
    tenantId: uuid('tenant_id'),
    channelId: uuid('channel_id'),
    /** The webhook's provider slug (whatsapp, messenger, twilio…). */
    provider: text('provider').notNull(),
    /** NO_CHANNEL_FOR_NUMBER, UNPARSEABLE_PAYLOAD, INGEST_FAILED, CHANNEL_GONE, UNKNOWN_WEBHOOK. */
    reason: text('reason').notNull(),
    /** What went wrong, for support (an error's message, the number no channel has). */
    detail: text('detail'),
    /** The body as received: JSON when it is JSON, else its text. */
    payload: jsonb('payload').notNull(),
    /** The parsed events the inbox gave up on (superjson), when there are some. */
    events: jsonb('events'),
    createdAt: createdAtColumn(),
    retriedAt: timestamp('retried_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('dead_letters_channel_idx').on(table.tenantId, table.channelId, table.createdAt),
  ],
);

export type DeadLetter = typeof deadLetters.$inferSelect;
