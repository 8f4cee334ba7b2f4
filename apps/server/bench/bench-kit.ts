import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { cpus, loadavg, totalmem } from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, DatabaseHandle } from '@cartera/db/client';
import * as schema from '@cartera/db/schema';
import { createDatabase } from '@cartera/db/client';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import { migrateDatabase } from '@cartera/db/migrate';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

/**
 * What the benchmarks (bench:contacts, bench:timeline, bench:load) share: data, timing, the
 * database, the client process.
 */

export const out = (line = '') => process.stdout.write(`${line}\n`);

export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

export const machineLine = () =>
  `node ${process.version}, ${cpus().length} cpu (${cpus()[0]?.model ?? '?'}), ` +
  `${Math.round(totalmem() / 2 ** 30)} GiB`;

// ---------------------------------------------------------------------------------------------
// Deterministic data: every value a function of the row number.

/** A well-mixed 32-bit value of (row, salt). */
export function mix(row: number, salt: number) {
  let value = Math.imul(row ^ Math.imul(salt, 0x9e3779b9), 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}
export const unit = (row: number, salt: number) => mix(row, salt) / 4_294_967_296;
export const pick = <T>(items: readonly T[], row: number, salt: number) =>
  items[mix(row, salt) % items.length]!;

// ---------------------------------------------------------------------------------------------
// Measuring.

export function percentile(samples: number[], p: number) {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

export const summary = (samples: number[]): Timing => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
  n: samples.length,
});

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/** How long a pair of sides is timed: calls after the warm-up, fewer past `caseSeconds`. */
export interface PairBudget {
  warmup: number;
  iterations: number;
  caseSeconds: number;
}

/**
 * Times two ways of getting the same answer (the full stack and its raw SQL, say), alternating
 * call by call so both see the same cache and load; at least 10 calls each.
 */
export async function measurePair(
  http: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  budget: PairBudget,
) {
  for (let index = 0; index < budget.warmup; index += 1) {
    await http();
    await raw();
  }
  const httpSamples: number[] = [];
  const rawSamples: number[] = [];
  const deadline = performance.now() + budget.caseSeconds * 1000;
  for (let index = 0; index < budget.iterations; index += 1) {
    let start = performance.now();
    await http();
    httpSamples.push(performance.now() - start);
    start = performance.now();
    await raw();
    rawSamples.push(performance.now() - start);
    if (index >= 9 && performance.now() > deadline) break;
  }
  return { http: summary(httpSamples), raw: summary(rawSamples) };
}

export type Pair = Awaited<ReturnType<typeof measurePair>>;

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/** The last SQL and parameters `run` issues, recorded by a Drizzle instance with a logging hook. */
export async function captureQuery(
  pool: pg.Pool,
  run: (db: Database) => Promise<unknown>,
): Promise<CapturedQuery> {
  let captured: CapturedQuery | undefined;
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, params) => void (captured = { text, params }) },
  }) as unknown as Database;
  await run(db);
  if (!captured) throw new Error('no query was issued');
  return captured;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** The plan's shape: node types (and index names) from the top, with the execution time. */
