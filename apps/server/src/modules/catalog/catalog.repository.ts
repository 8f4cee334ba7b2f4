import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, origins, statusTags, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';
import { updateInTenant } from '../../lib/rows';

export async function findUserFields(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ additionalData: users.additionalData })
    .from(users)
    .where(idInTenant(users, tenantId, userId));
  return row?.additionalData ?? {};
}

export async function findTags(db: Executor, tenantId: string, onlyActive: boolean) {
  const filters = [eq(statusTags.tenantId, tenantId)];
  if (onlyActive) filters.push(eq(statusTags.active, true));
  return db
    .select()
    .from(statusTags)
    .where(and(...filters))
    .orderBy(asc(statusTags.position), asc(statusTags.name));
}

export async function findOrigins(db: Executor, tenantId: string, onlyActive: boolean) {
  const filters = [eq(origins.tenantId, tenantId)];
  if (onlyActive) filters.push(eq(origins.active, true));
  return db
    .select()
    .from(origins)
    .where(and(...filters))
    .orderBy(asc(origins.position), asc(origins.name));
}

export async function findTagByCode(db: Executor, tenantId: string, code: string) {
  const [row] = await db
    .select({ id: statusTags.id })
    .from(statusTags)
    .where(and(eq(statusTags.tenantId, tenantId), eq(statusTags.code, code)));
  return row;
}

export async function findOriginByCode(db: Executor, tenantId: string, code: string) {
  const [row] = await db
    .select({ id: origins.id })
    .from(origins)
    .where(and(eq(origins.tenantId, tenantId), eq(origins.code, code)));
  return row;
}

export async function upsertTag(
  db: Executor,
  tenantId: string,
  values: Omit<typeof statusTags.$inferInsert, 'tenantId' | 'id'>,
  id?: string,
) {
  if (!id)
    return (
      await db
        .insert(statusTags)
        .values({ ...values, tenantId })
        .returning()
    )[0];
  return updateInTenant(db, statusTags, tenantId, id, values);
}

export async function upsertOrigin(
  db: Executor,
  tenantId: string,
  values: Omit<typeof origins.$inferInsert, 'tenantId' | 'id'>,
  id?: string,
) {
  if (!id)
    return (
      await db
        .insert(origins)
        .values({ ...values, tenantId })
        .returning()
    )[0];
  return updateInTenant(db, origins, tenantId, id, values);
}

/** The company's active groups with their path from the root (tag filters, training audiences). */
export async function findGroupChoices(db: Executor, tenantId: string) {
  const rows = await db
    .select({ id: groups.id, name: groups.name, ancestors: groups.ancestors })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.active, true)));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      path: [...row.ancestors.map((id) => names.get(id) ?? ''), row.name].join(' / '),
    }))
    .sort((a, b) => a.path.localeCompare(b.path, 'es'));
}
