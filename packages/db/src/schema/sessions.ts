import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn } from './columns';
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

/**
 * Personal API tokens of integrations (issue #19 §2): a user names one, picks its scope, sees it
 * once; only its SHA-256 is kept. Like sessions, a token is looked up before its tenant is known,
 * so its hash is unique on its own. Revoked tokens stay (revoked_at) for the list's history.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** 'read' (queries only), 'write' (queries and mutations), 'admin' (also configuration). */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
      name: 'api_tokens_user_fk',
    }).onDelete('cascade'),
    uniqueIndex('api_tokens_token_hash_idx').on(table.tokenHash),
    index('api_tokens_tenant_user_idx').on(table.tenantId, table.userId),
  ],
);

export type ApiToken = typeof apiTokens.$inferSelect;

/**
 * The calls each personal API token made in its current minute (API_TOKEN_RATE_LIMIT), counted
 * in the database so the budget holds across server instances and transports (HTTP, REST,
 * websocket). A token's minute starts at its first call after the last one ended; the daily
 * purge removes the rows of tokens idle for a day.
 */
export const apiTokenCalls = pgTable(
  'api_token_calls',
  {
    tenantId: tenantColumn(),
    tokenId: uuid('token_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    calls: integer('calls').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.tokenId] })],
);