export async function planShape(client: pg.Client, query: CapturedQuery) {
  const result = await client.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, buffers, format json) ${query.text}`,
    query.params,
  );
  const [plan] = result.rows[0]!['QUERY PLAN'] as Array<{
    Plan: PlanNode;
    'Execution Time': number;
  }>;
  const nodes: string[] = [];
  const walk = (node: PlanNode, depth: number) => {
    const direction = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const name = node['Index Name']
      ? `${node['Node Type']}${direction} ${node['Index Name']}`
      : node['Node Type'];
    nodes.push(
      `${'  '.repeat(depth)}${name} (rows ${node['Actual Rows']}, removed ${node['Rows Removed by Filter'] ?? 0})`,
    );
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan!.Plan, 0);
  return { nodes, ms: plan!['Execution Time'] };
}

/** Every SQL statement and its parameters that `run` issues, in order (a logging Drizzle). */
export async function captureQueries(pool: pg.Pool, run: (db: Database) => Promise<unknown>) {
  const captured: CapturedQuery[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (text, params) => void captured.push({ text, params }) },
  }) as unknown as Database;
  await run(db);
  if (!captured.length) throw new Error('no query was issued');
  return captured;
}

interface AnalyzedPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: AnalyzedPlanNode[];
}

/** EXPLAIN (ANALYZE, BUFFERS): the plan's nodes, its time and the tables read sequentially. */
export async function explain(client: pg.Client, query: CapturedQuery) {
  const result = await client.query<{ 'QUERY PLAN': unknown }>(
    `explain (analyze, buffers, format json) ${query.text}`,
    query.params,
  );
  const [plan] = result.rows[0]!['QUERY PLAN'] as Array<{
    Plan: AnalyzedPlanNode;
    'Execution Time': number;
  }>;
  const nodes: string[] = [];
  const seqScans: string[] = [];
  const walk = (node: AnalyzedPlanNode, depth: number) => {
    if (node['Node Type'].includes('Seq Scan')) seqScans.push(node['Relation Name'] ?? '?');
    const direction = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
    const target = node['Index Name'] ?? node['Relation Name'];
    const loops = node['Actual Loops'] > 1 ? ` × ${node['Actual Loops']} loops` : '';
    nodes.push(
      `${'  '.repeat(depth)}${node['Node Type']}${direction}${target ? ` ${target}` : ''} ` +
        `(rows ${node['Actual Rows']}${loops}, removed ${node['Rows Removed by Filter'] ?? 0}, ` +
        `buffers ${(node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0)})`,
    );
    for (const child of node.Plans ?? []) walk(child, depth + 1);
  };
  walk(plan!.Plan, 0);
  return { nodes, ms: plan!['Execution Time'], seqScans };
}

/** The table's secondary indexes and foreign keys, dropped for `load` and rebuilt after it. */
export async function withoutIndexes(client: pg.Client, table: string, load: () => Promise<void>) {
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = $1::regclass and not x.indisprimary and not x.indisunique`,
    [table],
  );
  const foreign = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = $1::regclass and contype = 'f'`,
    [table],
  );
  for (const key of foreign.rows) {
    await client.query(`alter table ${table} drop constraint ${pg.escapeIdentifier(key.name)}`);
  }
  for (const index of indexes.rows) {
    await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  }
  const started = performance.now();
  await load();
  const loaded = seconds(started);
  const indexing = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const index of indexes.rows) {
    const one = performance.now();
    await client.query(index.definition);
    out(`    ${index.name} built in ${seconds(one)} s`);
  }
  for (const key of foreign.rows) {
    await client.query(
      `alter table ${table} add constraint ${pg.escapeIdentifier(key.name)} ${key.definition}`,
    );
  }
  const indexed = seconds(indexing);
  const vacuuming = performance.now();
  await client.query(`vacuum (analyze) ${table}`);
  out(
    `  ${table}: loaded in ${loaded} s, ${indexes.rows.length} indexes and ` +
      `${foreign.rows.length} foreign keys restored in ${indexed} s, vacuum analyze ${seconds(vacuuming)} s`,
  );
}

// Data generated by PostgreSQL: every value a function of the row number.

/** A deterministic value in [0, n) of row `row` and salt `salt`, in SQL. */
export const sqlHash = (row: string, salt: number, n: number) =>
  `(abs(hashint8((${row}) * 64 + ${salt})::bigint) % ${n})`;

/** A UUIDv7 of `msExpr` with the row number in its random bits: unique, ordered by time. */
export const sqlUuidV7 = (msExpr: string, row: string) =>
  `(lpad(to_hex((${msExpr})::bigint), 12, '0') || '7000' || '8' || lpad(to_hex((${row})::bigint), 15, '0'))::uuid`;

// ---------------------------------------------------------------------------------------------
// The database.

/** Server settings of the throwaway cluster: durability off for the load, memory of a small VM. */
export const CLUSTER_SETTINGS = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'shared_buffers=1GB',
  'maintenance_work_mem=1GB',
  'max_wal_size=8GB',
  'checkpoint_timeout=30min',
];

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** A plain pg client on the bench database. */
  client: pg.Client;
  url: string;
  /** BENCH_REUSE=1 and the database was there: the caller checks it is complete. */
  reused: boolean;
  /** Closes the connections, drops the database unless kept, stops the throwaway cluster. */
  close(): Promise<void>;
}

/**
 * The database `name` on BENCH_DATABASE_URL, or on a throwaway cluster when it is not set:
 * created anew (kept with BENCH_KEEP=1, reused with BENCH_REUSE=1), migrated.
 */
export async function openBenchDatabase(name: string, poolSize: number): Promise<BenchDatabase> {
  let cluster: ThrowawayPostgres | undefined;
  process.once('exit', () => cluster?.stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }

  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    cluster = await startThrowawayPostgres(CLUSTER_SETTINGS);
    adminUrl = cluster.url;
    out(`throwaway cluster: ${cluster.version} at ${cluster.url} (${CLUSTER_SETTINGS.join(' ')})`);
  }
  const reuse = process.env.BENCH_REUSE === '1';
  const keep = process.env.BENCH_KEEP === '1' || reuse;
  const url = withDatabase(adminUrl, name);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists =
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reuse || !exists) {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  }

  const handle = createDatabase({ url, poolSize });
  await migrateDatabase(handle);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  out((await client.query<{ version: string }>('select version()')).rows[0]!.version);
  return {
    handle,
    client,
    url,
    reused: reuse && exists,
    async close() {
      await client.end();
      await handle.close();
      if (!keep)
        await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Opens a bench's database with its data: with BENCH_REUSE=1 the fixture `find` reads from the
 * database already loaded, else the one `load` creates and fills (a reused database that holds
 * no complete fixture stops the bench).
 */
export async function openBenchFixture<F>(
  name: string,
  poolSize: number,
  find: (client: pg.Client) => Promise<F | undefined>,
  load: (database: BenchDatabase) => Promise<F>,
): Promise<{ database: BenchDatabase; fixture: F }> {
  const database = await openBenchDatabase(name, poolSize);
  const found = database.reused ? await find(database.client) : undefined;
  if (found) {
    out(`reusing the loaded database ${name}`);
    return { database, fixture: found };
  }
  if (database.reused) throw new Error(`${name} exists but is not a complete bench tenant`);
  return { database, fixture: await load(database) };
}

const gibibytes = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

/**
 * Says how much disk a load needs and stops before it when the database's disk has less free
 * (read from the server's data directory when it is on this machine; otherwise not checked).
 */
export async function checkFreeDisk(client: pg.Client, needed: number, what: string) {
  out(`${what} needs about ${gibibytes(needed)} of free disk`);
  const directory = await client
    .query<{ data_directory: string }>('show data_directory')
    .then((result) => result.rows[0]?.data_directory)
    .catch(() => undefined);
  if (!directory || !existsSync(directory)) {
    out("(the database's disk is not on this machine: not checked)");
    return;
  }
  const disk = await statfs(directory);
  const free = disk.bavail * disk.bsize;
  out(`free on the database's disk: ${gibibytes(free)}`);
  if (free < needed) {
    throw new Error(
      `not enough disk: ${what} needs about ${gibibytes(needed)}, ${gibibytes(free)} free`,
    );
  }
}

