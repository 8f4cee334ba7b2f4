import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  contacts,
  emailAccounts,
  emailPrivateThreads,
  emailUnknownMails,
  interactions,
} from '@cartera/db/schema';
import { insertRow } from '../../lib/rows';

/** A user's own connected mailboxes: every query names the tenant and the owner. */

/** The owner's mailboxes, and with `id` one of them. */
function owned(tenantId: string, userId: string, id?: string) {
  return and(
    eq(emailAccounts.tenantId, tenantId),
    eq(emailAccounts.userId, userId),
    id === undefined ? undefined : eq(emailAccounts.id, id),
  );
}

export async function insertEmailAccount(db: Executor, row: typeof emailAccounts.$inferInsert) {
  return insertRow(db, emailAccounts, row);
}

/** The user's mailboxes, first connected first. */
export function findEmailAccounts(db: Executor, tenantId: string, userId: string) {
  return db
    .select()
    .from(emailAccounts)
    .where(owned(tenantId, userId))
    .orderBy(asc(emailAccounts.id));
}

export async function findEmailAccount(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(owned(tenantId, userId, id));
  return row;
}

export async function findEmailAccountByAddress(
  db: Executor,
  tenantId: string,
  userId: string,
  address: string,
) {
  const [row] = await db
    .select({ id: emailAccounts.id })
    .from(emailAccounts)
    .where(and(owned(tenantId, userId), eq(emailAccounts.address, address)));
  return row;
}

export async function updateEmailAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
  change: Partial<Pick<typeof emailAccounts.$inferInsert, 'signature' | 'status' | 'statusReason'>>,
) {
  const [row] = await db
    .update(emailAccounts)
    .set(change)
    .where(owned(tenantId, userId, id))
    .returning();
  return row;
}

export async function deleteEmailAccount(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
) {
  const [row] = await db
    .delete(emailAccounts)
    .where(owned(tenantId, userId, id))
    .returning();
  return row;
}

/** A mailbox by id, whoever owns it (the sync job acts for its owner). */
export async function findEmailAccountById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.id, id)));
  return row;
}

/** Every mailbox read by IMAP, of every company: what the scheduler syncs. */
export function findSyncedEmailAccounts(db: Executor) {
  return db
    .select({ tenantId: emailAccounts.tenantId, id: emailAccounts.id })
    .from(emailAccounts)
    .where(eq(emailAccounts.provider, 'imap'));
}

export async function updateEmailAccountSync(
  db: Executor,
  tenantId: string,
  id: string,
  change: Partial<
    Pick<
      typeof emailAccounts.$inferInsert,
      'syncState' | 'lastSyncedAt' | 'status' | 'statusReason'
    >
  >,
) {
  await db
    .update(emailAccounts)
    .set(change)
    .where(and(eq(emailAccounts.tenantId, tenantId), eq(emailAccounts.id, id)));
}

/** Which of these timeline item ids exist already. */
export async function findExistingItemIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: interactions.id })
    .from(interactions)
    .where(and(eq(interactions.tenantId, tenantId), inArray(interactions.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** An e-mail item, locked for the job that sends it. */
export async function lockEmailItem(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: interactions.id,
      contactId: interactions.contactId,
      agentId: interactions.agentId,
      status: interactions.status,
      content: interactions.content,
    })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.id, id),
        eq(interactions.type, 'email'),
      ),
    )
    .for('update');
  return row;
}

/** An e-mail item on one contact's timeline (the mail a reply answers). */
export async function findContactEmailItem(
  db: Executor,
  tenantId: string,
  contactId: string,
  id: string,
) {
  const [row] = await db
    .select({
      id: interactions.id,
      agentId: interactions.agentId,
      status: interactions.status,
      content: interactions.content,
      createdAt: interactions.createdAt,
    })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        eq(interactions.id, id),
        eq(interactions.type, 'email'),
      ),
    );
  return row;
}

/**
 * The e-mail items of these contacts carrying one of these Message-IDs: a mail already on a
 * timeline (sent from here, then read back from the Sent folder), or the mails a reply answers.
 */
export function findEmailItemsByMessageIds(
  db: Executor,
  tenantId: string,
  contactIds: string[],
  messageIds: string[],
) {
  if (!contactIds.length || !messageIds.length) return Promise.resolve([]);
  return db
    .select({
      id: interactions.id,
      contactId: interactions.contactId,
      status: interactions.status,
      messageId: sql<string>`${interactions.content}->>'messageId'`,
    })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        inArray(interactions.contactId, contactIds),
        eq(interactions.type, 'email'),
        inArray(sql`${interactions.content}->>'messageId'`, messageIds),
      ),
    );
}

/** Sets an e-mail item's status (and content): its delivery, a failure, a reply. */
export async function updateEmailItem(
  db: Executor,
  tenantId: string,
  id: string,
  values: { status?: string; content?: Record<string, unknown> },
) {
  await db
    .update(interactions)
    .set(values)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
}

