import { and, desc, eq, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts } from '@cartera/db/schema';

/** Who looks at an inbox of unassigned contacts (reservations of others hide contacts). */
export interface UnassignedOwner {
  unassigned: true;
  viewerId: string;
}

/**
 * An unassigned contact is free for the viewer unless another user reserved it and the
 * reservation still holds (03 §4 reserved contact).
 */
export function notReservedByOthers(viewerId: string): SQL {
  return or(
    isNull(contacts.reservedBy),
    eq(contacts.reservedBy, viewerId),
    lte(contacts.reservedUntil, sql`now()`),
  )!;
}

export interface InboxCursor {
  at: Date;
  id: string;
}

/** Sorts by last interaction, never-contacted last; the id breaks ties. */
const lastAt = sql`coalesce(${contacts.lastInteractionAt}, ${contacts.createdAt})`;

/**
 * A page of an inbox: the contacts of one agent (sub-conversations included: they are that
 * agent's conversations too), or the unassigned ones, most recent interaction first. `after` is
 * a page's cursor, or a contact whose place in that order the page starts after.
 */
export async function findInboxPage(
  db: Executor,
  tenantId: string,
  owner: { agentId: string } | UnassignedOwner,
  after: InboxCursor | { contactId: string } | undefined,
  limit: number,
) {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId)];
  conditions.push(
    'agentId' in owner
      ? eq(contacts.agentId, owner.agentId)
      : and(isNull(contacts.agentId), notReservedByOthers(owner.viewerId))!,
  );
  if (after && 'contactId' in after) {
    // Compared in SQL: the contact's sort time keeps its microseconds.
    conditions.push(
      sql`(${lastAt}, ${contacts.id}) < (select coalesce(anchor.last_interaction_at, anchor.created_at), anchor.id
        from ${contacts} anchor where anchor.tenant_id = ${tenantId} and anchor.id = ${after.contactId})`,
    );
  } else if (after) {
    conditions.push(
      or(
        sql`${lastAt} < ${after.at}`,
        and(sql`${lastAt} = ${after.at}`, lt(contacts.id, after.id)),
      )!,
    );
  }
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      statusTag: contacts.statusTag,
      archivingReason: contacts.archivingReasonText,
      reminder: contacts.reminder,
      parentContactId: contacts.parentContactId,
      lastInteractionAt: contacts.lastInteractionAt,
      createdAt: contacts.createdAt,
      unreadCount: contacts.unreadCount,
      lastMessage: contacts.lastMessage,
      sortAt: sql<Date>`${lastAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(desc(lastAt), desc(contacts.id))
    .limit(limit);
}

export async function countUnassigned(db: Executor, tenantId: string, viewerId: string) {
  return db.$count(
    contacts,
    and(eq(contacts.tenantId, tenantId), isNull(contacts.agentId), notReservedByOthers(viewerId)),
  );
}

/**
 * Reserves an unassigned contact for the user until `until`, or renews their reservation: one
 * UPDATE, so of two users racing for a free contact exactly one gets a row back. Undefined
 * when the contact is not unassigned in the tenant or another user's reservation holds.
 */
export async function reserveContact(
  db: Executor,
  tenantId: string,
  contactId: string,
  userId: string,
  seconds: number,
) {
  const [row] = await db
    .update(contacts)
    .set({
      reservedBy: userId,
      reservedUntil: sql`now() + make_interval(secs => ${seconds})`,
      // The row is not edited: its updated_at stays.
      updatedAt: sql`${contacts.updatedAt}`,
    })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        isNull(contacts.agentId),
        notReservedByOthers(userId),
      ),
    )
    .returning({ reservedUntil: contacts.reservedUntil });
  return row?.reservedUntil ?? undefined;
}

/** Ends the user's reservation of a contact (nothing when it is not theirs). */
export async function releaseContact(
  db: Executor,
  tenantId: string,
  contactId: string,
  userId: string,
) {
  await db
    .update(contacts)
    .set({ reservedBy: null, reservedUntil: null, updatedAt: sql`${contacts.updatedAt}` })
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.id, contactId),
        eq(contacts.reservedBy, userId),
      ),
    );
}
