import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, sessions, users } from '@cartera/db/schema';

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

const userColumns = {
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
  groupAncestors: groups.ancestors,
};

export type SessionUserRow = {
  [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'];
};

/** The live session of a token hash with its user, or nothing when expired or unknown. */
export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      tokenHash: sessions.tokenHash,
      realTenantId: sessions.realTenantId,
      realUserId: sessions.realUserId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      user: userColumns,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
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
