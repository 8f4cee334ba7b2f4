import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { apiTokens, groups, users } from '@cartera/db/schema';
import { pathFlagsColumn, userColumns } from './session.repository';

export async function insertApiToken(db: Executor, row: typeof apiTokens.$inferInsert) {
  const [created] = await db.insert(apiTokens).values(row).returning();
  return created!;
}

/** A user's tokens, newest first (never their hashes). */
export function findApiTokens(db: Executor, tenantId: string, userId: string) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.userId, userId)))
    .orderBy(desc(apiTokens.id));
}

/** Revokes one of the user's live tokens; answers whether one was. */
export async function revokeApiTokenRow(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
  now: Date,
) {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        eq(apiTokens.userId, userId),
        eq(apiTokens.id, id),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** The live (not revoked) token of a hash with its user, or nothing. */
export async function findLiveApiToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      user: userColumns,
      pathFlags: pathFlagsColumn(),
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.tenantId, apiTokens.tenantId), eq(users.id, apiTokens.userId)))
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function touchApiToken(db: Executor, tokenHash: string, now: Date) {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.tokenHash, tokenHash));
}
