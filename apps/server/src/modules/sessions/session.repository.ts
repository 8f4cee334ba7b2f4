import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { resolveFlags, type FeatureFlags } from '@cartera/domain/policy';
import type { Executor } from '@cartera/db/client';
import { groups, sessions, users } from '@cartera/db/schema';
import { preparedOnce } from '../../lib/prepared';
import { idInTenant } from '../../lib/sql';

export interface NewSessionRow {
  tokenHash: string;
  tenantId: string;
  userId: string;
  realTenantId?: string | null;
  realUserId?: string | null;
  userAgent?: string | null;
  ip?: string | null;
  expiresAt: Date;
}

export async function insertSession(db: Executor, row: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** The user of a credential, as AuthUser is built from it. */
export const userColumns = {
  id: users.id,
  tenantId: users.tenantId,
  groupId: users.groupId,
  email: users.email,
  name: users.name,
  lastname: users.lastname,
  roles: users.roles,
  userType: users.userType,
  active: users.active,
  jailUrl: users.jailUrl,
  forcePasswordChange: users.forcePasswordChange,
  requirePasswordChangeByPolicy: users.requirePasswordChangeByPolicy,
  linkedAccountsActive: users.linkedAccountsActive,
  groupAncestors: groups.ancestors,
};

export type SessionUserRow = {
  [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'];
};

/** The flags of the user's group and of every group above it, in the same round trip. */
export function pathFlagsColumn() {
  return sql<Array<{ id: string; flags: FeatureFlags }>>`(
    select coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'flags', g.feature_flags)), '[]'::jsonb)
    from ${groups} g
    where g.tenant_id = ${users.tenantId}
      and (g.id = ${users.groupId} or g.id = any(${groups.ancestors}))
  )`;
}

function liveSessionQuery(db: Executor) {
  return db
    .select({
      tokenHash: sessions.tokenHash,
      realTenantId: sessions.realTenantId,
      realUserId: sessions.realUserId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: userColumns,
      pathFlags: pathFlagsColumn(),
    })
    .from(sessions)
    .innerJoin(users, idInTenant(users, sessions.tenantId, sessions.userId))
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}

/** The live session of a token hash with its user, or nothing when expired or unknown. */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  // Every call resolves its session (unless cached): built once and prepared.
  const query = preparedOnce(db, 'find_live_session', () => liveSessionQuery(db));
  const [row] = await query.execute({ tokenHash, now });
  return row;
}

export async function touchSession(db: Executor, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Executor, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return deleted.length;
}

export async function countSessions(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sessions);
  return row?.count ?? 0;
}

/** Flags of groups on a path, merged root first so the nearest group decides. */
export function mergeFlags(
  groupPath: readonly string[],
  rows: ReadonlyArray<{ id: string; flags: FeatureFlags }>,
): FeatureFlags {
  return resolveFlags(groupPath.map((id) => rows.find((row) => row.id === id)?.flags));
}

/** Points a session at another user (account switch) or back (return to admin). */
export async function retargetSession(
  db: Executor,
  tokenHash: string,
  target: {
    tenantId: string;
    userId: string;
    realTenantId: string | null;
    realUserId: string | null;
  },
): Promise<void> {
  await db.update(sessions).set(target).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of a user except one (after a password change). */
export async function deleteOtherSessions(
  db: Executor,
  tenantId: string,
  userId: string,
  keepTokenHash: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        sql`${sessions.tokenHash} <> ${keepTokenHash}`,
      ),
    );
}

/** A user as a background job acts for them (a scheduled message), with their group's flags. */
export async function findUserWithFlags(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ user: userColumns, pathFlags: pathFlagsColumn() })
    .from(users)
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(idInTenant(users, tenantId, userId));
  return row;
}

/** Ends every session of a user (deactivation, a password reset by an administrator). */
export async function deleteUserSessions(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId)));
}
