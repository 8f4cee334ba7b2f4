/** The last millisecond and counter handed out on this page (RFC 9562 method 1). */
let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) for a timeline item the client creates: time-ordered like the server's
 * ids, made once per action so a retry of the same action is recognised by the server.
 */
export function newActionId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = crypto.getRandomValues(new Uint16Array(1))[0]! & 0x07ff;
  } else {
    sequence += 1;
    if (sequence > 0x0fff) {
      lastMs += 1;
      sequence = 0;
    }
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = lastMs;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
