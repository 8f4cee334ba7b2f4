/**
 * The REST half of the authorisation harness: every documented REST adapter is walked from
 * /api/docs; each must either be listed here as public or refuse an anonymous caller with 401.
 * A new REST path is covered automatically, and a new public one fails until it is listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, type TestApp } from '../testing/test-app';

const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // Providers' webhooks: authenticated by the channel's signature or shared key, not a session.
  'GET /api/webhooks/{provider}/{key}',
  'POST /api/webhooks/{provider}/{key}',
  // Nylas's webhook: its verification (GET challenge) and notifications signed with its secret.
  'GET /api/webhooks/nylas',
  'POST /api/webhooks/nylas',
  // Aircall's webhook (issue #39): the company's key in the path and Aircall's token in the body.
  'POST /api/webhooks/aircall/{key}',
  // The customer's page of a 'Canal de prueba' (a made-up customer's phone; sandbox channels only).
  'GET /api/sandbox/whatsapp/{key}/messages',
  'POST /api/sandbox/whatsapp/{key}/messages',
  // The page a customer fills a form sent to them on (issue #42 item 3): its link's token only.
  'GET /api/comercial/forms/public/{token}',
  'POST /api/comercial/forms/public/{token}',
]);

let database: TestDatabase;
let app: TestApp;
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
  const document = (await (await fetch(`${app.url}/api/docs`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

const SAMPLE_ID = '00000000-0000-7000-8000-000000000001';

describe('arnés de autorización REST', () => {
  it('cada adaptador REST documentado rechaza a quien no inició sesión, salvo los públicos', async () => {
    expect(routes.length).toBeGreaterThan(10);
    const refusedOrPublic: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const url = `${app.url}${route.path.replace(/\{[^}]+\}/g, SAMPLE_ID)}`;
      const response = await fetch(url, {
        method: route.method,
        headers: route.method === 'GET' ? {} : { 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{}',
      });
      if (response.status !== 401) refusedOrPublic.push(`${key} → ${response.status}`);
    }
    expect(refusedOrPublic).toEqual([]);
  });

  it('los públicos declarados existen', () => {
    const documented = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const key of PUBLIC_ROUTES) expect(documented.has(key), key).toBe(true);
  });
});
