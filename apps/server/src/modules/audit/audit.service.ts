import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
} from '@cartera/domain/admin';
import { findAudit, insertAudit } from './audit.repository';

/*
 * The audit log (issue #17; widened by issue #30 S5): every administrative or security change
 * records who did it (the real person behind an impersonated session), when, what (the target
 * and its non-secret fields before and after) and from where (the caller's address and user
 * agent), in the change's own transaction, so a change and its record stand or fall together.
 * It sits at the bottom of the modules (it imports none) so that sessions, security, channels,
 * account and admin may all write it. Secret values (channel secrets, the external system's
 * token, API tokens) never go in an entry: at most their names, or that one was replaced.
 */

/** Who acts: a session's user and, while an admin impersonates, the admin. */
export interface AuditActor {
  user: { id: string; tenantId: string };
  realUserId: string | null;
}

/** Where a change came from. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What an audited service takes from its caller: who acts and from where. */
export interface AuditBy {
  actor: AuditActor;
  from: RequestOrigin;
}

/** Where a tRPC call came from (its context's address and user agent). */
export function contextOrigin(ctx: { ip: string | null; userAgent: string | null }): RequestOrigin {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

/** Where a REST request came from. */
export function requestOrigin(request: {
  ip: string;
  headers: IncomingHttpHeaders;
}): RequestOrigin {
  return { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? null };
}

/** The caller of a tRPC procedure: its session, address and user agent. */
export function auditBy(ctx: {
  session: AuditActor;
  ip: string | null;
  userAgent: string | null;
}): AuditBy {
  return { actor: ctx.session, from: contextOrigin(ctx) };
}

/** The caller of a REST adapter. */
export function auditByRequest(
  session: AuditActor,
  request: { ip: string; headers: IncomingHttpHeaders },
): AuditBy {
  return { actor: session, from: requestOrigin(request) };
}

/** A user agent is the caller's to write: kept, but never longer than this. */
const USER_AGENT_MAX = 512;

export async function recordAudit(
  tx: Executor,
  by: AuditBy,
  entry: {
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    /** The group the change concerns (a user's group; the root group for the company's). */
    groupId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    /** The company whose log keeps the entry (a move between companies writes in both). */
    tenantId?: string;
  },
) {
  const { actor, from } = by;
  const { tenantId = actor.user.tenantId, ...rest } = entry;
  await insertAudit(tx, {
    tenantId,
    actorUserId: actor.realUserId ?? actor.user.id,
    onBehalfOfUserId: actor.realUserId ? actor.user.id : null,
    ip: from.ip,
    userAgent: from.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    ...rest,
  });
}

/** An entry's change: the target's fields before and after (null where there were none). */
export type AuditChange = Pick<Parameters<typeof recordAudit>[2], 'before' | 'after'>;

/** recordAudit of a change to a user, kept in the user's group. */
export function recordUserAudit(
  tx: Executor,
  by: AuditBy,
  action: AuditAction,
  user: { id: string; groupId: string },
  change: AuditChange,
) {
  return recordAudit(tx, by, {
    action,
    targetType: 'user',
    targetId: user.id,
    groupId: user.groupId,
    ...change,
  });
}

/** recordAudit of a change to a group, kept in the group itself. */
export function recordGroupAudit(
  tx: Executor,
  by: AuditBy,
  action: AuditAction,
  groupId: string,
  change: AuditChange,
) {
  return recordAudit(tx, by, {
    action,
    targetType: 'group',
    targetId: groupId,
    groupId,
    ...change,
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
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  groupId: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  before: ZJsonObject.nullable(),
  after: ZJsonObject.nullable(),
  /** Where the change came from (null on entries older than issue #30). */
  from: z.object({ ip: z.string().nullable(), userAgent: z.string().nullable() }),
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
    from: { ip: row.ip, userAgent: row.userAgent },
    createdAt: row.createdAt,
  }));
  return { entries, hasMore: rows.length > AUDIT_PAGE };
}
