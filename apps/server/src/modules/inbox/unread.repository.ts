import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts } from '@cartera/db/schema';
import { notReservedByOthers } from './reservation.repository';

/** What a change of a contact's unread mark announces it with. */
const changedRow = {
  id: contacts.id,
  tenantId: contacts.tenantId,
  agentId: contacts.agentId,
  reservedBy: contacts.reservedBy,
  reservedUntil: contacts.reservedUntil,
  unreadCount: contacts.unreadCount,
};

/**
 * Sets the unread mark of a contact held by `holderId`: 'read' clears it, 'unread' makes it at
 * least 1. Undefined when nothing changed (not theirs, or already so); the row is not edited
 * otherwise (its updated_at stays).
 */
export async function setUnreadMark(
  db: Executor,
  tenantId: string,
  contactId: string,
  holderId: string,
  mark: 'read' | 'unread',
) {
  const [row] = await db
    .update(contacts)
    .set({
      unreadCount: mark === 'read' ? 0 : 1,
      updatedAt: sql`${contacts.updatedAt}`,
    })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        eq(contacts.agentId, holderId),
        mark === 'read' ? gt(contacts.unreadCount, 0) : eq(contacts.unreadCount, 0),
      ),
    )
    .returning(changedRow);
  return row;
}

/** How many conversations of each holder are unread (the partial unread index). */
export async function countUnreadByHolder(db: Executor, tenantId: string, holderIds: string[]) {
  if (!holderIds.length) return new Map<string, number>();
  const rows = await db
    .select({ agentId: contacts.agentId, count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        inArray(contacts.agentId, holderIds),
        gt(contacts.unreadCount, 0),
      ),
    )
    .groupBy(contacts.agentId);
  return new Map(rows.map((row) => [row.agentId!, row.count]));
}

/** Unread conversations nobody holds, without those another user has reserved. */
export async function countUnreadUnassigned(db: Executor, tenantId: string, viewerId: string) {
  return db.$count(
    contacts,
    and(
      eq(contacts.tenantId, tenantId),
      isNull(contacts.agentId),
      gt(contacts.unreadCount, 0),
      notReservedByOthers(viewerId),
    ),
  );
}
