import {
  bigint,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/**
 * The daily figures of the 'Rendimiento' dashboard (issue #16): one row per tenant, seller, day
 * (the company's day), metric and dimension (an archiving's reason; '' for the others), added to
 * in the transaction of the event that changes it. A dashboard read touches sellers × days rows
 * and never the timeline. The metrics are defined in packages/domain/src/metrics.ts. Migration
 * 0014 adds by hand `metric_rollups_read_idx` (tenant, user, day) INCLUDE (metric, dimension,
 * value), so that read is an index-only scan (drizzle-kit cannot declare INCLUDE).
 */
export const metricRollups = pgTable(
  'metric_rollups',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    dimension: text('dimension').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      columns: [table.tenantId, table.userId, table.day, table.metric, table.dimension],
    }),
  ],
);

/** Which contacts a seller followed up on a day: singleTracing counts each once a day. */
export const metricContactDays = pgTable(
  'metric_contact_days',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    contactId: uuid('contact_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId, table.day, table.contactId] })],
);

/**
 * A seller's weekly goal (01 §3 Goals): the week's Monday and a target per goal metric
 * (contacts, contactsTaken, tracing, singleTracing, sale). One per seller and week.
 */
export const goals = pgTable(
  'goals',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    start: date('start', { mode: 'string' }).notNull(),
    targets: jsonb('targets').$type<Partial<Record<string, number>>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('goals_tenant_user_start_unique').on(table.tenantId, table.userId, table.start),
    index('goals_tenant_start_idx').on(table.tenantId, table.start),
  ],
);

export type Goal = typeof goals.$inferSelect;
