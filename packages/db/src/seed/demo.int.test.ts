import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from '../passwords';
import { groups, users } from '../schema/index';
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
