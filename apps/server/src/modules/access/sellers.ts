import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, users } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import type { AuthUser } from '../sessions/session.types';
import { inGroupSubtree, reachesGroup, reachOf, type Reach } from './reach';
import { idInTenant } from '../../lib/sql';

/*
 * Whose figures a user looks at: the sellers of the dashboard ('Rendimiento'), the weekly goals
 * ('Objetivos'), the metric rollups and the goal spreadsheets (01 §6, issue #13).
 *
 * | reach   | sellers (active users with role user) | a group                              |
 * |---------|---------------------------------------|--------------------------------------|
 * | tenant  | every seller of the company           | any group of the company             |
 * | subtree | the sellers of their group's subtree  | their group or a group below it      |
 * | own     | themself (whatever their roles)       | none, not even their own             |
 *
 * The default group of a user's figures, goal templates and 'Vendedores' panel is the company
 * for a tenant reach, else their own group (`defaultGroupOf`).
 *
 * Goal and metric queries take the sellers' ids only as `ReachedSellerIds` (from this file) and
 * compose `reachedSellersCondition`; access.test.ts fails when one does not.
 */

export interface ReachedSeller {
  id: string;
  name: string;
  lastname: string;
  email: string;
  roles: string[];
  groupId: string;
  groupName: string;
}

/** Seller ids this module allowed: the only ids goal and metric queries accept. */
export type ReachedSellerIds = readonly string[] & { readonly __reached: unique symbol };

/**
 * The active users with one of `roles` within a reach (tenant, a group's subtree, or one user),
 * by name: the pickers of every resource that assigns or looks at sellers read them here.
 */
export function findAgentsInReach(
  db: Executor,
  tenantId: string,
  reach: Reach,
  roles: readonly string[],
) {
  const conditions: SQL[] = [
    eq(users.tenantId, tenantId),
    eq(users.active, true),
    sql`${users.roles} && ${sql.param([...roles])}::text[]`,
  ];
  if (reach.kind === 'subtree') conditions.push(inGroupSubtree(reach.groupId, groups));
  if (reach.kind === 'own') conditions.push(eq(users.id, reach.userId));
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      roles: users.roles,
      groupId: users.groupId,
      groupName: groups.name,
    })
    .from(users)
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(users.lastname));
}

/** The sellers the user looks at (the bulk answer: the dashboard, goals and their files). */
export async function reachedSellers(db: Executor, user: AuthUser): Promise<ReachedSeller[]> {
  const reach = reachOf(user);
  return findAgentsInReach(db, user.tenantId, reach, reach.kind === 'own' ? user.roles : ['user']);
}

/** Which of `ids` are sellers the user looks at. */
export async function reachedSellerIds(db: Executor, user: AuthUser, ids?: readonly string[]) {
  const sellers = await reachedSellers(db, user);
  const wanted = ids ? new Set(ids) : undefined;
  return idsOf(sellers.filter((seller) => !wanted || wanted.has(seller.id)));
}

/** The ids of sellers read here, as the ids goal and metric queries accept. */
export function idsOf(sellers: readonly { id: string }[]) {
  return sellers.map((seller) => seller.id) as unknown as ReachedSellerIds;
}

/** One seller the user looks at, else `notFound` (each screen's own code). */
export async function reachedSeller(
  db: Executor,
  user: AuthUser,
  sellerId: string,
  notFound: ErrorCode,
): Promise<ReachedSeller> {
  const seller = (await reachedSellers(db, user)).find((each) => each.id === sellerId);
  if (!seller) throw new DomainError(notFound);
  return seller;
}

/** The condition of goal and metric queries: `column` is one of the allowed sellers. */
export function reachedSellersCondition(column: AnyColumn, ids: ReachedSellerIds): SQL {
  return inArray(column, [...ids]);
}

/**
 * A group the user looks at (the table above) with its sellers (those of its subtree), else
 * `notFound`.
 */
export async function reachedGroup(
  db: Executor,
  user: AuthUser,
  groupId: string,
  notFound: ErrorCode,
) {
  const [group] = await db
    .select({ id: groups.id, name: groups.name, ancestors: groups.ancestors })
    .from(groups)
    .where(idInTenant(groups, user.tenantId, groupId))
    .limit(1);
  if (!group || !reachesGroup(user, group)) throw new DomainError(notFound);
  const sellers = await findAgentsInReach(
    db,
    user.tenantId,
    { kind: 'subtree', groupId: group.id },
    ['user'],
  );
  return { group: { id: group.id, name: group.name }, sellers };
}

/** Whether the user looks at groups (the table above: not with an own reach). */
export function looksAtGroups(user: AuthUser) {
  return reachOf(user).kind !== 'own';
}

/** The group a user's figures and goal templates cover by default: the company, or their own. */
export function defaultGroupOf(user: AuthUser) {
  return reachOf(user).kind === 'tenant' ? user.tenantId : user.groupId;
}
