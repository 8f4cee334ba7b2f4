import { randomBytes } from 'node:crypto';

/** The last timestamp and 12-bit sequence handed out by this process (RFC 9562 method 1). */
let lastMs = 0;
let sequence = 0;

/**
 * UUIDv7 (RFC 9562): time-ordered, so new rows land at the end of B-tree indexes instead of
 * scattering writes. Generated in the application because PostgreSQL 15 has no uuidv7(). Ids
 * made by one process are strictly increasing, also within a millisecond (a 12-bit counter in
 * rand_a, starting at a random value below 2048), so an id orders what one server wrote even
 * when two rows share a millisecond. An explicit `now` (seeds, backfills) is used as given.
 */
export function newId(now?: number): string {
  let ms: number;
  let counter: number;
  if (now !== undefined) {
    ms = now;
    counter = randomBytes(2).readUInt16BE(0) & 0x0fff;
  } else {
    ms = Date.now();
    if (ms > lastMs) {
      lastMs = ms;
      sequence = randomBytes(2).readUInt16BE(0) & 0x07ff;
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
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
