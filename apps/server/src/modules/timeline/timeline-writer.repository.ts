import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, interactions, type NewInteraction } from '@cartera/db/schema';

/**
 * Inserts an interaction unless one with the same id exists (a client retrying an acknowledged
 * write); answers whether it was new.
 */
export async function insertInteractionOnce(db: Executor, values: NewInteraction & { id: string }) {
  const rows = await db
    .insert(interactions)
    .values(values)
    .onConflictDoNothing({ target: [interactions.tenantId, interactions.id] })
    .returning({ id: interactions.id });
  return rows.length > 0;
}

export async function touchContact(db: Executor, tenantId: string, contactId: string, at: Date) {
  await db
    .update(contacts)
    .set({ lastInteractionAt: at })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
}