/** A bench user as the fixtures keep it (enough to sign in and to scope by group). */
export type BenchUser = Pick<schema.User, 'id' | 'tenantId' | 'email' | 'groupId'>;

/** A tenant with one comercial and a team of sellers (bench:contacts, bench:sales). */
export interface SalesTeam {
  tenantId: string;
  comercial: BenchUser;
  sellers: BenchUser[];
}

/**
 * Creates the tenant `name` with a comercial and `sellers` sellers in its team 'Ventas', their
 * addresses at `mailDomain` (comercial@…, vendedorN@…).
 */
export async function createSalesTeam(
  db: Database,
  name: string,
  sellers: number,
  mailDomain: string,
): Promise<SalesTeam> {
  const tenant = await createTenant(db, { name, displayName: name, country: 'uy' });
  const team = await createGroup(db, tenant, { name: 'Ventas' });
  const comercial = await createUser(db, tenant, {
    email: `comercial@${mailDomain}`,
    name: 'Carla',
    role: 'comercial',
  });
  const members: BenchUser[] = [];
  for (let index = 0; index < sellers; index += 1) {
    members.push(
      await createUser(db, team, {
        email: `vendedor${index}@${mailDomain}`,
        name: `Vendedor ${index}`,
      }),
    );
  }
  return { tenantId: tenant.id, comercial, sellers: members };
}

