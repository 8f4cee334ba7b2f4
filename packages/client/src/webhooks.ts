import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Checking Cartera's outbound webhooks (issue #36 item 4). Each delivery is a POST whose body is
 * JSON `{ id, type, occurredAt, data }`, with the headers
 *   x-cartera-timestamp: the seconds since 1970 when it was signed,
 *   x-cartera-signature: v1=<hex HMAC-SHA256 of `${timestamp}.${body}` under the secret>,
 *   x-cartera-event-id:  the event id (also the body's `id`).
 * A delivery may arrive more than once (at least once): de-duplicate by `id`. No dependency but
 * Node's crypto.
 */

export const WEBHOOK_TIMESTAMP_HEADER = 'x-cartera-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-cartera-signature';

/** What a verified delivery tells. */
export interface WebhookEvent {
  /** Stable event id: receivers de-duplicate by it. */
  id: string;
  /** e.g. 'message.received', 'interaction.created', 'webhook.test'. */
  type: string;
  /** ISO 8601. */
  occurredAt: string;
  /** Ids of what changed (contactId, interactionId…), never the company. */
  data: Record<string, unknown>;
}

export type WebhookVerification =
  | { ok: true; event: WebhookEvent }
  | { ok: false; reason: 'missing-headers' | 'bad-signature' | 'old-timestamp' | 'bad-body' };

type HeaderBag =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((each) => each.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Verifies a delivery: the signature must be the subscription secret's over the raw body exactly
 * as received (before any JSON parsing), and the timestamp within `toleranceSeconds` of now
 * (default 5 minutes), which refuses a replayed old delivery. Answers the event when both hold.
 */
export function verifyWebhook(
  secret: string,
  headers: HeaderBag,
  body: string | Uint8Array,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
): WebhookVerification {
  const timestamp = header(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signature = header(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) {
    return { ok: false, reason: 'missing-headers' };
  }
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.${text}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad-signature' };
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    return { ok: false, reason: 'old-timestamp' };
  }
  try {
    return { ok: true, event: JSON.parse(text) as WebhookEvent };
  } catch {
    return { ok: false, reason: 'bad-body' };
  }
}
