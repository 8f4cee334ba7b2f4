import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { normalizePhone } from '@cartera/domain/phone';
import { contactSearchText } from '@cartera/domain/search';
import { verifyPassword } from '../passwords';
import {
  companies,
  companyContacts,
  contacts,
  groups,
  origins,
  sectors,
  statusTags,
  users,
} from '../schema/index';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedDemo } from './demo';
import { isEmpty } from './factories';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe('datos de demostración', () => {
  it('crea las dos empresas, los equipos y los usuarios con la contraseña Demo1234', async () => {
    const { db } = database.handle;
    expect(await isEmpty(db)).toBe(true);
    const demo = await seedDemo(db);
    expect(await isEmpty(db)).toBe(false);

    expect(demo.demo.tenantId).toBe(demo.demo.id);
    expect(demo.demo.country).toBe('uy');
    expect(demo.demo.logo).toBeTruthy();
    expect(demo.other.country).toBe('ar');
    expect(demo.north.ancestors).toEqual([demo.demo.id]);
    expect(demo.north.tenantId).toBe(demo.demo.id);

    const all = await db.select().from(users);
    expect(all).toHaveLength(11);
    const supervisor = all.find((user) => user.email === 'supervisor@demo.test')!;
    expect(supervisor.roles).toEqual(['super']);
    expect(supervisor.groupId).toBe(demo.north.id);
    expect(
      all.find((user) => user.email === 'cambio@demo.test')!.requirePasswordChangeByPolicy,
    ).toBe(true);
    expect(all.find((user) => user.email === 'jail@demo.test')!.jailUrl).toEqual([
      '/training',
      '/settings',
    ]);
    const other = all.find((user) => user.email === 'vendedor@otra.test')!;
    expect(other.tenantId).toBe(demo.other.id);
    expect(await verifyPassword(other.passwordHash, 'Demo1234')).toBe(true);
    expect(await verifyPassword(other.passwordHash, 'otra')).toBe(false);
  });

  it('no admite dos usuarios con el mismo e-mail, sin importar mayúsculas', async () => {
    const { db } = database.handle;
    const [tenant] = await db.select().from(groups).where(eq(groups.name, 'Demo Uruguay'));
    await expect(
      db.execute(
        sql`insert into users (tenant_id, id, group_id, name, email, password_hash, roles)
            values (${tenant!.id}, gen_random_uuid(), ${tenant!.id}, 'X', 'ADMIN@demo.test', 'x', '{user}')`,
      ),
    ).rejects.toThrow();
  });
});

