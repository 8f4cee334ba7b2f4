import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle } from './client';

/**
 * Where the committed migrations live. Resolved through the package so it holds both when run
 * from source and from the server bundle (which inlines this code but keeps node_modules).
 */
export function migrationsFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@cartera/db/package.json')), 'migrations');
}

/** Any stable 64-bit number: the advisory lock that serialises concurrent migrators. */
const MIGRATION_LOCK = 72_616_001;

/**
 * Applies pending migrations. Several server instances may start at once against one database:
 * they queue on an advisory lock and the later ones find nothing left to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite(handle.pglite!), { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
