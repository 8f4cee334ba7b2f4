import {
  bigserial,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn } from './columns';
import { users } from './users';

/**
 * Failed sign-in attempts, keyed by `email:<address>` and `ip:<address>`. Kept in the database
 * so the limit holds across server instances. Looked up before any tenant is known (like
 * sessions), so the key leads its index.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [index('login_attempts_key_idx').on(table.key, table.attemptedAt)],
);

/**
 * What a user did, for the 'Actividad' dialog and later the actions history. `actor_user_id` is
 * the real person when an admin acted while impersonating.
 */
export const userActions = pgTable(
  'user_actions',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    type: text('type').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
      name: 'user_actions_user_fk',
    }).onDelete('cascade'),
    index('user_actions_tenant_user_created_idx').on(
      table.tenantId,
      table.userId,
      table.createdAt,
      table.id,
    ),
  ],
);

export type UserAction = typeof userActions.$inferSelect;
