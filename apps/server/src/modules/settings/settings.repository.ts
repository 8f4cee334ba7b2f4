import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { users } from '@cartera/db/schema';

/** A user's stored appearance config (users.appearance_config). */
export async function findAppearanceConfig(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ appearanceConfig: users.appearanceConfig })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.appearanceConfig;
}

/**
 * Sets and removes keys of one user's appearance config in one statement; keys it does not
 * name stay as they are. Answers the stored config, or nothing when the user is gone.
 */
export async function patchAppearanceConfig(
  db: Executor,
  tenantId: string,
  userId: string,
  change: { set: Record<string, unknown>; remove: string[] },
) {
  let config: SQL = sql`${users.appearanceConfig}`;
  for (const key of change.remove) config = sql`(${config} - ${key}::text)`;
  const [row] = await db
    .update(users)
    .set({ appearanceConfig: sql`${config} || ${JSON.stringify(change.set)}::jsonb` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ appearanceConfig: users.appearanceConfig });
  return row?.appearanceConfig;
}
