import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { sessions } from '@cartera/db/schema';
import { useDemoApp } from '../testing/demo-app';
import { restLogin } from '../testing/http-client';
import { hashToken } from '../modules/sessions/session.service';

/*
 * A page on another site cannot use a signed-in browser's cookie (issue #19 §8): not to open the
 * websocket, not to change anything, and not with a form's encodings.
 */
const env = useDemoApp();

const EVIL = 'https://evil.example';

/** Opens the API's websocket with the cookie and an Origin; answers how the handshake ended. */
function openSocket(cookie: string, origin: string) {
  return new Promise<{ opened: boolean; status?: number }>((resolve) => {
    const socket = new WebSocket(`${env.app.url.replace(/^http/, 'ws')}/api/trpc`, {
      headers: { cookie, origin },
    });
    socket.on('open', () => {
      socket.close();
      resolve({ opened: true });
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode });
      socket.terminate();
    });
    socket.on('error', () => resolve({ opened: false }));
  });
}

async function cookieSession() {
  const { body } = await restLogin(env.app.url, 'vendedor@demo.test');
  return { token: body.token, cookie: `cartera_session=${body.token}` };
}

async function sessionExists(token: string) {
  const rows = await env.database.handle.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return rows.length === 1;
}

describe('solicitudes desde otro sitio', () => {
  it('una página de otro origen no abre el websocket con la cookie; la propia sí', async () => {
    const { cookie } = await cookieSession();
    expect(await openSocket(cookie, EVIL)).toEqual({ opened: false, status: 403 });
    expect(await openSocket(cookie, env.app.url)).toEqual({ opened: true });
  });

  it('un POST con la cookie desde otro origen se rechaza y no cambia nada', async () => {
    const { token, cookie } = await cookieSession();
    const response = await fetch(`${env.app.url}/api/trpc/auth.logout`, {
      method: 'POST',
      headers: { cookie, origin: EVIL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      code: 'CROSS_SITE_REQUEST',
      message: 'La solicitud viene de otro sitio y no se aceptó.',
    });
    expect(await sessionExists(token)).toBe(true);
  });

  it('Sec-Fetch-Site cross-site también se rechaza; same-origin pasa', async () => {
    const { token, cookie } = await cookieSession();
    const refused = await fetch(`${env.app.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(refused.status).toBe(403);
    expect(await sessionExists(token)).toBe(true);
    const accepted = await fetch(`${env.app.url}/api/trpc/auth.logout`, {
      method: 'POST',
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        origin: env.app.url,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(accepted.status).toBe(200);
    expect(await sessionExists(token)).toBe(false);
  });

  it('tRPC no acepta formularios: urlencoded, multipart y texto responden 415', async () => {
    const { token, cookie } = await cookieSession();
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const response = await fetch(`${env.app.url}/api/trpc/auth.logout`, {
        method: 'POST',
        headers: { cookie, origin: env.app.url, 'content-type': type },
        body: 'a=1',
      });
      expect(response.status, type).toBe(415);
      expect(((await response.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await sessionExists(token)).toBe(true);
  });

  it('un cliente de API con Bearer llama sin Origin', async () => {
    const { token } = await cookieSession();
    const response = await fetch(`${env.app.url}/api/trpc/auth.logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });
});
