import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The JSON preference columns of a user a caller may read and patch. */
type ConfigColumn = 'appearanceConfig' | 'personalConfig' | 'notificationPreferences';

const byUser = (tenantId: string, userId: string) => idInTenant(users, tenantId, userId);

/** One user's stored config of `column` (appearance or personal), or nothing when gone. */
export async function findConfig(
  db: Executor,
  tenantId: string,
  userId: string,
  column: ConfigColumn,
): Promise<unknown> {
  const [row] = await db
    .select({ config: users[column] })
    .from(users)
    .where(byUser(tenantId, userId));
  return row?.config;
}

/**
 * Sets and removes keys of one user's config of `column` in one statement; keys it does not
 * name stay as they are. Answers the stored config, or nothing when the user is gone.
 */
export async function patchConfig(
  db: Executor,
  tenantId: string,
  userId: string,
  column: ConfigColumn,
  change: { set: Record<string, unknown>; remove: string[] },
): Promise<unknown> {
  let config: SQL = sql`${users[column]}`;
  for (const key of change.remove) config = sql`(${config} - ${key}::text)`;
  const [row] = await db
    .update(users)
    .set({ [column]: sql`${config} || ${JSON.stringify(change.set)}::jsonb` })
    .where(byUser(tenantId, userId))
    .returning({ config: users[column] });
  return row?.config;
}

/** One user's name, lastname and photo. */
export async function findProfile(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ name: users.name, lastname: users.lastname, photo: users.photo })
    .from(users)
    .where(byUser(tenantId, userId));
  return row;
}

/** Changes what `change` names of one user's profile; answers the profile as it is now. */
export async function updateProfileRow(
  db: Executor,
  tenantId: string,
  userId: string,
  change: { name?: string; lastname?: string; photo?: string | null },
) {
  const [row] = await db
    .update(users)
    .set(change)
    .where(byUser(tenantId, userId))
    .returning({ name: users.name, lastname: users.lastname, photo: users.photo });
  return row;
}
