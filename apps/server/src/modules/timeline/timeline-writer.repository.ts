import type { Executor } from '@cartera/db/client';
import { interactions, type NewInteraction } from '@cartera/db/schema';

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
