import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '@cartera/db/client';
import { groups, loginAttempts, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

export async function updatePassword(
  db: Executor,
  tenantId: string,
  userId: string,
  passwordHash: string,
) {
  await db
    .update(users)
    .set({
      passwordHash,
      forcePasswordChange: false,
      requirePasswordChangeByPolicy: false,
      passwordChangedAt: new Date(),
    })
    .where(idInTenant(users, tenantId, userId));
}

/** The company's password policy asks this user for a new password (issue #17). */
export async function requirePasswordChangeByPolicy(
  db: Executor,
  tenantId: string,
  userId: string,
) {
  await db
    .update(users)
    .set({ requirePasswordChangeByPolicy: true })
    .where(idInTenant(users, tenantId, userId));
}

export async function markNewVersionSeen(db: Executor, tenantId: string, userId: string) {
  await db
    .update(users)
    .set({ showNewVersionPresentation: false })
    .where(idInTenant(users, tenantId, userId));
}

/** The tenant and the user's own group, for the menu head. */
export async function findTenantAndGroup(db: Executor, tenantId: string, groupId: string) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      displayName: groups.displayName,
      logo: groups.logo,
      country: groups.country,
    })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), inArray(groups.id, [tenantId, groupId])));
}

export async function countRecentAttempts(db: Executor, key: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gte(loginAttempts.attemptedAt, since)));
  return row?.count ?? 0;
}

export async function deleteAttempts(db: Executor, key: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

export async function deleteAttemptsBefore(db: Executor, before: Date) {
  const deleted = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, before))
    .returning({ id: loginAttempts.id });
  return deleted.length;
}

/** Advisory-lock namespace of login attempts (the first of pg_advisory_xact_lock's two keys). */
const LOGIN_LOCK_SPACE = 7_411;

/**
 * Reserves one attempt under each key unless a key already holds its limit since `since`:
 * counting and recording happen under a lock per key, so concurrent or batched logins for the
 * same e-mail or address are counted one after another and never pass the limit together.
 * Answers the reserved rows' ids, or null when a limit holds (nothing is recorded then).
 */
export async function reserveAttempts(
  db: Database,
  limits: Array<{ key: string; max: number }>,
  since: Date,
): Promise<number[] | null> {
  const ordered = [...limits].sort((a, b) => a.key.localeCompare(b.key));
  // One statement (migration 0012): the locks are held for it and its commit only.
  const result = await db.execute(
    sql`select cartera_reserve_login_attempts(${LOGIN_LOCK_SPACE}, ${sql.param(ordered.map(({ key }) => key))}::text[], ${sql.param(ordered.map(({ max }) => max))}::int[], ${since.toISOString()}::timestamptz) as ids`,
  );
  const ids = (result as unknown as { rows: Array<{ ids: Array<number | string> | null }> }).rows[0]
    ?.ids;
  return ids ? ids.map(Number) : null;
}

/** Forgets reserved attempts by id (a login that turned out right). */
export async function deleteAttemptIds(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
}
