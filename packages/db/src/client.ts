import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Drizzle over either driver: services and repositories only ever see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Anything a repository can run SQL on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'postgres' | 'pglite';

export interface ListenOptions {
  /** Called when the listening connection is lost; the caller reconnects and catches up. */
  onLost?: (error: Error) => void;
}

export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Database;
  /** Present in embedded mode: pg-boss and LISTEN run on the same single connection. */
  readonly pglite?: PGlite;
  /** Present with a server: pg-boss opens its own pool on it. */
  readonly connectionString?: string;
  /** Runs a trivial query, failing fast when the database is unreachable. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Calls `listener` synchronously whenever a statement that writes a table (insert, update,
   * delete) is sent through `db`, before it runs, with the table's name and the statement's text:
   * a cache in this process can drop what the write may change. Returns the unsubscribe.
   */
  onWrite(listener: WriteListener): () => void;
  /** LISTEN on a channel; resolves once listening. The returned function stops listening. */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type WriteListener = (table: string, statement: string) => void;

/** Work to do once a transaction has committed, given the database it ran on. */
export type CommitHook = (db: Database) => Promise<void>;

const commitHooks = new WeakMap<object, CommitHook[]>();

/**
 * Runs `hook` after `tx` commits (never when it rolls back), before `db.transaction` resolves,
 * so the caller of a write sees its after-commit work done. Hooks run one after the other, in
 * the order they were added; a hook's failure is its own to handle (the change is committed).
 * Answers false for a transaction not opened by a handle of this module: the hook will not run.
 */
export function afterCommit(tx: Transaction, hook: CommitHook): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** Gives `db.transaction` the after-commit hooks of `afterCommit`. */
function withCommitHooks(db: Database): Database {
  const transaction = db.transaction.bind(db);
  const wrapped: Database['transaction'] = async (run, config) => {
    const hooks: CommitHook[] = [];
    const result = await transaction((tx) => {
      commitHooks.set(tx, hooks);
      return run(tx);
    }, config);
    for (const hook of hooks) await hook(db);
    return result;
  };
  db.transaction = wrapped;
  return db;
}

const WRITE_STATEMENT = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/i;

/**
 * Drizzle's logger is its one hook that sees every statement (prepared ones and those inside
 * transactions included); this one only reads the written table's name for `onWrite`.
 */
function writeWatch() {
  const listeners = new Set<WriteListener>();
  const logger = {
    logQuery(query: string) {
      if (listeners.size === 0) return;
      const table = WRITE_STATEMENT.exec(query)?.[1];
      if (table) for (const listener of listeners) listener(table.toLowerCase(), query);
    },
  };
  return {
    /** The options of both drivers' Drizzle instance. */
    drizzleOptions: { schema, casing: 'snake_case' as const, logger },
    onWrite(listener: WriteListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export interface CreateDatabaseOptions {
  /** postgres:// URL of a real server. Without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder of the embedded database; omitted = in memory (tests). */
  dataDir?: string | undefined;
  /** An existing PGlite instance to share (a second app instance in one process). */
  pglite?: PGlite | undefined;
  poolSize?: number;
  applicationName?: string;
}

/**
 * Extensions the migrations create. PGlite loads an extension only when it is passed to its
 * constructor; a real PostgreSQL needs them installed (Debian: postgresql-contrib).
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/** An embedded database with the extensions the migrations need; in memory without a folder. */
export function openPglite(dataDir?: string): PGlite {
  return new PGlite({ dataDir, extensions: PGLITE_EXTENSIONS });
}

export function createDatabase(options: CreateDatabaseOptions): DatabaseHandle {
  if (options.url) return createPostgresDatabase(options.url, options);
  return createPgliteDatabase(options);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function createPostgresDatabase(url: string, options: CreateDatabaseOptions): DatabaseHandle {
  const applicationName = options.applicationName ?? 'cartera';
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    application_name: applicationName,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const writes = writeWatch();
  const db = withCommitHooks(drizzlePg(pool, writes.drizzleOptions) as unknown as Database);
  const listeners = new Set<pg.Client>();

  return {
    kind: 'postgres',
    db,
    onWrite: writes.onWrite,
    connectionString: url,
    async ping(timeoutMs = 2_000) {
      await withTimeout(pool.query('select 1'), timeoutMs, 'database ping');
    },
    async listen(channel, onMessage, listenOptions) {
      const client = new pg.Client({
        connectionString: url,
        application_name: `${applicationName}-listen`,
        keepAlive: true,
      });
      let stopped = false;
      const lost = (error: Error) => {
        if (stopped) return;
        stopped = true;
        listeners.delete(client);
        client.end().catch(() => {});
        listenOptions?.onLost?.(error);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('listen connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        stopped = true;
        listeners.delete(client);
        await client.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await pool.end();
    },
  };
}

function createPgliteDatabase(options: CreateDatabaseOptions): DatabaseHandle {
  const shared = options.pglite !== undefined;
  let pglite: PGlite;
  if (options.pglite) {
    pglite = options.pglite;
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = openPglite(options.dataDir);
  }
  const writes = writeWatch();
  const db = withCommitHooks(drizzlePglite(pglite, writes.drizzleOptions) as unknown as Database);
  const unsubscribers = new Set<() => Promise<void>>();

  return {
    kind: 'pglite',
    db,
    onWrite: writes.onWrite,
    pglite,
    async ping(timeoutMs = 2_000) {
      if (pglite.closed) throw new Error('embedded database is closed');
      await withTimeout(pglite.query('select 1'), timeoutMs, 'database ping');
    },
    async listen(channel, onMessage) {
      const unsubscribe = await pglite.listen(channel, onMessage);
      const stop = async () => {
        unsubscribers.delete(stop);
        if (!pglite.closed) await unsubscribe();
      };
      unsubscribers.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...unsubscribers].map((stop) => stop()));
      // A shared instance belongs to whoever created it.
      if (!shared && !pglite.closed) await pglite.close();
    },
  };
}
