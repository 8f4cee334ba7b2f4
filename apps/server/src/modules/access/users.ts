import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, users } from '@cartera/db/schema';
import type { AuthUser } from '../sessions/session.types';
import { inGroupSubtree, reachesGroup, reachOf, subtreeUserIds } from './reach';

/*
 * Whose doings a user looks at ('Historial de acciones', issue #44 item 2): the users of the
 * reach, whatever their roles and whether active or not (a deactivated seller's past actions
 * stay in the history).
 *
 * | reach   | users                                   | a group                            |
 * |---------|-----------------------------------------|------------------------------------|
 * | tenant  | every user of the company ('all')       | any group of the company           |
 * | subtree | the users of their group's subtree      | their group or a group below it    |
 * | own     | themself                                | none                               |
 */

/** The users the caller reaches: the whole company, or these ids. */
export async function findReachedUserIds(
  db: Executor,
  user: AuthUser,
): Promise<{ kind: 'all' } | { kind: 'users'; ids: string[] }> {
  const reach = reachOf(user);
  if (reach.kind === 'tenant') return { kind: 'all' };
  if (reach.kind === 'own') return { kind: 'users', ids: [user.id] };
  const rows = await db.execute(subtreeUserIds(user.tenantId, reach.groupId));
  return {
    kind: 'users',
    ids: (rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => String(row.id)),
  };
}

/**
 * The users of a group's subtree, when the caller reaches the group (undefined when it does not,
 * or when the group is not of the caller's company).
 */
export async function findReachedUsersOfGroup(
  db: Executor,
  user: AuthUser,
  groupId: string,
): Promise<string[] | undefined> {
  const [group] = await db
    .select({ id: groups.id, ancestors: groups.ancestors })
    .from(groups)
    .where(and(eq(groups.tenantId, user.tenantId), eq(groups.id, groupId)));
  if (!group || !reachesGroup(user, { id: group.id, ancestors: group.ancestors ?? [] })) {
    return undefined;
  }
  const rows = await db.execute(subtreeUserIds(user.tenantId, group.id));
  return (rows as unknown as { rows: Array<{ id: string }> }).rows.map((row) => String(row.id));
}

/** Whether the caller reaches this user of their company. */
export async function userReachable(db: Executor, user: AuthUser, userId: string) {
  const reach = reachOf(user);
  if (reach.kind === 'own') return userId === user.id;
  const [found] = await db
    .select({ id: users.id, groupId: users.groupId, ancestors: groups.ancestors })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, userId)));
  if (!found) return false;
  return (
    reach.kind === 'tenant' ||
    reachesGroup(user, { id: found.groupId, ancestors: found.ancestors ?? [] })
  );
}

/** The users and groups the caller reaches, by name: the history's user and team pickers. */
export async function findReachedPeople(db: Executor, user: AuthUser) {
  const reach = reachOf(user);
  const userConditions = [eq(users.tenantId, user.tenantId)];
  const groupConditions = [eq(groups.tenantId, user.tenantId)];
  if (reach.kind === 'own') {
    userConditions.push(eq(users.id, user.id));
    groupConditions.push(sql`false`);
  }
  if (reach.kind === 'subtree') {
    userConditions.push(inGroupSubtree(reach.groupId, groups));
    groupConditions.push(inGroupSubtree(reach.groupId, groups));
  }
  const [people, teams] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        lastname: users.lastname,
        groupName: groups.name,
        active: users.active,
      })
      .from(users)
      .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
      .where(and(...userConditions))
      .orderBy(asc(users.name), asc(users.lastname)),
    db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(and(...groupConditions))
      .orderBy(asc(groups.name)),
  ]);
  return { users: people, groups: teams };
}
