import {
  bigint,
  foreignKey,
  index,
  integer,
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
 * Outbound webhooks (issue #36 item 4): a company's URL subscribed to event types. The secret
 * that signs each delivery is sealed (AES-256-GCM, `lib/secret-box.ts`) and shown once when the
 * subscription is created. `created_by` is the owner: only events that user may see are sent.
 * `failing_since` is the first failed attempt since the last success; after three days of
 * failures the subscription is paused.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    url: text('url').notNull(),
    eventTypes: text('event_types').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    /** 'active' or 'paused'. */
    state: text('state').notNull().default('active'),
    createdBy: uuid('created_by').notNull(),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /**
     * The last event id of the company whose deliveries this subscription has queued (the
     * dispatcher's cursor, modules/webhooks/webhook-queue.ts).
     */
    queuedThrough: bigint('queued_through', { mode: 'number' }).notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    // Keys lead with the tenant (sharding, docs/capacity.md); the dispatcher's lookups by id
    // alone use the id's own index.
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('webhook_subscriptions_id_idx').on(table.id),
    index('webhook_subscriptions_tenant_idx').on(table.tenantId, table.state),
  ],
);

/**
 * One event to send to one subscription, queued from the event log by the dispatcher (its
 * cursor is the subscription's `queued_through`): the durable queue of the deliveries. A
 * contact's deliveries go in order: the next waits while an earlier one is pending.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    subscriptionId: uuid('subscription_id').notNull(),
    /** The stable id receivers de-duplicate by (`evt_<event id>`, or `test_<uuid>`). */
    eventId: text('event_id').notNull(),
    domainEventId: bigint('domain_event_id', { mode: 'number' }),
    type: text('type').notNull(),
    contactId: uuid('contact_id'),
    /** The `data` of the body (ids only, no tenant). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When its retries began (queued or resent): it is failed 24 hours later. */
    retrySince: timestamp('retry_since', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    /** 'pending', 'delivered' or 'failed'. */
    state: text('state').notNull().default('pending'),
    /** Set while an instance sends it; a lease left by a stopped instance expires. */
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      name: 'webhook_deliveries_subscription_fk',
      columns: [table.tenantId, table.subscriptionId],
      foreignColumns: [webhookSubscriptions.tenantId, webhookSubscriptions.id],
    }).onDelete('cascade'),
    index('webhook_deliveries_id_idx').on(table.id),
    uniqueIndex('webhook_deliveries_event_idx').on(table.subscriptionId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.state, table.nextAttemptAt),
    index('webhook_deliveries_list_idx').on(table.subscriptionId, table.createdAt),
    index('webhook_deliveries_contact_idx').on(
      table.subscriptionId,
      table.contactId,
      table.domainEventId,
    ),
  ],
);

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
