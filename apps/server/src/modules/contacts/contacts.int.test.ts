import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { restLogin, typedCall } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  const { db } = database.handle;
  await createContact(db, demo.demo, {
    firstName: 'Diego',
    lastName: 'Sur',
    agentId: demo.users['vendedora@demo.test']!.id,
  });
  await createContact(db, demo.other, {
    firstName: 'Diego',
    lastName: 'Ajeno',
    agentId: demo.users['vendedor@otra.test']!.id,
  });
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

async function lookup(email: string, input: { search?: string; ids?: string[] }) {
  const { body } = await restLogin(app.url, email);
  const result = await typedCall(app.url, 'contacts.lookup', input, {
    token: body.token,
    method: 'GET',
  });
  return result.data.map((contact) => `${contact.firstName} ${contact.lastName}`);
}

describe('búsqueda de contactos para selectores', () => {
  it('un vendedor ve solo sus contactos', async () => {
    expect(await lookup('vendedor@demo.test', {})).toEqual([
      'Andrea Pérez',
      'Bruno Silva',
      'Carolina Díaz',
    ]);
    expect(await lookup('vendedora@demo.test', {})).toEqual(['Diego Sur']);
  });

  it('un supervisor ve los de su grupo y subgrupos; el comercial, toda la empresa', async () => {
    // Equipo Norte's seller's contacts, not Equipo Sur's.
    expect(await lookup('supervisor@demo.test', {})).toEqual([
      'Andrea Pérez',
      'Bruno Silva',
      'Carolina Díaz',
    ]);
    expect(await lookup('supervisor@demo.test', { search: 'Díaz' })).toEqual(['Carolina Díaz']);
    expect(await lookup('comercial@demo.test', { search: 'diego' })).toEqual(['Diego Sur']);
  });

  it('nunca devuelve contactos de otra empresa, ni por id', async () => {
    const { body } = await restLogin(app.url, 'vendedor@otra.test');
    const own = await typedCall(
      app.url,
      'contacts.lookup',
      {},
      { token: body.token, method: 'GET' },
    );
    const foreignIds = (
      await typedCall(
        app.url,
        'contacts.lookup',
        {},
        {
          token: (await restLogin(app.url, 'comercial@demo.test')).body.token,
          method: 'GET',
        },
      )
    ).data.map((contact) => contact.id);
    expect(own.data.map((contact) => contact.lastName)).toEqual(['Ajeno']);
    expect(await lookup('vendedor@otra.test', { ids: foreignIds })).toEqual([]);
  });
});
