import type { Executor } from '@cartera/db/client';
import { interactions, type NewInteraction } from '@cartera/db/schema';
import { insertOnce } from '../../lib/rows';

/**
 * Inserts an interaction unless one with the same id exists (a client retrying an acknowledged
 * write); answers whether it was new.
 */
export async function insertInteractionOnce(db: Executor, values: NewInteraction & { id: string }) {
  return insertOnce(db, interactions, values);
}
