import { z } from 'zod';
import { validationEs } from './i18n/validation.es';

/** The last millisecond and 12-bit sequence handed out by this process or page (RFC 9562 method 1). */
let lastMs = 0;
let sequence = 0;

function randomBytes(count: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(count));
}

/**
 * UUIDv7 (RFC 9562): time-ordered, so new rows land at the end of B-tree indexes instead of
 * scattering writes, and a timeline ordered by id is ordered by time. The one generator of the
 * server, the seed and the web (Web Crypto, present in Node and browsers). Ids made by one
 * process or page are strictly increasing, also within a millisecond (a 12-bit counter in
 * rand_a, starting at a random value below 2048), so an id orders what one writer made even when
 * two share a millisecond. An explicit `now` (seeds, backfills) is used as given.
 */
export function newId(now?: number): string {
  let ms: number;
  let counter: number;
  if (now !== undefined) {
    ms = now;
    const [high, low] = randomBytes(2);
    counter = ((high! << 8) | low!) & 0x0fff;
  } else {
    const current = Date.now();
    if (current > lastMs) {
      lastMs = current;
      const [high, low] = randomBytes(2);
      sequence = ((high! << 8) | low!) & 0x07ff;
    } else {
      sequence += 1;
      if (sequence > 0x0fff) {
        lastMs += 1;
        sequence = 0;
      }
    }
    ms = lastMs;
    counter = sequence;
  }
  const bytes = randomBytes(16);
  let rest = ms;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export { isId } from './uuid';

/** How far ahead of the server's clock a client's id may be (clocks drift a little). */
export const CLIENT_ID_MAX_AHEAD_MS = 60_000;

/**
 * How old a client's id may be (issue #31): an offline queue may send items written minutes or
 * hours ago, but an item dated further back would land among old ones a live timeline has passed.
 */
export const CLIENT_ID_MAX_AGE_MS = 24 * 3_600_000;

/** Whether an id a client made is a UUIDv7 within 60 s ahead of `now` and at most 24 h old. */
export function isClientItemId(id: string, now: number = Date.now()): boolean {
  const time = uuidV7Time(id);
  return (
    time !== null && time <= now + CLIENT_ID_MAX_AHEAD_MS && time >= now - CLIENT_ID_MAX_AGE_MS
  );
}

/** The written form of a UUIDv7 (version 7, RFC 9562 variant). */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The time a UUIDv7 carries (its first 48 bits), or null for any other UUID. */
export function uuidV7Time(id: string): number | null {
  if (!UUID_V7.test(id)) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}

/**
 * The lowest UUIDv7 of a moment: every id made at or after `time` sorts at or above it, every id
 * made before sorts below (a period as a range of ids, for lists ordered by id).
 */
export function firstIdAt(time: number): string {
  const hex = Math.max(0, Math.floor(time)).toString(16).padStart(12, '0').slice(-12);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * The id a client gives a timeline item it creates (retries reuse it): a UUIDv7, since the
 * timeline is ordered by id, and not ahead of the server's clock, or it would sort after items
 * written later and a live timeline catching up from it would skip them; nor older than 24 h.
 * Every procedure taking a client-made item id uses it (notes, reminders, channel messages…).
 */
export const ZClientItemId = z
  .string()
  .regex(UUID_V7, { message: validationEs.clientItemIdInvalid, abort: true })
  .refine((id) => isClientItemId(id), { message: validationEs.clientItemIdInvalid })
  .meta({
    description:
      'A UUIDv7 (RFC 9562) the client makes for the new item and reuses on retries: its time ' +
      'at most 60 s ahead of the server clock and at most 24 h old (@cartera/client exports a maker).',
  });

/** A record's id as inputs take it: a UUID (one schema for every module). */
export const ZId = z.uuid();

/** The input of a procedure about one record: `{ id }`. */
export const ZIdInput = z.object({ id: ZId });