/** The sales team of a reused database, when its `table` holds all `rows` of the tenant. */
export async function findSalesTeam(
  client: pg.Client,
  name: string,
  table: string,
  rows: number,
): Promise<SalesTeam | undefined> {
  const tenant = await client.query<{ id: string }>('select id from groups where name = $1', [
    name,
  ]);
  if (tenant.rowCount !== 1) return undefined;
  const tenantId = tenant.rows[0]!.id;
  const count = await client.query<{ n: string }>(
    `select count(*) as n from ${pg.escapeIdentifier(table)} where tenant_id = $1`,
    [tenantId],
  );
  if (Number(count.rows[0]!.n) !== rows) return undefined;
  const people = await client.query<BenchUser>(
    `select id, tenant_id as "tenantId", email, group_id as "groupId" from users
     where tenant_id = $1 order by email`,
    [tenantId],
  );
  const comercial = people.rows.find((user) => user.email.startsWith('comercial'))!;
  const sellers = people.rows.filter((user) => user.email.startsWith('vendedor'));
  return { tenantId, comercial, sellers };
}

/**
 * Loads `total` rows of a sales team's tenant into `table` (see bulkLoad): row `n` is
 * `row(n, sellerIds, startMs, stepMs)`, its time `stepMs` after the one before from `historyMs`
 * ago; `params` makes a batch's insert parameters.
 */
export async function loadTeamRows<Row>(
  client: pg.Client,
  team: SalesTeam,
  table: string,
  options: {
    total: number;
    batch: number;
    reportEvery: number;
    historyMs: number;
    sql: string;
    row: (row: number, sellerIds: string[], startMs: number, stepMs: number) => Row;
    params: (tenantId: string, rows: Row[]) => unknown[];
  },
) {
  const sellers = team.sellers.map((seller) => seller.id);
  const startMs = Date.now() - options.historyMs;
  const stepMs = Math.floor(options.historyMs / options.total);
  await bulkLoad(client, table, {
    total: options.total,
    batch: options.batch,
    reportEvery: options.reportEvery,
    sql: options.sql,
    build: (first, last) => {
      const rows: Row[] = [];
      for (let row = first; row < last; row += 1)
        rows.push(options.row(row, sellers, startMs, stepMs));
      return options.params(team.tenantId, rows);
    },
  });
}

