import { eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { groups, users } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { contactReach } from '@cartera/domain/policy';
import type { Ref } from '../../lib/sql';
import type { AuthUser } from '../sessions/session.types';

/*
 * Whose records a user reaches: the one answer every scoped resource of modules/access starts
 * from (contacts, receipts, request sales, sellers for goals and metrics, training audiences).
 *
 * | role (policy.ts contactReach)         | Reach                                   |
 * |---------------------------------------|-----------------------------------------|
 * | comercial, project_manager, admin     | tenant: every record of the company     |
 * | super (supervisor)                    | subtree: the users of their group and   |
 * |                                       | of every group below it                 |
 * | anyone else (user, the seller)        | own: their own records                  |
 *
 * Each resource's file says, in a table at its head, what each reach sees of that resource.
 * The users of a group's subtree are read by one subquery only (`subtreeUserIds`).
 */

export type Reach =
  { kind: 'tenant' } | { kind: 'subtree'; groupId: Ref } | { kind: 'own'; userId: Ref };

/** The user's reach over the company's records. */
export function reachOf(user: AuthUser): Reach {
  const kind = contactReach(user.roles);
  if (kind === 'tenant') return { kind };
  if (kind === 'subtree') return { kind, groupId: user.groupId };
  return { kind, userId: user.id };
}

/** The groups of `groupId`'s subtree: itself and every group below it (a SQL condition). */
export function inGroupSubtree(groupId: Ref, group: { id: AnyColumn; ancestors: AnyColumn }) {
  return or(eq(group.id, groupId), sql`${groupId}::uuid = any(${group.ancestors})`)!;
}

/**
 * The one "users of a group's subtree" subquery: the ids of the tenant's users whose group is
 * `groupId` or below it. Every reach by subtree composes it.
 */
export function subtreeUserIds(tenantId: Ref, groupId: Ref): SQL {
  return sql`(select ${users.id} from ${users} join ${groups} on ${groups.tenantId} = ${users.tenantId} and ${groups.id} = ${users.groupId}
    where ${users.tenantId} = ${tenantId} and ${inGroupSubtree(groupId, groups)})`;
}

/**
 * The condition "`column` names a user the reach covers" (a seller, an agent, a creator): none
 * for the tenant (the caller's query already keeps to its tenant), the subtree's users, or the
 * user. `null` values never match a subtree or own reach.
 */
export function userInReach(column: AnyColumn, tenantId: Ref, reach: Reach): SQL | undefined {
  if (reach.kind === 'tenant') return undefined;
  if (reach.kind === 'own') return eq(column, reach.userId);
  return inArray(column, subtreeUserIds(tenantId, reach.groupId));
}

/** Whether a group is one the user reaches (their tenant, or their group's subtree). */
export function reachesGroup(user: AuthUser, group: { id: string; ancestors: string[] }) {
  const reach = reachOf(user);
  if (reach.kind === 'tenant') return true;
  if (reach.kind === 'own') return false;
  return group.id === user.groupId || group.ancestors.includes(user.groupId);
}

/**
 * A resource's single-record check: `read` is the caller's query of one record with the
 * resource's condition composed; no row is `notFound`, the same answer whether the record exists
 * elsewhere or not.
 */
export async function oneInReach<T>(read: Promise<T | undefined>, notFound: ErrorCode) {
  const row = await read;
  if (row === undefined) throw new DomainError(notFound);
  return row;
}
