import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { apiTokens } from '@cartera/db/schema';
import { insertRow } from '../../lib/rows';

/** A user's own API tokens as /settings lists and creates them. */

export async function insertApiToken(db: Executor, row: typeof apiTokens.$inferInsert) {
  return insertRow(db, apiTokens, row);
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