/** Who an e-mail item's contact is announced to (its seller, a reservation). */
export async function findItemContact(db: Executor, tenantId: string, contactId: string) {
  const [row] = await db
    .select({
      id: contacts.id,
      tenantId: contacts.tenantId,
      agentId: contacts.agentId,
      reservedBy: contacts.reservedBy,
      reservedUntil: contacts.reservedUntil,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row;
}

/** Keeps where a mail from an unknown address is (once per mailbox and place). */
export async function insertUnknownMail(db: Executor, row: typeof emailUnknownMails.$inferInsert) {
  await db.insert(emailUnknownMails).values(row).onConflictDoNothing();
}

/** A user's mails from unknown addresses, newest first. */
export function findUnknownMails(db: Executor, tenantId: string, userId: string, limit: number) {
  return db
    .select()
    .from(emailUnknownMails)
    .where(and(eq(emailUnknownMails.tenantId, tenantId), eq(emailUnknownMails.userId, userId)))
    .orderBy(desc(emailUnknownMails.receivedAt), desc(emailUnknownMails.id))
    .limit(limit);
}

/** A user's mails from one address, oldest first. */
export function findUnknownMailsFrom(
  db: Executor,
  tenantId: string,
  userId: string,
  address: string,
) {
  return db
    .select()
    .from(emailUnknownMails)
    .where(
      and(
        eq(emailUnknownMails.tenantId, tenantId),
        eq(emailUnknownMails.userId, userId),
        eq(emailUnknownMails.fromEmail, address),
      ),
    )
    .orderBy(asc(emailUnknownMails.receivedAt));
}

export async function deleteUnknownMail(db: Executor, tenantId: string, id: string) {
  await db
    .delete(emailUnknownMails)
    .where(and(eq(emailUnknownMails.tenantId, tenantId), eq(emailUnknownMails.id, id)));
}

/** The e-mail items of one thread on one contact's timeline, oldest first, and how many. */
export async function findThreadItems(
  db: Executor,
  tenantId: string,
  contactId: string,
  threadId: string,
  limit: number,
) {
  const where = and(
    eq(interactions.tenantId, tenantId),
    eq(interactions.contactId, contactId),
    eq(interactions.type, 'email'),
    sql`coalesce(${interactions.content}->>'threadId', ${interactions.content}->>'messageId') = ${threadId}`,
  );
  const items = await db
    .select({
      id: interactions.id,
      status: interactions.status,
      createdAt: interactions.createdAt,
      content: interactions.content,
    })
    .from(interactions)
    .where(where)
    .orderBy(asc(interactions.createdAt), asc(interactions.id))
    .limit(limit);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(interactions)
    .where(where);
  return { items, total: count?.total ?? 0 };
}

/** Marks Message-IDs of a thread as kept out of the CRM by a user. */
export async function insertPrivateThreadIds(
  db: Executor,
  tenantId: string,
  userId: string,
  threadIds: string[],
) {
  if (!threadIds.length) return;
  await db
    .insert(emailPrivateThreads)
    .values(threadIds.map((threadId) => ({ tenantId, userId, threadId })))
    .onConflictDoNothing();
}

/** Whether one of these Message-IDs is of a thread the user kept out of the CRM. */
export async function isPrivateThread(
  db: Executor,
  tenantId: string,
  userId: string,
  messageIds: string[],
) {
  if (!messageIds.length) return false;
  const [row] = await db
    .select({ threadId: emailPrivateThreads.threadId })
    .from(emailPrivateThreads)
    .where(
      and(
        eq(emailPrivateThreads.tenantId, tenantId),
        eq(emailPrivateThreads.userId, userId),
        inArray(emailPrivateThreads.threadId, messageIds),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The e-mail items of a thread, on every timeline, that came through these mailboxes: locked,
 * for keeping them out of the CRM.
 */
export function lockThreadItemsOfAccounts(
  db: Executor,
  tenantId: string,
  threadId: string,
  accountIds: string[],
) {
  if (!accountIds.length) return Promise.resolve([]);
  return db
    .select({
      id: interactions.id,
      contactId: interactions.contactId,
      createdAt: interactions.createdAt,
      content: interactions.content,
    })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.type, 'email'),
        sql`coalesce(${interactions.content}->>'threadId', ${interactions.content}->>'messageId') = ${threadId}`,
        inArray(sql`${interactions.content}->>'accountId'`, accountIds),
      ),
    )
    .for('update');
}

/** A contact's inbox preview, emptied when it was of this mail (its date). */
export async function emptyEmailPreview(
  db: Executor,
  tenantId: string,
  contactId: string,
  at: Date,
) {
  await db
    .update(contacts)
    .set({ lastMessage: sql`jsonb_set(${contacts.lastMessage}, '{text}', '""')` })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        sql`${contacts.lastMessage}->>'kind' = 'email'`,
        sql`${contacts.lastMessage}->>'at' = ${at.toISOString()}`,
      ),
    );
}
