import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './webhooks';

const SECRET = 'whsec_prueba';
const NOW = 1_800_000_000;
const BODY = JSON.stringify({
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  type: 'interaction.created',
  occurredAt: '2026-11-28T07:00:00.000Z',
  data: { contactId: '01890a5d-ac96-774b-bcce-b302099a8058' },
});

/** The headers Cartera sends with a delivery signed at `timestamp` under `secret`. */
function signed(body: string, timestamp: number, secret = SECRET) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: `v1=${signature}`,
  };
}

describe('verifyWebhook', () => {
  it('acepta una entrega con firma válida y entrega el evento', () => {
    const result = verifyWebhook(SECRET, signed(BODY, NOW), BODY, 300, NOW);
    expect(result).toEqual({ ok: true, event: JSON.parse(BODY) });
  });

  it('acepta las cabeceras de fetch (Headers) y el cuerpo en bytes', () => {
    const headers = new Headers(signed(BODY, NOW));
    const result = verifyWebhook(SECRET, headers, new TextEncoder().encode(BODY), 300, NOW);
    expect(result.ok).toBe(true);
  });

  it('rechaza un cuerpo modificado', () => {
    const changed = BODY.replace('interaction.created', 'contact.archived');
    expect(verifyWebhook(SECRET, signed(BODY, NOW), changed, 300, NOW)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rechaza una entrega antigua repetida (marca de tiempo fuera de la tolerancia)', () => {
    const old = NOW - 301;
    expect(verifyWebhook(SECRET, signed(BODY, old), BODY, 300, NOW)).toEqual({
      ok: false,
      reason: 'old-timestamp',
    });
  });

  it('rechaza una firma hecha con otro secreto', () => {
    expect(verifyWebhook(SECRET, signed(BODY, NOW, 'otro-secreto'), BODY, 300, NOW)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('rechaza una entrega sin cabeceras de firma', () => {
    expect(verifyWebhook(SECRET, {}, BODY, 300, NOW)).toEqual({
      ok: false,
      reason: 'missing-headers',
    });
  });
});
