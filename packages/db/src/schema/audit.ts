import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { AuditTargetType } from '@cartera/domain/admin';
import { createdAtColumn, idColumn, tenantColumn } from './columns';

/**
 * The audit log of administrative changes ('Administración', issue #17): who changed which group
 * or user, when, and what it was before and after. Written in the transaction of the change; the
 * UUIDv7 id orders it. `actor_user_id` is the real person when an admin acts while impersonating
 * (`on_behalf_of_user_id` is then the account used). No foreign keys: an entry outlives what it
 * names. Besides groups and users, an entry may be about the company's security and integrations,
 * a channel, a personal API token or an account switch (issue #30); secrets never go in it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    actorUserId: uuid('actor_user_id').notNull(),
    onBehalfOfUserId: uuid('on_behalf_of_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: uuid('target_id').notNull(),
    /** The group the change concerns (a user's group), so a group's history is one filter. */
    groupId: uuid('group_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: createdAtColumn(),
    /** Where the change came from: the caller's address and user agent (null on older entries). */
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('audit_log_tenant_group_idx').on(table.tenantId, table.groupId, table.id),
    index('audit_log_tenant_target_idx').on(table.tenantId, table.targetId, table.id),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
