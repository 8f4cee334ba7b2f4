import { and, asc, desc, eq, gt, inArray, isNull, like, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  blockedNumbers,
  contacts,
  interactions,
  phoneConnections,
  phoneUserMappings,
  providerCalls,
  users,
  type ProviderCall,
} from '@cartera/db/schema';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';

/** The phone provider's rows (issue #39): connection, users' mappings, calls, restricted numbers. */

export async function findConnection(db: Executor, tenantId: string, provider = 'aircall') {
  const [row] = await db
    .select()
    .from(phoneConnections)
    .where(and(eq(phoneConnections.tenantId, tenantId), eq(phoneConnections.provider, provider)));
  return row;
}

export async function findConnectionByWebhookKey(db: Executor, key: string) {
  const [row] = await db
    .select()
    .from(phoneConnections)
    .where(eq(phoneConnections.webhookKey, key));
  return row;
}

export async function upsertConnection(db: Executor, row: typeof phoneConnections.$inferInsert) {
  await db
    .insert(phoneConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [phoneConnections.tenantId, phoneConnections.provider],
      set: {
        baseUrl: row.baseUrl,
        name: row.name,
        secrets: row.secrets,
        webhookToken: row.webhookToken,
        phoneUrl: row.phoneUrl,
        updatedAt: new Date(),
      },
    });
}

export async function deleteConnection(db: Executor, tenantId: string, provider: string) {
  await db
    .delete(phoneConnections)
    .where(and(eq(phoneConnections.tenantId, tenantId), eq(phoneConnections.provider, provider)));
  await db
    .delete(phoneUserMappings)
    .where(and(eq(phoneUserMappings.tenantId, tenantId), eq(phoneUserMappings.provider, provider)));
}

export async function findMapping(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select()
    .from(phoneUserMappings)
    .where(and(eq(phoneUserMappings.tenantId, tenantId), eq(phoneUserMappings.userId, userId)));
  return row;
}

export async function findMappingByExternalUser(
  db: Executor,
  tenantId: string,
  provider: string,
  externalUserId: string,
) {
  const [row] = await db
    .select({ userId: phoneUserMappings.userId })
    .from(phoneUserMappings)
    .innerJoin(
      users,
      and(eq(users.tenantId, phoneUserMappings.tenantId), eq(users.id, phoneUserMappings.userId)),
    )
    .where(
      and(
        eq(phoneUserMappings.tenantId, tenantId),
        eq(phoneUserMappings.provider, provider),
        eq(phoneUserMappings.externalUserId, externalUserId),
        eq(users.active, true),
      ),
    );
  return row?.userId;
}

/** The caller's mapping, replacing another user's claim on the same Aircall user. */
export async function saveMapping(db: Executor, row: typeof phoneUserMappings.$inferInsert) {
  await db
    .delete(phoneUserMappings)
    .where(
      and(
        eq(phoneUserMappings.tenantId, row.tenantId),
        eq(phoneUserMappings.provider, row.provider),
        eq(phoneUserMappings.externalUserId, row.externalUserId),
      ),
    );
  await db
    .insert(phoneUserMappings)
    .values(row)
    .onConflictDoUpdate({
      target: [phoneUserMappings.tenantId, phoneUserMappings.userId, phoneUserMappings.provider],
      set: {
        externalUserId: row.externalUserId,
        numberIds: row.numberIds ?? [],
        countryCodes: row.countryCodes ?? [],
        updatedAt: new Date(),
      },
    });
}

export async function deleteMapping(db: Executor, tenantId: string, userId: string) {
  await db
    .delete(phoneUserMappings)
    .where(and(eq(phoneUserMappings.tenantId, tenantId), eq(phoneUserMappings.userId, userId)));
}

// ---------------------------------------------------------------------------------------------
// Calls

export async function insertCall(db: Executor, row: typeof providerCalls.$inferInsert) {
  await db.insert(providerCalls).values(row);
}

/** The call of a provider id, locked for the webhook that merges an event into it. */
export async function lockCallByExternalId(
  db: Executor,
  tenantId: string,
  provider: string,
  externalId: string,
): Promise<ProviderCall | undefined> {
  const [row] = await db
    .select()
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.tenantId, tenantId),
        eq(providerCalls.provider, provider),
        eq(providerCalls.externalId, externalId),
      ),
    )
    .for('update');
  return row;
}

/**
 * The outbound call Cartera asked the provider for and whose id has not come yet (`pending:…`):
 * the newest of the user to that number within the last minutes, locked.
 */
export async function lockPendingCall(
  db: Executor,
  tenantId: string,
  userId: string,
  customerPhone: string,
  since: Date,
) {
  const [row] = await db
    .select()
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.tenantId, tenantId),
        eq(providerCalls.userId, userId),
        eq(providerCalls.customerPhone, customerPhone),
        like(providerCalls.externalId, 'pending:%'),
        gt(providerCalls.createdAt, since),
      ),
    )
    .orderBy(desc(providerCalls.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * Inserts the call of a provider id when it is new and answers it locked: two webhooks of one
 * new call at once make one row.
 */
export async function claimCall(db: Executor, row: typeof providerCalls.$inferInsert) {
  await db.insert(providerCalls).values(row).onConflictDoNothing();
  return lockCallByExternalId(db, row.tenantId, row.provider, row.externalId);
}

export async function updateCall(
  db: Executor,
  tenantId: string,
  id: string,
  set: Partial<typeof providerCalls.$inferInsert>,
) {
  await db
    .update(providerCalls)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(providerCalls.tenantId, tenantId), eq(providerCalls.id, id)));
}

