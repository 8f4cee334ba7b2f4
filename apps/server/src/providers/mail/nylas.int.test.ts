import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound } from '../../lib/outbound';
import { startFakeNylas, type FakeNylas } from '../../testing/fake-nylas';
import { NylasApiError, NylasClient, nylasSignature, nylasSignatureValid } from './nylas';

/*
 * The Nylas v3 client against the fake (testing/fake-nylas.ts): the shapes it sends, large
 * attachments as multipart, and Nylas's failures as the product's codes.
 */
let nylas: FakeNylas;
let client: NylasClient;

beforeAll(async () => {
  nylas = await startFakeNylas();
  configureOutbound({ allowedHosts: ['127.0.0.1'] });
  client = new NylasClient({
    apiKey: nylas.apiKey,
    clientId: nylas.clientId,
    apiUri: nylas.url,
    webhookSecret: nylas.webhookSecret,
    redirectUri: 'https://crm.example.com/settings',
  });
});

afterAll(async () => {
  configureOutbound({ allowedHosts: [] });
  await nylas?.stop();
});

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NylasApiError);
  return error as NylasApiError;
}

describe('cliente de Nylas v3', () => {
  it('la firma del webhook es el HMAC-SHA256 en hexadecimal de los bytes exactos', () => {
    const body = Buffer.from('{"type":"message.created"}');
    const signature = nylasSignature('secreto', body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(nylasSignatureValid('secreto', body, signature)).toBe(true);
    expect(nylasSignatureValid('secreto', body, signature.toUpperCase())).toBe(true);
    expect(nylasSignatureValid('otro', body, signature)).toBe(false);
    expect(nylasSignatureValid('secreto', Buffer.from(`${body.toString()} `), signature)).toBe(
      false,
    );
    expect(nylasSignatureValid(undefined, body, signature)).toBe(false);
    expect(nylasSignatureValid('secreto', body, undefined)).toBe(false);
  });

  it('canjea un código una vez; uno desconocido o usado es EMAIL_NYLAS_AUTH_FAILED', async () => {
    const code = nylas.issueCode('Ana@Gmail.test');
    const grant = await client.exchangeCode(code);
    expect(grant.email).toBe('ana@gmail.test');
    expect(nylas.grants.get(grant.grantId)?.email).toBe('ana@gmail.test');
    const used = await failure(client.exchangeCode(code));
    expect(used).toMatchObject({
      code: 'EMAIL_NYLAS_AUTH_FAILED',
      status: 400,
      type: 'invalid_grant',
    });
  });

  it('los adjuntos grandes van en multipart; los fallos de Nylas se traducen', async () => {
    const { grantId } = await client.exchangeCode(nylas.issueCode('luis@gmail.test'));
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const sent = await client.send(grantId, {
      to: [{ email: 'cliente@cliente.test', name: 'Cliente' }],
      cc: [],
      bcc: [],
      subject: 'Catálogo',
      body: '<p>Adjunto</p>',
      attachments: [{ filename: 'catálogo.pdf', contentType: 'application/pdf', content: big }],
    });
    expect(sent.id).toBeTruthy();
    const last = nylas.sent.at(-1)!;
    expect(last.message).toMatchObject({
      subject: 'Catálogo',
      to: [{ email: 'cliente@cliente.test' }],
    });
    expect(last.attachments[0]!.content.equals(big)).toBe(true);

    // Nylas not answering well: worth trying again.
    nylas.fail(503, 'api_error', 'Service unavailable');
    const busy = await failure(client.message(grantId, sent.id));
    expect(busy.code).toBe('EMAIL_NYLAS_UNAVAILABLE');
    expect(busy.passing).toBe(true);
    // A refused send: its words, not retried.
    nylas.fail(400, 'invalid_request_error', 'to: invalid address');
    const refused = await failure(
      client.send(grantId, {
        to: [{ email: 'x' }],
        cc: [],
        bcc: [],
        subject: '',
        body: '',
        attachments: [],
      }),
    );
    expect(refused).toMatchObject({
      code: 'EMAIL_SEND_REFUSED',
      details: { reason: 'to: invalid address' },
    });
    expect(refused.passing).toBe(false);
    nylas.recover();

    // A message gone is undefined; a grant gone asks to connect the mailbox again.
    expect(await client.message(grantId, 'msg_que_no_existe')).toBeUndefined();
    nylas.revokeGrant(grantId);
    const gone = await failure(client.message(grantId, sent.id));
    expect(gone.code).toBe('EMAIL_ACCOUNT_UNAVAILABLE');

    // A wrong API key is the operator's: no mailbox is blamed.
    const wrongKey = new NylasClient({
      apiKey: 'otra-clave',
      clientId: nylas.clientId,
      apiUri: nylas.url,
      webhookSecret: undefined,
      redirectUri: 'https://crm.example.com/settings',
    });
    const unauthorized = await failure(wrongKey.message('grant_x', 'msg_x'));
    expect(unauthorized.code).toBe('EMAIL_NYLAS_UNAVAILABLE');
  });

  it('la URL de autenticación lleva lo que Nylas pide', () => {
    const url = new URL(
      client.authUrl({ state: 'estado', provider: 'microsoft', loginHint: 'ana@outlook.test' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${nylas.url}/v3/connect/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: nylas.clientId,
      redirect_uri: 'https://crm.example.com/settings',
      response_type: 'code',
      state: 'estado',
      provider: 'microsoft',
      login_hint: 'ana@outlook.test',
    });
  });
});