/** The floor line: GET /api/health over HTTP against `select 1` over pg, p50 of each. */
export async function floorLine(baseUrl: string, client: pg.Client, budget: PairBudget) {
  const floor = await measurePair(
    async () => (await fetch(`${baseUrl}/api/health`)).text(),
    async () => client.query('select 1'),
    budget,
  );
  return (
    `floor: GET /api/health p50 ${floor.http.p50.toFixed(2)} ms, select 1 over pg p50 ` +
    `${floor.raw.p50.toFixed(2)} ms`
  );
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Loads `total` rows into `table` with its secondary indexes dropped: `build(first, last)` makes
 * the parameters of rows first..last-1 while PostgreSQL writes the batch before, `sql` inserts
 * them. Then the indexes are rebuilt and the table analyzed.
 */
export async function bulkLoad(
  client: pg.Client,
  table: string,
  options: {
    total: number;
    batch: number;
    reportEvery: number;
    sql: string;
    build: (first: number, last: number) => unknown[];
  },
) {
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = $1::regclass and not x.indisprimary and not x.indisunique`,
    [table],
  );
  for (const index of indexes.rows) {
    await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  }
  const started = performance.now();
  let pending: Promise<unknown> | undefined;
  for (let first = 0; first < options.total; first += options.batch) {
    const last = Math.min(first + options.batch, options.total);
    const params = options.build(first, last);
    await pending;
    pending = client.query(options.sql, params);
    if (last % options.reportEvery === 0) {
      out(`  ${last.toLocaleString('en')} rows (${seconds(started)} s)`);
    }
  }
  await pending;
  const loaded = seconds(started);
  const indexing = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const index of indexes.rows) await client.query(index.definition);
  const indexed = seconds(indexing);
  const vacuuming = performance.now();
  await client.query(`vacuum (analyze) ${pg.escapeIdentifier(table)}`);
  out(
    `  loaded in ${loaded} s, ${indexes.rows.length} indexes rebuilt in ${indexed} s, ` +
      `vacuum analyze ${seconds(vacuuming)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// The client process.

export interface ServerLoad {
  /** CPU time of this process (the server) during the task, ms, and the task's wall time. */
  cpuMs: number;
  wallMs: number;
  /** How late the server's event loop ran its timers, ms. */
  delay: { p50: number; p99: number; max: number };
  /** Each time the server's event loop stood still longer than STALL_MS. */
  stalls: Stall[];
}

/** A moment an event loop stood still: when it began (epoch ms) and how long, ms. */
export interface Stall {
  at: number;
  ms: number;
}

/** How long an event loop must stand still to be listed as a stall, ms. */
export const STALL_MS = 40;

/**
 * Watches this process's event loop with a 5 ms timer and lists when it stood still longer than
 * STALL_MS (a garbage collection, a long synchronous task, or the process not being scheduled),
 * so a latency tail can be laid beside the moments the server or the clients stood still.
 */
export function watchStalls(): () => Stall[] {
  const stalls: Stall[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const at = performance.now();
    const late = at - last - 5;
    if (late > STALL_MS) stalls.push({ at: performance.timeOrigin + last, ms: late });
    last = at;
  }, 5);
  return () => {
    clearInterval(timer);
    return stalls;
  };
}

const LOOP_RESOLUTION_MS = 10;

/**
 * How a benchmark runs its clients: `script` forked (with `args`) for each task, the task sent
 * as its first message and its one answer the result, while this process (the server) measures
 * what the task costs it.
 */
export function clientRunner<Task>(script: URL, args: string[] = []) {
  /** Runs one task in the client process, measuring what it costs the server meanwhile. */
  return async function runClients<T extends { cpuMs: number }>(
    task: Task,
  ): Promise<{ result: T; server: ServerLoad }> {
    const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
    const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
    const cpu = process.cpuUsage();
    const started = performance.now();
    histogram.enable();
    const stalls = watchStalls();
    try {
      const result = await new Promise<T>((resolve, reject) => {
        const child = fork(fileURLToPath(script), args, {
          execArgv: ['--import', 'tsx'],
          serialization: 'advanced',
        });
        let answer: T | undefined;
        child.once('message', (message) => (answer = message as T));
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 && answer !== undefined
            ? resolve(answer)
            : reject(new Error(`the client process exited with ${code}`)),
        );
        child.send(task as object);
      });
      histogram.disable();
      const used = process.cpuUsage(cpu);
      return {
        result,
        server: {
          cpuMs: (used.user + used.system) / 1000,
          wallMs: performance.now() - started,
          // The histogram holds whole timer intervals: less the interval, the lateness.
          delay: {
            p50: late(histogram.percentile(50)),
            p99: late(histogram.percentile(99)),
            max: late(histogram.max),
          },
          stalls: stalls(),
        },
      };
    } finally {
      histogram.disable();
      stalls();
    }
  };
}

/** Who used the two cores during a task: the server, the clients, and the rest (PostgreSQL). */
export function loadLine(server: ServerLoad, clientCpuMs: number) {
  const share = (cpuMs: number) => `${((100 * cpuMs) / server.wallMs).toFixed(0)} %`;
  return (
    `CPU over ${(server.wallMs / 1000).toFixed(1)} s: server ${share(server.cpuMs)} of a core, ` +
    `clients ${share(clientCpuMs)}; server event-loop delay p50 ${server.delay.p50.toFixed(1)} ` +
    `ms, p99 ${server.delay.p99.toFixed(1)} ms, max ${server.delay.max.toFixed(1)} ms; ` +
    `machine load average ${loadavg()[0]!.toFixed(1)} (1 min)`
  );
}

// ---------------------------------------------------------------------------------------------
// The database's own background work, which a timed run must not measure by accident.

/** Checkpoints and autovacuum/autoanalyze runs so far (cumulative counters). */
export interface BackgroundWork {
  checkpoints: number;
  autovacuums: number;
  autoanalyzes: number;
}

export async function backgroundWork(client: pg.Client): Promise<BackgroundWork> {
  // PostgreSQL 17 moved the checkpoint counters to pg_stat_checkpointer.
  const checkpoints = await client
    .query<{ n: string }>('select checkpoints_timed + checkpoints_req as n from pg_stat_bgwriter')
    .catch(() =>
      client.query<{ n: string }>(
        'select num_timed + num_requested as n from pg_stat_checkpointer',
      ),
    );
  const tables = await client.query<{ vacuums: string; analyzes: string }>(
    `select coalesce(sum(autovacuum_count), 0) as vacuums,
            coalesce(sum(autoanalyze_count), 0) as analyzes from pg_stat_all_tables`,
  );
  return {
    checkpoints: Number(checkpoints.rows[0]!.n),
    autovacuums: Number(tables.rows[0]!.vacuums),
    autoanalyzes: Number(tables.rows[0]!.analyzes),
  };
}

/** What happened between two readings, as a phrase. */
export function backgroundLine(before: BackgroundWork, after: BackgroundWork) {
  return (
    `database background work during the run: ${after.checkpoints - before.checkpoints} ` +
    `checkpoint(s), ${after.autovacuums - before.autovacuums} autovacuum(s), ` +
    `${after.autoanalyzes - before.autoanalyzes} autoanalyze(s)`
  );
}

/**
 * Waits out what a bulk load leaves behind before anything is timed: a checkpoint writes the
 * dirty buffers now instead of in the middle of a run, and running autovacuum workers are
 * waited for (bounded). Returns what it did, for the report.
 */
export async function settleDatabase(client: pg.Client, limitMs = 180_000): Promise<string> {
  const started = performance.now();
  await client.query('checkpoint');
  const checkpointMs = performance.now() - started;
  const waiting = performance.now();
  let workers: string[] = [];
  while (performance.now() - waiting < limitMs) {
    const running = await client.query<{ query: string }>(
      `select query from pg_stat_activity where backend_type = 'autovacuum worker'`,
    );
    workers = running.rows.map((row) => row.query);
    if (workers.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (
    `settled: checkpoint ${(checkpointMs / 1000).toFixed(1)} s, autovacuum waited ` +
    `${((performance.now() - waiting) / 1000).toFixed(1)} s` +
    (workers.length > 0 ? ` (still running: ${workers.join('; ')})` : '')
  );
}
