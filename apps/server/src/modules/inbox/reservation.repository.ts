import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts } from '@cartera/db/schema';

/*
 * The reserved contact of 'Inbox' (03 §4): an unassigned contact a user opened is theirs to look
 * at for a while; meanwhile nobody else finds it in their 'Inbox'.
 */

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
