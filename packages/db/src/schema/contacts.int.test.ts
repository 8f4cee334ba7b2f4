import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { foldSearchTerm } from '@cartera/domain/search';
import { createContact, createTenant } from '../seed/factories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { contacts } from './contacts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe('búsqueda de contactos en la base', () => {
  it('encuentra por nombre sin acentos y por teléfono en cualquier formato, dentro de la empresa', async () => {
    const { db } = database.handle;
    const tenant = await createTenant(db, { name: 'Búsqueda', country: 'uy' });
    const other = await createTenant(db, { name: 'Otra', country: 'uy' });
    await createContact(db, tenant, {
      firstName: 'José',
      lastName: 'Núñez',
      phones: ['+59899123456'],
    });
    await createContact(db, tenant, {
      firstName: 'Ana',
      lastName: 'Gómez',
      phones: ['+59824001234'],
    });
    await createContact(db, other, { firstName: 'José', lastName: 'Ajeno' });

    const find = async (tenantId: string, term: string) => {
      const rows = await db
        .select({ lastName: contacts.lastName })
        .from(contacts)
        .where(
          and(
            eq(contacts.tenantId, tenantId),
            sql`${contacts.searchText} like ${`%${foldSearchTerm(term)}%`}`,
          ),
        );
      return rows.map((row) => row.lastName).sort();
    };
    expect(await find(tenant.id, 'nunez')).toEqual(['Núñez']);
    expect(await find(tenant.id, 'JOSÉ')).toEqual(['Núñez']);
    expect(await find(tenant.id, '099 123')).toEqual(['Núñez']);
    expect(await find(tenant.id, '+598 2400-1234')).toEqual(['Gómez']);
    expect(await find(tenant.id, 'nadie')).toEqual([]);
  });
});
