import { findAgentsInReach } from '../access/sellers';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, users } from '@cartera/db/schema';
import { anyContains, idInTenant } from '../../lib/sql';

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

export async function findUser(db: Executor, tenantId: string, userId: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(idInTenant(users, tenantId, userId))
    .limit(1);
  return user;
}

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
    const fullName = sql`(${users.name} || ' ' || ${users.lastname})`;
    filters.push(anyContains(search, [users.name, users.lastname, users.email, fullName]));
  }
  return db
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(and(...filters))
    .orderBy(asc(users.name), asc(users.lastname))
    .limit(options.limit ?? 500);
}

/** Users of the tenant by id (names for agents shown on a contact). */
export async function findUsersByIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      active: users.active,
      groupId: users.groupId,
      roles: users.roles,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
}

/**
 * Active users of the tenant who may receive contacts, with the given roles (within a reach:
 * modules/access sellers.ts findAgentsInReach).
 */
export function findAgents(db: Executor, tenantId: string, options: { roles: readonly string[] }) {
  return findAgentsInReach(db, tenantId, { kind: 'tenant' }, options.roles);
}

/** The other active accounts of the same person (same linked-account key), in any tenant. */
export async function findLinkedUsers(db: Executor, key: string, exceptUserId: string) {
  return db
    .select(userSummaryColumns)
    .from(users)
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(and(eq(users.linkedAccountKey, key), eq(users.active, true), ne(users.id, exceptUserId)))
    .orderBy(asc(users.email));
}
