import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, users } from '@cartera/db/schema';
import { likePattern } from '../../lib/sql';

export async function findTenants(db: Executor) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      displayName: groups.displayName,
      country: groups.country,
    })
    .from(groups)
    .where(and(isNull(groups.parentId), eq(groups.active, true)))
    .orderBy(asc(groups.name));
}

/** What user lists show: identity, role and the name of the user's group. */
const userSummaryColumns = {
  id: users.id,
  tenantId: users.tenantId,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  roles: users.roles,
  groupName: groups.name,
};

/** Active users of a tenant, optionally matching a case-insensitive search on name, last name, e-mail. */
export async function findTenantUsers(
  db: Executor,
  tenantId: string,
  options: { search?: string | undefined; ids?: string[] | undefined; limit?: number } = {},
) {
  const search = options.search;
  const filters = [eq(users.tenantId, tenantId), eq(users.active, true)];
  if (options.ids) filters.push(inArray(users.id, options.ids));
  if (search) {
    const pattern = likePattern(search);
    filters.push(
      or(
        sql`${users.name} ilike ${pattern}`,
        sql`${users.lastname} ilike ${pattern}`,
        sql`${users.email} ilike ${pattern}`,
        sql`(${users.name} || ' ' || ${users.lastname}) ilike ${pattern}`,
      )!,
    );
  }
  return db
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(...filters))
    .orderBy(asc(users.name), asc(users.lastname))
    .limit(options.limit ?? 500);
}

/** The other active accounts of the same person (same linked-account key), in any tenant. */
export async function findLinkedUsers(db: Executor, key: string, exceptUserId: string) {
  return db
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(eq(users.linkedAccountKey, key), eq(users.active, true), ne(users.id, exceptUserId)))
    .orderBy(asc(users.email));
}
