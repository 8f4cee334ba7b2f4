/*
 * Whether a value has the shape of a record's id, without zod: the web's first bundle reads it
 * (the address's ids; issue #35 item 2). ids.ts re-exports it.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID, any version (ours are v7; ids from other systems may be v4). */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
