import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

/*
 * Sharding by tenant (issue #37 item 5, docs/capacity.md): a table a tenant owns keeps its rows
 * together by leading its primary key and every foreign key with `tenant_id`, so a distributed
 * PostgreSQL (Citus) can place a tenant's rows and their joins on one node. The exceptions are
 * the tables that are read before the tenant is known or that hold no tenant, each with why.
 */
const EXCEPTIONS: Record<string, string> = {
  login_attempts: 'keyed by e-mail and IP before anyone is signed in; no tenant',
  sessions: 'looked up by the token hash alone, before the tenant is known',
  dead_letters:
    'holds webhooks whose address matched no company (tenant_id null); read by support across companies',
  webhook_inbox:
    'a work queue of a few seconds per row, taken across companies in arrival order (available_at, id)',
};

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.handle.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('claves por empresa', () => {
  it('toda tabla con tenant_id lo pone primero en su clave primaria y en sus claves foráneas', async () => {
    const tables = await rows<{ name: string; hasTenant: boolean; firstKey: string | null }>(sql`
      select c.relname as name,
        exists (select 1 from pg_attribute a
          where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as "hasTenant",
        (select a.attname from pg_constraint k
          join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
          where k.conrelid = c.oid and k.contype = 'p') as "firstKey"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname not like '\\_\\_drizzle%'
      order by c.relname`);
    expect(tables.length).toBeGreaterThan(40);
    const keyed = tables.filter((table) => !(table.name in EXCEPTIONS));
    // Every table but the exceptions belongs to a tenant…
    expect(keyed.filter((table) => !table.hasTenant).map((table) => table.name)).toEqual([]);
    // …and its primary key starts with it.
    expect(
      keyed
        .filter((table) => table.firstKey !== 'tenant_id')
        .map((table) => `${table.name} (${table.firstKey})`),
    ).toEqual([]);
    // The exceptions exist: a renamed table must not leave a stale reason behind.
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(Object.keys(EXCEPTIONS)),
    );

    const foreignKeys = await rows<{ name: string; table: string; first: string }>(sql`
      select k.conname as name, k.conrelid::regclass::text as table, a.attname as first
      from pg_constraint k
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`);
    expect(foreignKeys.length).toBeGreaterThan(15);
    expect(
      foreignKeys
        .filter((key) => key.first !== 'tenant_id' && !(key.table in EXCEPTIONS))
        .map((key) => `${key.table}.${key.name}`),
    ).toEqual([]);
  });
});
