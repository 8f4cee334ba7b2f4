import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, sharedInboxes, users, type Contact } from '@cartera/db/schema';
import { SUPERVISOR_ROLE } from '@cartera/domain/policy';
import {
  reservedFor,
  scopeCondition,
  sharedOwnersOf,
  type ContactScope,
} from './contacts.conditions';
import { subtreeUserIds } from './reach';

/** One contact of the tenant, or undefined when it does not exist or is out of the scope. */
export async function findScopedContact(
  db: Executor,
  tenantId: string,
  id: string,
  scope: ContactScope,
): Promise<Contact | undefined> {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId), eq(contacts.id, id)];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(...conditions))
    .limit(1);
  return row;
}

/** The contact, when it is still unassigned and reserved for the user right now. */
export async function findReservedContact(
  db: Executor,
  tenantId: string,
  contactId: string,
  userId: string,
): Promise<Contact | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId), reservedFor(userId)))
    .limit(1);
  return row;
}

export async function findSharedOwnerIds(db: Executor, tenantId: string, userId: string) {
  const rows = await sharedOwnersOf(db, tenantId, userId);
  return rows.map((row) => row.id);
}

/**
 * The users of a group's subtree (any role, active or not: whoever may hold a contact), read by
 * the one subquery every subtree reach composes (`subtreeUserIds`).
 */
export async function findSubtreeUserIds(db: Executor, tenantId: string, groupId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, subtreeUserIds(tenantId, groupId)));
  return rows.map((row) => row.id);
}

/** The users a shared portfolio of `ownerId` reaches (live events of its contacts). */
export async function findMembersOfOwner(db: Executor, tenantId: string, ownerId: string) {
  const rows = await db
    .select({ memberIds: sharedInboxes.memberIds })
    .from(sharedInboxes)
    .where(and(eq(sharedInboxes.tenantId, tenantId), eq(sharedInboxes.ownerId, ownerId)));
  return [...new Set(rows.flatMap((row) => row.memberIds))];
}

/**
 * Who sees a contact of this agent besides the roles that see the whole tenant: the agent and
 * the supervisors of the agent's group or of any group above it.
 */
export async function findContactWatchers(db: Executor, tenantId: string, agentId: string | null) {
  if (!agentId) return [];
  const [agent] = await db
    .select({ groupId: users.groupId, ancestors: groups.ancestors })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, agentId)));
  if (!agent) return [agentId];
  const path = [...agent.ancestors, agent.groupId];
  const supervisors = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`${SUPERVISOR_ROLE} = any(${users.roles})`,
        or(...path.map((groupId) => eq(users.groupId, groupId))),
      ),
    );
  // Members of the agent's shared portfolios work these contacts too ('Carteras compartidas').
  const members = await findMembersOfOwner(db, tenantId, agentId);
  return [...new Set([agentId, ...supervisors.map((row) => row.id), ...members])];
}

/** The owner of a shared inbox `memberId` belongs to, or undefined. */
export async function findSharedInboxOwner(
  db: Executor,
  tenantId: string,
  sharedInboxId: string,
  memberId: string,
) {
  const [row] = await db
    .select({ ownerId: sharedInboxes.ownerId })
    .from(sharedInboxes)
    .where(
      and(
        eq(sharedInboxes.tenantId, tenantId),
        eq(sharedInboxes.id, sharedInboxId),
        sql`${sharedInboxes.memberIds} @> array[${memberId}::uuid]`,
      ),
    );
  return row?.ownerId;
}

/** The shared inboxes `memberId` belongs to, with their owners (whose contacts they work). */
export function findMemberSharedInboxes(db: Executor, tenantId: string, memberId: string) {
  return db
    .select({ id: sharedInboxes.id, ownerId: sharedInboxes.ownerId })
    .from(sharedInboxes)
    .where(
      and(
        eq(sharedInboxes.tenantId, tenantId),
        sql`${sharedInboxes.memberIds} @> array[${memberId}::uuid]`,
      ),
    );
}

/** Whether the tenant has this contact with no agent (answers nothing else about it). */
export async function isUnassigned(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id), isNull(contacts.agentId)))
    .limit(1);
  return !!row;
}

/** Which of `ids` are contacts of the tenant within `scope`. */
export async function findScopedContactIds(
  db: Executor,
  tenantId: string,
  ids: string[],
  scope: ContactScope,
) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        inArray(contacts.id, ids),
        scopeCondition(db, tenantId, scope),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
