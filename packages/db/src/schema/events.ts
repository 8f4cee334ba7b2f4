import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantColumn } from './columns';

/**
 * Who may receive an event. Empty audience = every user of the tenant. Otherwise a user receives
 * it when any rule matches: listed user, member of a listed group's subtree, or a listed role.
 */
export interface EventAudience {
  userIds?: string[];
  groupIds?: string[];
  roles?: string[];
}

/** What an event is, pending or numbered: the same columns in both tables. */
const eventColumns = () => ({
  type: text('type').notNull(),
  /** What the event is about, e.g. `contact:<id>`; subscriptions filter on it. */
  topic: text('topic').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  audience: jsonb('audience').$type<EventAudience>().notNull().default({}),
  actorUserId: uuid('actor_user_id'),
  createdAt: createdAtColumn(),
});

/**
 * The domain event log, the record of live events and the source of every catch-up. A change's
 * transaction writes its event to `pending_events`; after commit, the sequencer moves it here
 * with the tenant's next id (realtime/event-sequencer.ts). So ids of a tenant are consecutive
 * and grow in commit order: "everything after id N" is a complete catch-up, and a reader that
 * sees id N + 2 before N + 1 knows it missed one.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    tenantId: tenantColumn(),
    /** The tenant's own sequence: 1, 2, 3… (`event_counters`). */
    id: bigint('id', { mode: 'number' }).notNull(),
    ...eventColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('domain_events_tenant_topic_idx').on(table.tenantId, table.topic, table.id),
    index('domain_events_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;

/**
 * Events written by transactions that have not been sequenced yet: inserted inside the change's
 * transaction (no lock), moved to `domain_events` right after its commit, or by the sweeper
 * when the process died in between.
 */
export const pendingEvents = pgTable(
  'pending_events',
  {
    tenantId: tenantColumn(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    ...eventColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('pending_events_created_idx').on(table.createdAt),
  ],
);

/**
 * Each tenant's last event id. The sequencer's update of this row is the only lock events take:
 * held by one short statement after the change committed, never by the change's transaction.
 */
export const eventCounters = pgTable('event_counters', {
  tenantId: uuid('tenant_id').primaryKey(),
  lastId: bigint('last_id', { mode: 'number' }).notNull(),
});
