import { createHash } from 'node:crypto';

/**
 * A UUIDv7 that is always the same for the same time and key: the id of an item brought from
 * outside (a mail) whose every copy must land on one row. Its first 48 bits are `ms`, so it
 * sorts by time like any other id; the rest is the key's SHA-256 (version and variant set).
 */
export function stableId(ms: number, key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  let rest = Math.max(0, Math.floor(ms));
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
