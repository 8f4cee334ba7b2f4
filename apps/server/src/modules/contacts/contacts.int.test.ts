import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createContact, createUser } from '@cartera/db/factories';
import { contacts, users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

beforeAll(async () => {
  const { db } = env.database.handle;
  await createContact(db, env.demo.demo, {
    firstName: 'Diego',
    lastName: 'Sur',
    agentId: env.demo.users['vendedora@demo.test']!.id,
  });
  await createContact(db, env.demo.other, {
    firstName: 'Diego',
    lastName: 'Ajeno',
    agentId: env.demo.users['vendedor@otra.test']!.id,
  });
});

async function lookup(email: string, input: { search?: string; ids?: string[] }) {
  const result = await env.call(email, 'contact.lookup', input);
  return result.data.map((contact) => `${contact.firstName} ${contact.lastName}`);
}

/**
 * The sellers owning the contacts a lookup answers, read from the database: the demo has
 * hundreds of contacts, so visibility is checked on whose they are, not on a full list.
 */
async function ownersOf(email: string, input: { search?: string; ids?: string[] }) {
  const result = await env.call(email, 'contact.lookup', input);
  const ids = result.data.map((contact) => contact.id);
  expect(ids.length).toBeGreaterThan(0);
  const rows = await env.database.handle.db
    .select({ email: users.email })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.agentId))
    .where(inArray(contacts.id, ids));
  return [...new Set(rows.map((row) => row.email ?? 'sin asignar'))].sort();
}

describe('lista de contactos', () => {
  const list = (email: string, input: Record<string, unknown>) =>
    env.call(email, 'contact.list', input);

  it('busca sin acentos ni mayúsculas y respeta lo que cada rol ve', async () => {
    const names = (result: Awaited<ReturnType<typeof list>>) =>
      result.data.items.map((contact) => `${contact.firstName} ${contact.lastName}`).sort();
    expect(names(await list('vendedor@demo.test', { search: 'PEREZ' }))).toEqual(['Andrea Pérez']);
    expect(names(await list('vendedor@demo.test', { search: 'diego' }))).toEqual([]);
    expect(names(await list('comercial@demo.test', { search: 'diego' }))).toEqual(['Diego Sur']);
    expect(names(await list('vendedor@otra.test', { search: 'diego' }))).toEqual(['Diego Ajeno']);
  });

  it('con menos de tres letras busca el comienzo del nombre, no en medio', async () => {
    const names = (result: Awaited<ReturnType<typeof list>>) =>
      result.data.items.map((contact) => `${contact.firstName} ${contact.lastName}`);
    const andrea = names(await list('vendedor@demo.test', { search: 'AN' }));
    expect(andrea).toContain('Andrea Pérez');
    expect(andrea.every((name) => /^an/i.test(name))).toBe(true);
    // 'ré' is inside 'Andrea Pérez' but starts no first name: nothing.
    expect(names(await list('vendedor@demo.test', { search: 'ré' }))).toEqual([]);
  });

  it('pagina por cursor, los más nuevos primero, sin repetir', async () => {
    const { db } = env.database.handle;
    const agent = await createUser(db, env.demo.south, { email: 'lote@demo.test' });
    for (let index = 0; index < 56; index += 1) {
      await createContact(db, env.demo.demo, { firstName: `Lote ${index}`, agentId: agent.id });
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
    const own = await env.call('vendedor@otra.test', 'contact.lookup', {});
    const foreignIds = (await env.call('comercial@demo.test', 'contact.lookup', {})).data.map(
      (contact) => contact.id,
    );
    expect(own.data.length).toBeGreaterThan(0);
    expect(await ownersOf('vendedor@otra.test', {})).toEqual(['vendedor@otra.test']);
    expect(await lookup('vendedor@otra.test', { search: 'diego' })).toEqual(['Diego Ajeno']);
    expect(await lookup('comercial@demo.test', { search: 'ajeno' })).toEqual([]);
    expect(await lookup('vendedor@otra.test', { ids: foreignIds })).toEqual([]);
  });
});
