import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, sharedInboxes, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

const ownerContacts = sql<number>`(
  select count(*)::int from ${contacts}
  where ${contacts.tenantId} = ${sharedInboxes.tenantId} and ${contacts.agentId} = ${sharedInboxes.ownerId}
)`.mapWith(Number);

const columns = {
  id: sharedInboxes.id,
  name: sharedInboxes.name,
  ownerId: sharedInboxes.ownerId,
  ownerName: users.name,
  ownerLastname: users.lastname,
  memberIds: sharedInboxes.memberIds,
  createdAt: sharedInboxes.createdAt,
  contactCount: ownerContacts,
};

function selectInboxes(db: Executor, where: SQL | undefined) {
  return db
    .select(columns)
    .from(sharedInboxes)
    .innerJoin(users, idInTenant(users, sharedInboxes.tenantId, sharedInboxes.ownerId))
    .where(where)
    .orderBy(asc(sharedInboxes.name), asc(sharedInboxes.id));
}

export type SharedInboxRow = Awaited<ReturnType<typeof selectInboxes>>[number];

/** The shared inboxes `userId` is a member of, by name. */
export function findInboxesOfMember(db: Executor, tenantId: string, userId: string) {
  return selectInboxes(
    db,
    and(
      eq(sharedInboxes.tenantId, tenantId),
      sql`${sharedInboxes.memberIds} @> array[${userId}::uuid]`,
    ),
  );
}

/** Every shared inbox of the tenant, by name (management). */
export function findTenantInboxes(db: Executor, tenantId: string) {
  return selectInboxes(db, eq(sharedInboxes.tenantId, tenantId));
}

export async function findInbox(db: Executor, tenantId: string, id: string) {
  const [row] = await selectInboxes(db, idInTenant(sharedInboxes, tenantId, id));
  return row;
}

/** The active users of the tenant among `ids`. */
export async function findActiveUserIds(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export interface SharedInboxValues {
  name: string;
  ownerId: string;
  memberIds: string[];
}

export async function insertInbox(db: Executor, tenantId: string, values: SharedInboxValues) {
  const [row] = await db
    .insert(sharedInboxes)
    .values({ tenantId, ...values })
    .returning({ id: sharedInboxes.id });
  return row!.id;
}

export async function updateInbox(
  db: Executor,
  tenantId: string,
  id: string,
  values: SharedInboxValues,
) {
  const rows = await db
    .update(sharedInboxes)
    .set(values)
    .where(idInTenant(sharedInboxes, tenantId, id))
    .returning({ id: sharedInboxes.id });
  return rows.length > 0;
}

export async function deleteInbox(db: Executor, tenantId: string, id: string) {
  const rows = await db
    .delete(sharedInboxes)
    .where(idInTenant(sharedInboxes, tenantId, id))
    .returning({ id: sharedInboxes.id });
  return rows.length > 0;
}
