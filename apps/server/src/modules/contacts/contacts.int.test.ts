import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createContact, createUser } from '@cartera/db/factories';
import { contacts, users } from '@cartera/db/schema';
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
  const result = await typedCall(app.url, 'contact.lookup', input, {
    token: body.token,
    method: 'GET',
  });
  return result.data.map((contact) => `${contact.firstName} ${contact.lastName}`);
}

/**
 * The sellers owning the contacts a lookup answers, read from the database: the demo has
 * hundreds of contacts, so visibility is checked on whose they are, not on a full list.
 */
async function ownersOf(email: string, input: { search?: string; ids?: string[] }) {
  const { body } = await restLogin(app.url, email);
  const result = await typedCall(app.url, 'contact.lookup', input, {
    token: body.token,
    method: 'GET',
  });
  const ids = result.data.map((contact) => contact.id);
  expect(ids.length).toBeGreaterThan(0);
  const rows = await database.handle.db
    .select({ email: users.email })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.agentId))
    .where(inArray(contacts.id, ids));
  return [...new Set(rows.map((row) => row.email ?? 'sin asignar'))].sort();
}

describe('lista de contactos', () => {
  async function list(email: string, input: Record<string, unknown>) {
    const { body } = await restLogin(app.url, email);
    return typedCall(app.url, 'contact.list', input, { token: body.token, method: 'GET' });
  }

  it('busca sin acentos ni mayúsculas y respeta lo que cada rol ve', async () => {
    const names = (result: Awaited<ReturnType<typeof list>>) =>
      result.data.items.map((contact) => `${contact.firstName} ${contact.lastName}`).sort();
    expect(names(await list('vendedor@demo.test', { search: 'PEREZ' }))).toEqual(['Andrea Pérez']);
    expect(names(await list('vendedor@demo.test', { search: 'diego' }))).toEqual([]);
    expect(names(await list('comercial@demo.test', { search: 'diego' }))).toEqual(['Diego Sur']);
    expect(names(await list('vendedor@otra.test', { search: 'diego' }))).toEqual(['Diego Ajeno']);
  });

  it('pagina por cursor, los más nuevos primero, sin repetir', async () => {
    const { db } = database.handle;
    const agent = await createUser(db, demo.south, { email: 'lote@demo.test' });
    for (let index = 0; index < 56; index += 1) {
      await createContact(db, demo.demo, { firstName: `Lote ${index}`, agentId: agent.id });
    }
    const first = await list('lote@demo.test', {});
    expect(first.data.items).toHaveLength(50);
    expect(first.data.items[0]!.firstName).toBe('Lote 55');
    const second = await list('lote@demo.test', { cursor: first.data.nextCursor });
    const ids = [...first.data.items, ...second.data.items].map((contact) => contact.id);
    expect(ids).toHaveLength(56);
    expect(new Set(ids).size).toBe(56);
    expect(second.data.nextCursor).toBeNull();
  });
});

describe('búsqueda de contactos para selectores', () => {
  it('un vendedor ve solo sus contactos', async () => {
    expect(await ownersOf('vendedor@demo.test', {})).toEqual(['vendedor@demo.test']);
    expect(await ownersOf('vendedora@demo.test', {})).toEqual(['vendedora@demo.test']);
    expect(await lookup('vendedor@demo.test', { search: 'Díaz' })).toEqual(['Carolina Díaz']);
    expect(await lookup('vendedor@demo.test', { search: 'Diego' })).toEqual([]);
    expect(await lookup('vendedora@demo.test', { search: 'Diego' })).toEqual(['Diego Sur']);
  });

  it('un supervisor ve los de su grupo y subgrupos; el comercial, toda la empresa', async () => {
    // Equipo Norte's sellers' contacts, not Equipo Sur's.
    const north = ['jail@demo.test', 'vendedor@demo.test'];
    for (const search of [undefined, 'a', 'e', 'o']) {
      const owners = await ownersOf('supervisor@demo.test', { search });
      expect(owners.filter((owner) => !north.includes(owner))).toEqual([]);
    }
    expect(await lookup('supervisor@demo.test', { search: 'Díaz' })).toEqual(['Carolina Díaz']);
    expect(await lookup('supervisor@demo.test', { search: 'diego' })).toEqual([]);
    expect(await lookup('comercial@demo.test', { search: 'diego' })).toEqual(['Diego Sur']);
  });

  it('nunca devuelve contactos de otra empresa, ni por id', async () => {
    const { body } = await restLogin(app.url, 'vendedor@otra.test');
    const own = await typedCall(
      app.url,
      'contact.lookup',
      {},
      { token: body.token, method: 'GET' },
    );
    const foreignIds = (
      await typedCall(
        app.url,
        'contact.lookup',
        {},
        {
          token: (await restLogin(app.url, 'comercial@demo.test')).body.token,
          method: 'GET',
        },
      )
    ).data.map((contact) => contact.id);
    expect(own.data.length).toBeGreaterThan(0);
    expect(await ownersOf('vendedor@otra.test', {})).toEqual(['vendedor@otra.test']);
    expect(await lookup('vendedor@otra.test', { search: 'diego' })).toEqual(['Diego Ajeno']);
    expect(await lookup('comercial@demo.test', { search: 'ajeno' })).toEqual([]);
    expect(await lookup('vendedor@otra.test', { ids: foreignIds })).toEqual([]);
  });
});