describe('contactos de demostración', () => {
  async function tenantContacts(name: string) {
    const { db } = database.handle;
    const [tenant] = await db.select().from(groups).where(eq(groups.name, name));
    const rows = await db
      .select()
      .from(contacts)
      .where(eq(contacts.tenantId, tenant!.id))
      .orderBy(asc(contacts.id));
    return { tenant: tenant!, rows };
  }

  it('Demo Uruguay tiene 500 contactos repartidos entre sus vendedores, además de los 3 de empresas y la conversación larga', async () => {
    const { db } = database.handle;
    const { tenant, rows } = await tenantContacts('Demo Uruguay');
    expect(rows).toHaveLength(504);
    const sellers = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.tenantId, tenant.id));
    const sellerOf = new Map(sellers.map((user) => [user.id, user.email]));
    const perAgent = new Map<string, number>();
    for (const row of rows) {
      const key = row.agentId ? sellerOf.get(row.agentId)! : 'sin asignar';
      perAgent.set(key, (perAgent.get(key) ?? 0) + 1);
      expect(row.firstAgentId).toBe(row.agentId);
    }
    expect([...perAgent.keys()].sort()).toEqual([
      'cambio@demo.test',
      'jail@demo.test',
      'sin asignar',
      'vendedor@demo.test',
      'vendedora@demo.test',
    ]);
    expect(perAgent.get('sin asignar')).toBeGreaterThan(25);
    expect(perAgent.get('sin asignar')).toBeLessThan(80);
    // The three contacts the companies area seeded are still there, with their names alone.
    const names = rows.map((row) => `${row.firstName} ${row.lastName}`);
    for (const name of ['Andrea Pérez', 'Bruno Silva', 'Carolina Díaz']) {
      expect(names.filter((other) => other === name)).toEqual([name]);
    }
    expect(
      names.filter((name) => /andr|bru|carol|diego|p[eé]rez|silva|d[ií]az/i.test(name)),
    ).toEqual(['Andrea Pérez', 'Bruno Silva', 'Carolina Díaz']);
  });

  it('guarda teléfonos E.164 válidos y únicos, uruguayos en su mayoría, y el texto de búsqueda', async () => {
    for (const [name, country, share] of [
      ['Demo Uruguay', 'uy', /^\+5989/],
      ['Otra Empresa', 'ar', /^\+549/],
    ] as const) {
      const { rows } = await tenantContacts(name);
      const phones = rows.flatMap((row) => row.phones);
      expect(new Set(phones).size).toBe(phones.length);
      for (const phone of phones) expect(normalizePhone(phone, country)).toBe(phone);
      const withPhone = rows.filter((row) => row.phones.length > 0);
      expect(withPhone.length).toBeGreaterThan(rows.length * 0.85);
      const home = withPhone.filter((row) => share.test(row.phones[0]!));
      expect(home.length).toBeGreaterThan(withPhone.length * (country === 'uy' ? 0.75 : 0.95));
      for (const row of rows) {
        expect(row.phonesMetadata.map((entry) => entry.phone)).toEqual(row.phones);
        expect(row.searchText).toBe(contactSearchText(row, country));
      }
    }
    const { rows } = await tenantContacts('Demo Uruguay');
    const argentine = rows.filter((row) => row.phones[0]?.startsWith('+549'));
    expect(argentine.length).toBeGreaterThan(40);
    expect(rows.some((row) => row.phones.length === 2)).toBe(true);
    expect(rows.filter((row) => row.emails.length > 0).length).toBeGreaterThan(350);
  });

  it('los ids siguen el orden de creación de los últimos 18 meses', async () => {
    const { rows } = await tenantContacts('Demo Uruguay');
    const times = rows.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const oldest = Date.now() - times[0]!;
    expect(oldest).toBeGreaterThan(400 * 24 * 3600 * 1000);
    expect(oldest).toBeLessThan(560 * 24 * 3600 * 1000);
  });

  it('usa etiquetas y orígenes de la empresa y afilia cerca de un 30% a sus empresas', async () => {
    const { db } = database.handle;
    for (const name of ['Demo Uruguay', 'Otra Empresa']) {
      const { tenant, rows } = await tenantContacts(name);
      const tags = (
        await db.select().from(statusTags).where(eq(statusTags.tenantId, tenant.id))
      ).map((tag) => tag.code);
      const originCodes = (
        await db.select().from(origins).where(eq(origins.tenantId, tenant.id))
      ).map((origin) => origin.code);
      for (const row of rows) {
        if (row.statusTag) expect(tags).toContain(row.statusTag);
        if (row.origin) expect(originCodes).toContain(row.origin);
      }
      expect(rows.some((row) => row.statusTag === null)).toBe(true);
      const links = await db
        .select({
          companyId: companyContacts.companyId,
          sectorId: companyContacts.sectorId,
          sectorCompany: sectors.companyId,
        })
        .from(companyContacts)
        .leftJoin(
          sectors,
          and(
            eq(sectors.tenantId, companyContacts.tenantId),
            eq(sectors.id, companyContacts.sectorId),
          ),
        )
        .where(eq(companyContacts.tenantId, tenant.id));
      expect(links.length).toBeGreaterThan(rows.length * 0.2);
      expect(links.length).toBeLessThan(rows.length * 0.45);
      for (const link of links) {
        if (link.sectorId) expect(link.sectorCompany).toBe(link.companyId);
      }
      expect(links.some((link) => link.sectorId !== null)).toBe(name === 'Demo Uruguay');
    }
    const [barraca] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.displayName, 'Barraca Central'));
    expect(
      await db.select().from(companyContacts).where(eq(companyContacts.companyId, barraca!.id)),
    ).toEqual([]);
  });
});
