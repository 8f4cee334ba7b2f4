import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantColumn } from './columns';
import { users } from './users';

/**
 * A signed-in session. The browser holds a random token (cookie or Bearer); only its SHA-256
 * lands here, so a leaked table does not leak sessions. While an admin impersonates another
 * user, `user_id` is the impersonated one and `real_user_id` the admin ("Volver a
 * administrador"). A session is found by its token before the tenant is known, so the token hash
 * is its key; tenant_id still leads its other index.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    realTenantId: uuid('real_tenant_id'),
    realUserId: uuid('real_user_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
      name: 'sessions_user_fk',
    }).onDelete('cascade'),
    index('sessions_tenant_user_idx').on(table.tenantId, table.userId),
    index('sessions_expires_idx').on(table.expiresAt),
  ],
);

export type Session = typeof sessions.$inferSelect;
