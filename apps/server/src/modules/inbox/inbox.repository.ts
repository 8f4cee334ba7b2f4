import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts } from '@cartera/db/schema';

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
  owner: { agentId: string } | { unassigned: true },
  after: InboxCursor | { contactId: string } | undefined,
  limit: number,
) {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId)];
  conditions.push(
    'agentId' in owner ? eq(contacts.agentId, owner.agentId) : isNull(contacts.agentId),
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
      sortAt: sql<Date>`${lastAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(desc(lastAt), desc(contacts.id))
    .limit(limit);
}

export async function countUnassigned(db: Executor, tenantId: string) {
  return db.$count(contacts, and(eq(contacts.tenantId, tenantId), isNull(contacts.agentId)));
}
