import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { apiTokenCalls, apiTokens, groups, users } from '@cartera/db/schema';
import { pathFlagsColumn, userColumns } from './session.repository';
import { idInTenant } from '../../lib/sql';

/**
 * Revokes a user's live tokens: the one `id` names (the owner revoking it), or every one (an
 * admin's reset of their password, a deactivation). Answers each token revoked with its name
 * and scope.
 */
export async function revokeApiTokenRows(
  db: Executor,
  tenantId: string,
  userId: string,
  now: Date,
  only?: { id: string },
) {
  return db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        eq(apiTokens.userId, userId),
        only ? eq(apiTokens.id, only.id) : undefined,
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id, name: apiTokens.name, scope: apiTokens.scope });
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
    .innerJoin(users, idInTenant(users, apiTokens.tenantId, apiTokens.userId))
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)))
    .limit(1);
  return row;
}

export async function touchApiToken(db: Executor, tokenHash: string, now: Date) {
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.tokenHash, tokenHash));
}

/**
 * Counts one call of a token and answers the count of its current minute, in one statement
 * (concurrent calls on any instance each see their own number). The minute starts at the first
 * call after the last minute ended.
 */
export async function countApiTokenCall(
  db: Executor,
  tenantId: string,
  tokenId: string,
): Promise<number> {
  const ended = sql`${apiTokenCalls.windowStart} <= now() - interval '1 minute'`;
  const [row] = await db
    .insert(apiTokenCalls)
    .values({ tenantId, tokenId, windowStart: sql`now()`, calls: 1 })
    .onConflictDoUpdate({
      target: [apiTokenCalls.tenantId, apiTokenCalls.tokenId],
      set: {
        windowStart: sql`case when ${ended} then now() else ${apiTokenCalls.windowStart} end`,
        calls: sql`case when ${ended} then 1 else ${apiTokenCalls.calls} + 1 end`,
      },
    })
    .returning({ calls: apiTokenCalls.calls });
  return row!.calls;
}

/** The counts of tokens idle for a day. */
export async function deletePastApiTokenCalls(db: Executor): Promise<number> {
  const deleted = await db
    .delete(apiTokenCalls)
    .where(lt(apiTokenCalls.windowStart, sql`now() - interval '1 day'`))
    .returning({ tokenId: apiTokenCalls.tokenId });
  return deleted.length;
}
