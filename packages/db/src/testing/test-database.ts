import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, openPglite, type DatabaseHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { withDatabase, type TestDatabaseSource } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export interface TestDatabase {
  readonly kind: 'postgres' | 'pglite';
  /** The handle a test (or the app under test) uses. */
  readonly handle: DatabaseHandle;
  /** postgres:// URL of this file's own database (postgres only). */
  readonly url?: string;
  /** The PGlite instance (pglite only), so a second app instance can share it. */
  readonly pglite?: PGlite;
  /** Another independent handle on the same database, as a second server instance would have. */
  connectAgain(): DatabaseHandle;
  /** Makes the database unreachable for every handle, as if the server went down. */
  takeDown(): Promise<void>;
  /** Drops this file's database. */
  destroy(): Promise<void>;
}

/**
 * Gives the calling test file a database of its own, migrated and empty: a CREATE DATABASE …
 * TEMPLATE copy on Postgres, or a fresh in-memory PGlite. Call it in `beforeAll`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source: TestDatabaseSource = inject('testDatabase') ?? { kind: 'pglite' };
  return source.kind === 'postgres' ? createPostgresCopy(source) : createPglite();
}

async function createPostgresCopy(
  source: Extract<TestDatabaseSource, { kind: 'postgres' }>,
): Promise<TestDatabase> {
  const name = `cartera_test_${randomBytes(6).toString('hex')}`;
  const adminQuery = async (text: string) => {
    const admin = new pg.Client({ connectionString: source.adminUrl });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };
  await adminQuery(
    `create database ${pg.escapeIdentifier(name)} template ${pg.escapeIdentifier(source.template)}`,
  );
  const url = withDatabase(source.adminUrl, name);
  const handles: DatabaseHandle[] = [];
  const open = () => {
    const handle = createDatabase({ url, poolSize: 5 });
    handles.push(handle);
    return handle;
  };
  const handle = open();
  return {
    kind: 'postgres',
    handle,
    url,
    connectAgain: open,
    async takeDown() {
      await adminQuery(`alter database ${pg.escapeIdentifier(name)} with allow_connections false`);
      await adminQuery(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`,
      );
    },
    async destroy() {
      await Promise.all(handles.map((each) => each.close().catch(() => {})));
      await adminQuery(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    },
  };
}

async function createPglite(): Promise<TestDatabase> {
  const pglite = openPglite();
  const handle = createDatabase({ pglite });
  await migrateDatabase(handle);
  return {
    kind: 'pglite',
    handle,
    pglite,
    connectAgain: () => createDatabase({ pglite }),
    async takeDown() {
      await pglite.close();
    },
    async destroy() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
