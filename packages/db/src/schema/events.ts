import { bigserial, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The domain event log. Written in the same transaction as the change it describes and announced
 * with NOTIFY on commit; subscribers resume from the last id they saw. Ids grow in commit order
 * within a tenant because appends take a per-tenant transaction lock (see realtime/event-store).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    tenantId: tenantColumn(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** What the event is about, e.g. `contact:<id>`; subscriptions filter on it. */
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    audience: jsonb('audience').$type<EventAudience>().notNull().default({}),
    actorUserId: uuid('actor_user_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('domain_events_tenant_topic_idx').on(table.tenantId, table.topic, table.id),
    index('domain_events_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

export type DomainEventRow = typeof domainEvents.$inferSelect;
