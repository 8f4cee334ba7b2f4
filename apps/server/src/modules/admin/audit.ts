import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { AUDIT_ACTIONS, type AuditAction } from '@cartera/domain/admin';
import type { AuthSession } from '../sessions/session.types';
import { findAudit, insertAudit } from './admin.repository';

/**
 * The audit log of administrative changes: every change of the admin services records who did
 * it (the real person behind an impersonated session), when, and the fields before and after,
 * in the change's own transaction, so a change and its record stand or fall together.
 */
export async function recordAudit(
  tx: Executor,
  session: AuthSession,
  entry: {
    action: AuditAction;
    targetType: 'group' | 'user';
    targetId: string;
    groupId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    /** The company whose log keeps the entry (a move between companies writes in both). */
    tenantId?: string;
  },
) {
  const { tenantId = session.user.tenantId, ...rest } = entry;
  await insertAudit(tx, {
    tenantId,
    actorUserId: session.realUserId ?? session.user.id,
    onBehalfOfUserId: session.realUserId ? session.user.id : null,
    ...rest,
  });
}

/** Only the fields that changed, on both sides (a rename shows the name only). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T) {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
    changed: keys.length > 0,
  };
}

export const AUDIT_PAGE = 50;

export const ZAuditInput = z.object({
  groupId: z.string().uuid().optional(),
  /** The id of the last entry already shown: the next page comes after it. */
  cursor: z.string().uuid().nullish(),
});

export const ZAuditEntry = z.object({
  id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(['group', 'user']),
  targetId: z.string(),
  groupId: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date(),
});

export async function listAudit(
  db: Executor,
  tenantId: string,
  input: z.infer<typeof ZAuditInput>,
) {
  const rows = await findAudit(db, tenantId, {
    groupId: input.groupId,
    before: input.cursor ?? undefined,
    limit: AUDIT_PAGE + 1,
  });
  const entries = rows.slice(0, AUDIT_PAGE).map((row) => ({
    id: row.id,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    groupId: row.groupId,
    actor: { id: row.actorUserId, name: row.actorName ?? '' },
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt,
  }));
  return { entries, hasMore: rows.length > AUDIT_PAGE };
}
