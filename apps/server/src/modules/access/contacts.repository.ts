import { and, asc, eq, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, sharedInboxes, users, type Contact } from '@cartera/db/schema';
import { SUPERVISOR_ROLE } from '@cartera/domain/policy';
import { foldText } from '@cartera/domain/search';
import { likePattern } from '../../lib/sql';
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

/**
 * Who sees a contact of this agent besides the roles that see the whole tenant: the agent, the
 * supervisors of the agent's group or of any group above it, and the members of the agent's
 * shared portfolios ('Carteras compartidas'). One statement: every announcement of a contact's
 * change reads it inside its transaction (the inbox worker's customer messages among them).
 */
export async function findContactWatchers(db: Executor, tenantId: string, agentId: string | null) {
  if (!agentId) return [];
  const result = await db.execute(sql`
    ${contactWatchersQuery(sql`${tenantId}::uuid`, sql`${agentId}::uuid`)}
    order by rank`);
  const rows = (result as unknown as { rows: Array<{ id: string }> }).rows;
  return [...new Set([agentId, ...rows.map((row) => String(row.id))])];
}

/**
 * findContactWatchers' rows besides the agent, `(id, rank)`, for an agent given as SQL: a
 * statement that finds the contact reads them in the same round trip (inbound-writer.ts).
 */
export function contactWatchersQuery(tenantId: SQL, agentId: SQL): SQL {
  return sql`
    select s.id, 1 as rank from ${users} s, (
      select array_append(g.ancestors, u.group_id) as path from ${users} u
      join ${groups} g on g.tenant_id = u.tenant_id and g.id = u.group_id
      where u.tenant_id = ${tenantId} and u.id = ${agentId}) agent
    where s.tenant_id = ${tenantId} and ${SUPERVISOR_ROLE} = any(s.roles)
      and s.group_id = any(agent.path)
    union all
    select member, 2 from ${sharedInboxes} i
    cross join unnest(i.member_ids) member
    where i.tenant_id = ${tenantId} and i.owner_id = ${agentId}
      and exists (select 1 from ${users} u where u.tenant_id = ${tenantId} and u.id = ${agentId})`;
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

/**
 * The main contacts within `scope` having one of `emails` (any case): who an e-mail is with. The
 * search text (trigram-indexed) narrows the rows; the addresses themselves decide.
 */
export async function findScopedContactsByEmail(
  db: Executor,
  tenantId: string,
  emails: readonly string[],
  scope: ContactScope,
) {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))].filter(Boolean);
  if (!wanted.length) return [];
  return db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        or(...wanted.map((email) => like(contacts.searchText, likePattern(foldText(email))))),
        sql`exists (select 1 from unnest(${contacts.emails}) as e where lower(e) = any(${sql.param(wanted)}::text[]))`,
        isNull(contacts.parentContactId),
        scopeCondition(db, tenantId, scope),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(20);
}
