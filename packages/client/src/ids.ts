// The item ids a client makes (notes, reminders, messages…): the domain's own UUIDv7 maker,
// bundled into this package at build time so an integrator's ids follow the server's rule.
import { newId, uuidV7Time } from '@cartera/domain/ids';

/**
 * A new UUIDv7 (RFC 9562) for an item the client creates, e.g. `createNote({ id: newItemId(), … })`.
 * Ids made by one process are strictly increasing. The server accepts one at most 60 s ahead of
 * its clock and at most 24 h old: make it when the item is written and reuse it on retries.
 */
export function newItemId(): string {
  return newId();
}

/** The time (milliseconds since 1970) a UUIDv7 carries, or null for any other UUID. */
export function itemIdTime(id: string): number | null {
  return uuidV7Time(id);
}
