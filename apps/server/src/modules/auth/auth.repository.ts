import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, loginAttempts, users } from '@cartera/db/schema';

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
    .set({ passwordHash, forcePasswordChange: false, requirePasswordChangeByPolicy: false })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function markNewVersionSeen(db: Executor, tenantId: string, userId: string) {
  await db
    .update(users)
    .set({ showNewVersionPresentation: false })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
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

export async function insertAttempts(db: Executor, keys: string[]) {
  await db.insert(loginAttempts).values(keys.map((key) => ({ key })));
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
