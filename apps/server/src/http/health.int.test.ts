import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, type TestApp } from '../testing/test-app';

let database: TestDatabase;
let app: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

describe('/api/health', () => {
  it('responde 200 cuando la base de datos está disponible', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('responde 503 con un mensaje en español cuando la base de datos no responde', async () => {
    await database.takeDown();
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      database: 'down',
      code: 'SERVICE_UNAVAILABLE',
      message:
        'El servicio no está disponible en este momento. Inténtalo nuevamente en unos minutos.',
    });
  });
});