export async function deleteCall(db: Executor, tenantId: string, id: string) {
  await db
    .delete(providerCalls)
    .where(and(eq(providerCalls.tenantId, tenantId), eq(providerCalls.id, id)));
}

export async function findCallByInteraction(db: Executor, tenantId: string, interactionId: string) {
  const [row] = await db
    .select()
    .from(providerCalls)
    .where(
      and(eq(providerCalls.tenantId, tenantId), eq(providerCalls.interactionId, interactionId)),
    );
  return row;
}

/** A user's calls, newest first, before the keyset `before` (a call's id). */
export function findUserCalls(
  db: Executor,
  tenantId: string,
  userId: string,
  limit: number,
  before: string | undefined,
) {
  return db
    .select()
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.tenantId, tenantId),
        eq(providerCalls.userId, userId),
        sql`${providerCalls.externalId} not like 'pending:%'`,
        before ? lt(providerCalls.id, before) : undefined,
      ),
    )
    .orderBy(desc(providerCalls.id))
    .limit(limit);
}

/** Provider calls of some users in a period: the phone metrics of 'Rendimiento'. */
export function findCallsOfUsers(
  db: Executor,
  tenantId: string,
  userIds: readonly string[],
  from: Date,
  to: Date,
) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({
      userId: providerCalls.userId,
      direction: providerCalls.direction,
      outcome: providerCalls.outcome,
      duration: providerCalls.duration,
    })
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.tenantId, tenantId),
        inArray(providerCalls.userId, [...userIds]),
        gt(providerCalls.createdAt, from),
        lt(providerCalls.createdAt, to),
        sql`${providerCalls.state} = 'done'`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Contacts by number and their unread mark

/** The main contacts within `scope` holding one of `phones`, the oldest first. */
export function findScopedContactsByPhones(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  phones: string[],
) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      agentId: contacts.agentId,
      tenantId: contacts.tenantId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`${contacts.phones} && ${sql.param(phones)}::text[]`,
        isNull(contacts.parentContactId),
        scopeCondition(db, tenantId, scope),
      ),
    )
    .orderBy(asc(contacts.createdAt))
    .limit(1);
}

/** The names of the contacts of `ids` within `scope` (the call log's). */
export function findScopedContactNames(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  ids: string[],
) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        inArray(contacts.id, ids),
        scopeCondition(db, tenantId, scope),
      ),
    );
}

/** A missed call makes its contact's conversation unread (as a customer's message does). */
export async function markMissedCallUnread(db: Executor, tenantId: string, contactId: string) {
  const [row] = await db
    .update(contacts)
    .set({ unreadCount: sql`${contacts.unreadCount} + 1` })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)))
    .returning({ unreadCount: contacts.unreadCount });
  return row?.unreadCount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Restricted numbers

export function findBlockedList(db: Executor, tenantId: string) {
  return db
    .select()
    .from(blockedNumbers)
    .where(eq(blockedNumbers.tenantId, tenantId))
    .orderBy(desc(blockedNumbers.createdAt), asc(blockedNumbers.phone));
}

export async function findBlocked(db: Executor, tenantId: string, phones: string[]) {
  if (!phones.length) return [];
  return db
    .select({ phone: blockedNumbers.phone, reason: blockedNumbers.reason })
    .from(blockedNumbers)
    .where(and(eq(blockedNumbers.tenantId, tenantId), inArray(blockedNumbers.phone, phones)));
}

export async function insertBlocked(db: Executor, row: typeof blockedNumbers.$inferInsert) {
  const inserted = await db
    .insert(blockedNumbers)
    .values(row)
    .onConflictDoNothing()
    .returning({ phone: blockedNumbers.phone });
  return inserted.length > 0;
}

export async function deleteBlocked(db: Executor, tenantId: string, phone: string) {
  const deleted = await db
    .delete(blockedNumbers)
    .where(and(eq(blockedNumbers.tenantId, tenantId), eq(blockedNumbers.phone, phone)))
    .returning();
  return deleted[0];
}

// ---------------------------------------------------------------------------------------------
// The call items of a contact's timeline (the contact already allowed by the caller)

/** A phoneCall item of the contact, locked when asked. */
export async function findCallItem(
  db: Executor,
  tenantId: string,
  contactId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        eq(interactions.id, id),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** The contact's newest item that is not a take-over (CONTACT_IN_CALL's rule, 03 §4). */
export async function findLatestItem(db: Executor, tenantId: string, contactId: string) {
  const [row] = await db
    .select({ type: interactions.type, status: interactions.status })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        ne(interactions.type, 'contactTaken'),
      ),
    )
    .orderBy(desc(interactions.id))
    .limit(1);
  return row;
}

export async function updateCallItem(
  db: Executor,
  tenantId: string,
  id: string,
  values: { status: string; content: Record<string, unknown> },
) {
  await db
    .update(interactions)
    .set(values)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
}
