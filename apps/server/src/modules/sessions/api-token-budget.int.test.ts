import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/demo-app';
import { trpcCall } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { connectWs } from '../../testing/ws-client';
import { SELLER } from '../../testing/demo-users';

/**
 * Issue #30 S3: a personal API token's budget (API_TOKEN_RATE_LIMIT calls a minute) is one,
 * whatever the transport and whichever instance answers: a websocket's calls count as HTTP's,
 * and a second instance on the same database sees what the first counted.
 */
const LIMIT = 15;
const env = useDemoApp({ JOBS_ENABLED: 'false', API_TOKEN_RATE_LIMIT: String(LIMIT) });

let second: TestApp;
beforeAll(async () => {
  second = await startTestApp(env.database.handle, {
    JOBS_ENABLED: 'false',
    API_TOKEN_RATE_LIMIT: String(LIMIT),
  });
});
afterAll(async () => {
  await second?.stop();
});

async function newToken() {
  const created = await env.call(SELLER, 'apiToken.create', { name: 'Integración', scope: 'read' });
  return created.data!.token;
}

const overHttp = (url: string, token: string) =>
  trpcCall(url, 'contact.list', {}, { token, method: 'GET' });

/** A websocket call's outcome: 'ok' or the domain code it was refused with. */
async function overWs(socket: ReturnType<typeof connectWs>) {
  try {
    await socket.client.contact.list.query({});
    return 'ok';
  } catch (error) {
    return (error as { data?: { domainCode?: string } }).data?.domainCode ?? String(error);
  }
}

describe('presupuesto de un token de API (S3)', () => {
  it('las llamadas por websocket cuentan como las de HTTP, y pasado el límite ninguna pasa', async () => {
    const token = await newToken();
    const socket = connectWs(env.app.url, token);
    try {
      const answers = [];
      for (let call = 0; call < LIMIT; call += 1) answers.push(await overWs(socket));
      expect(answers).toEqual(Array.from({ length: LIMIT }, () => 'ok'));
      expect(await overWs(socket)).toBe('TOO_MANY_REQUESTS');
      const overHttpAnswer = await overHttp(env.app.url, token);
      expect(overHttpAnswer.status).toBe(429);
      expect(overHttpAnswer.error?.message).toBe(
        'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.',
      );
    } finally {
      socket.close();
    }
  });

  it('un token agotado por HTTP tampoco llama por websocket ni por REST', async () => {
    const token = await newToken();
    for (let call = 0; call < LIMIT; call += 1) {
      expect((await overHttp(env.app.url, token)).status).toBe(200);
    }
    const socket = connectWs(env.app.url, token);
    try {
      expect(await overWs(socket)).toBe('TOO_MANY_REQUESTS');
    } finally {
      socket.close();
    }
    const rest = await fetch(`${env.app.url}/api/crm/contacts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(429);
    expect(await rest.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('dos instancias sobre la misma base comparten el presupuesto', async () => {
    const token = await newToken();
    for (let call = 0; call < LIMIT; call += 1) {
      const url = call % 2 === 0 ? env.app.url : second.url;
      expect((await overHttp(url, token)).status).toBe(200);
    }
    expect((await overHttp(second.url, token)).status).toBe(429);
    expect((await overHttp(env.app.url, token)).status).toBe(429);
    // Another token of the same user, and the user's own session, are not touched.
    expect((await overHttp(second.url, await newToken())).status).toBe(200);
    expect((await env.call(SELLER, 'contact.list', {})).status).toBe(200);
  });
});
