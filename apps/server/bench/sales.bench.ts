/**
 * `npm run bench:sales`: the back office's list ('Ventas') and its Excel export on a tenant of
 * 1,000,000 receipts in a real PostgreSQL, each beside its own baseline in the same run.
 *
 * Targets (issue #14), checked here and nowhere else (never in timed tests):
 *   - receipt.list through tRPC over HTTP (page 1, page 1,000, search by phone): p50 ≤ 1.5 × the
 *     p50 of the same SQL through raw pg + 5 ms, timed call by call in the same run;
 *   - GET /api/receipt/excel of 200,000 receipts: its time ≤ 1.5 × exceljs's streaming writer
 *     writing the same rows, with the same sheet, from memory; and the server's peak RSS growth
 *     during the download ≤ 150 MB.
 *
 * The server runs in this process (startTestApp), so its RSS is this process's: it is sampled
 * every 20 ms during the download, whose bytes the client counts and drops. The baseline's rows
 * are loaded into memory after the downloads, so they never count against the export.
 *
 * Environment:
 *   BENCH_DATABASE_URL  a server to use (a database `cartera_bench_sales` is created there);
 *                       without it a throwaway cluster is started from
 *                       /usr/lib/postgresql/<v>/bin.
 *   BENCH_RECEIPTS      receipts to load (1,000,000; a fifth of them are 'pending', the export's
 *                       filter).
 *   BENCH_ITERATIONS    timed calls per case and side (60), fewer past BENCH_CASE_SECONDS (15).
 *   BENCH_KEEP=1, BENCH_REUSE=1  keep / reuse the loaded database (see bench-kit).
 *   BENCH_PARTS         `list,export` (both), or one of them.
 */
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import superjson from 'superjson';
import type { Database } from '@cartera/db/client';
import { PERSON_FIRST_NAMES, PERSON_LAST_NAMES } from '@cartera/db/names';
import { newId } from '@cartera/domain/ids';
import type { ReceiptListInput } from '@cartera/domain/sales';
import { foldText } from '@cartera/domain/search';
import { fakeSession } from '../src/testing/auth-fixtures';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import type { AuthUser } from '../src/modules/sessions/session.types';
import { receiptsWorkbook } from '../src/modules/receipts/receipts.excel';
import { listReceipts, receiptSheetBatches } from '../src/modules/receipts/receipts.service';
import type { ReceiptSheetRow } from '../src/modules/receipts/receipts.repository';
import {
  captureQuery,
  createSalesTeam,
  findSalesTeam,
  loadTeamRows,
  measurePair,
  machineLine,
  openBenchFixture,
  out,
  pick,
  planShape,
  settleDatabase,
  unit,
  verdict,
  type BenchUser,
  type CapturedQuery,
  type SalesTeam,
  type Timing,
} from './bench-kit';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 15);
const WARMUP = 3;
const BUDGET = { warmup: WARMUP, iterations: ITERATIONS, caseSeconds: CASE_SECONDS };
const SELLERS = 25;
const BATCH = 5_000;
const PAGE_SIZE = 100;
const DEEP_PAGE = 1_000;
const EXPORT_RUNS = 2;
const PARTS = (process.env.BENCH_PARTS ?? 'list,export').split(',');
const DATABASE = 'cartera_bench_sales';
const TENANT = 'Bench Ventas';

const TARGET_OVERHEAD_FACTOR = 1.5;
const TARGET_OVERHEAD_MS = 5;
const TARGET_EXPORT_FACTOR = 1.5;
const TARGET_RSS_MB = 150;

// ---------------------------------------------------------------------------------------------
// Data: a deterministic tenant, every value a function of the row number.

const HISTORY_MS = 2 * 365 * 24 * 3600 * 1000;
const STATUSES = ['new', 'pending', 'sold', 'sold', 'canceled'] as const;
const PRODUCTS = ['Plan Hogar', 'Plan Empresa', 'Fibra 300', 'Fibra 1000', 'Móvil Libre'];
const REASONS = [null, 'Sin stock', 'El cliente desistió'];
/** `row × 7919 mod span` is a bijection on [0, span): distinct phones without bookkeeping. */
const spread = (row: number, span: number) => (row * 7_919) % span;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface BenchRow {
  id: string;
  ticketId: string;
  ticketSaleId: string | null;
  entryDate: string;
  saleDate: string | null;
  phone: string;
  phoneDigits: string;
  name: string;
  nameFolded: string;
  product: string;
  value: number;
  status: string;
  cancelReason: string | null;
  sellerId: string;
  createdAt: Date;
}

function benchRow(row: number, sellers: string[], startMs: number, stepMs: number): BenchRow {
  const createdMs = startMs + row * stepMs;
  const status = STATUSES[row % STATUSES.length]!;
  const name = `${pick(PERSON_FIRST_NAMES, row, 1)} ${pick(PERSON_LAST_NAMES, row, 2)}`;
  const phoneDigits = `598${91_000_000 + spread(row, 9_000_000)}`;
  return {
    id: newId(createdMs),
    ticketId: `T${String(row).padStart(7, '0')}`,
    ticketSaleId: status === 'sold' ? `V${String(row).padStart(7, '0')}` : null,
    entryDate: day(createdMs),
    saleDate: status === 'sold' ? day(createdMs + Math.floor(unit(row, 3) * 5) * 86_400_000) : null,
    phone: `+${phoneDigits}`,
    phoneDigits,
    name,
    nameFolded: foldText(name),
    product: pick(PRODUCTS, row, 4),
    value: Math.round(500 + unit(row, 5) * 49_500) + 0.5,
    status,
    cancelReason: status === 'canceled' ? pick(REASONS, row, 6) : null,
    sellerId: pick(sellers, row, 7),
    createdAt: new Date(createdMs),
  };
}

const INSERT_SQL = `
  insert into receipts (tenant_id, id, kind, ticket_id, ticket_sale_id, entry_date, sale_date,
    phone, phone_digits, name, name_folded, product, value, status, cancel_reason, canceled_at,
    seller_id, created_at, updated_at)
  select $1::uuid, u.id, 'receipt', u.ticket_id, u.ticket_sale_id, u.entry_date, u.sale_date,
    u.phone, u.phone_digits, u.name, u.name_folded, u.product, u.value, u.status, u.cancel_reason,
    case when u.status = 'canceled' then u.created_at end, u.seller_id, u.created_at, u.created_at
  from unnest($2::uuid[], $3::text[], $4::text[], $5::date[], $6::date[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::numeric[], $13::text[], $14::text[], $15::uuid[],
    $16::timestamptz[])
    as u(id, ticket_id, ticket_sale_id, entry_date, sale_date, phone, phone_digits, name,
      name_folded, product, value, status, cancel_reason, seller_id, created_at)`;

function insertParams(tenantId: string, rows: BenchRow[]) {
  return [
    tenantId,
    rows.map((row) => row.id),
    rows.map((row) => row.ticketId),
    rows.map((row) => row.ticketSaleId),
    rows.map((row) => row.entryDate),
    rows.map((row) => row.saleDate),
    rows.map((row) => row.phone),
    rows.map((row) => row.phoneDigits),
    rows.map((row) => row.name),
    rows.map((row) => row.nameFolded),
    rows.map((row) => row.product),
    rows.map((row) => row.value),
    rows.map((row) => row.status),
    rows.map((row) => row.cancelReason),
    rows.map((row) => row.sellerId),
    rows.map((row) => row.createdAt),
  ];
}

type Fixture = SalesTeam;

const createFixture = (db: Database) => createSalesTeam(db, TENANT, SELLERS, 'bench-ventas.test');

/** The fixture of a reused database, when it is complete. */
const findFixture = (client: pg.Client) => findSalesTeam(client, TENANT, 'receipts', RECEIPTS);

/** Loads the receipts with the secondary indexes dropped, then rebuilds them and analyzes. */
function loadReceipts(client: pg.Client, fixture: Fixture) {
  return loadTeamRows(client, fixture, 'receipts', {
    total: RECEIPTS,
    batch: BATCH,
    reportEvery: 200_000,
    historyMs: HISTORY_MS,
    sql: INSERT_SQL,
    row: benchRow,
    params: insertParams,
  });
}

// ---------------------------------------------------------------------------------------------
// The list: tRPC over HTTP against its own SQL through raw pg.

/** The comercial as the services see a signed-in user (only the roles choose the scope). */
function authUserOf(user: BenchUser): AuthUser {
  const { id, tenantId, groupId, email } = user;
  return fakeSession('comercial', { id, tenantId, groupId, email, name: 'Carla', lastname: '' })
    .user;
}

interface Bench {
  baseUrl: string;
  token: string;
  user: AuthUser;
  client: pg.Client;
  pool: pg.Pool;
  plans: string[];
  misses: number;
}

function listUrl(bench: Bench, input: ReceiptListInput) {
  const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  return `${bench.baseUrl}/api/trpc/receipt.list?input=${encoded}`;
}

async function listOverHttp(bench: Bench, input: ReceiptListInput) {
  const response = await fetch(listUrl(bench, input), {
    headers: { authorization: `Bearer ${bench.token}` },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`receipt.list answered ${response.status}`);
  return text;
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const line = (timing: Timing) =>
  `${ms(timing.p50)} ${ms(timing.p95)} ${ms(timing.p99)}`.replace(/\s+/g, ' ').trim();

/** Times one list input over HTTP and raw pg, checks both answer the same rows, prints its row. */
async function listCase(bench: Bench, name: string, input: ReceiptListInput, targeted: boolean) {
  const query: CapturedQuery = await captureQuery(bench.pool, (db) =>
    listReceipts(db, bench.user, input),
  );
  const raw = await bench.client.query<{ id: string }>({ text: query.text, values: query.params });
  const answer = superjson.deserialize<{ items: Array<{ id: string }> }>(
    (JSON.parse(await listOverHttp(bench, input)) as { result: { data: never } }).result.data,
  );
  const httpIds = answer.items.map((item) => item.id);
  const rawIds = raw.rows.slice(0, httpIds.length).map((row) => row.id);
  if (httpIds.length === 0 || JSON.stringify(httpIds) !== JSON.stringify(rawIds)) {
    throw new Error(`HTTP and raw answers differ for "${name}" (${httpIds.length} rows)`);
  }
  const timing = await measurePair(
    () => listOverHttp(bench, input),
    () => bench.client.query({ text: query.text, values: query.params }),
    BUDGET,
  );
  const ok = timing.http.p50 <= TARGET_OVERHEAD_FACTOR * timing.raw.p50 + TARGET_OVERHEAD_MS;
  if (targeted && !ok) bench.misses += 1;
  out(
    `${name.padEnd(40)} ${String(httpIds.length).padStart(4)} | ${line(timing.http).padStart(20)} | ` +
      `${line(timing.raw).padStart(20)} | ${(timing.http.p50 / timing.raw.p50).toFixed(2).padStart(5)} | ` +
      `${targeted ? verdict(ok) : '(no target)'}`,
  );
  const shape = await planShape(bench.client, query);
  bench.plans.push(
    `${name}: ${shape.ms.toFixed(1)} ms`,
    ...shape.nodes.map((node) => `    ${node}`),
  );
}

async function listCases(bench: Bench, fixture: Fixture) {
  // The cursor of page 1,000 (default order: newest id first) is the last id of page 999
  // (the last page when a small run has fewer).
  const deepPage = Math.min(DEEP_PAGE, Math.floor(RECEIPTS / PAGE_SIZE));
  const cursor = await bench.client.query<{ id: string }>(
    `select id from receipts where tenant_id = $1 and kind = 'receipt'
     order by id desc offset ${(deepPage - 1) * PAGE_SIZE - 1} limit 1`,
    [fixture.tenantId],
  );
  const known = await bench.client.query<{ phone_digits: string }>(
    `select phone_digits from receipts where tenant_id = $1 order by id limit 1 offset 4321`,
    [fixture.tenantId],
  );
  const digits = known.rows[0]!.phone_digits;
  out();
  out(
    `## receipt.list over HTTP (tRPC) against its SQL over raw pg: p50 p95 p99 (ms), ` +
      `target p50 ≤ ${TARGET_OVERHEAD_FACTOR} × raw + ${TARGET_OVERHEAD_MS} ms`,
  );
  out(
    `${'case'.padEnd(40)} rows | ${'http'.padStart(20)} | ${'raw'.padStart(20)} | ratio | verdict`,
  );
  await listCase(bench, 'página 1', {}, true);
  await listCase(
    bench,
    `página ${deepPage.toLocaleString('es')}`,
    { cursor: cursor.rows[0]!.id },
    true,
  );
  await listCase(bench, `teléfono completo ${digits}`, { search: digits }, true);
  await listCase(bench, `teléfono parcial ${digits.slice(-6)}`, { search: digits.slice(-6) }, true);
  await listCase(bench, 'página 1, pendientes', { status: ['pending'] }, false);
  await listCase(bench, 'página 1 por total', { sort: 'total' }, false);
  await listCase(bench, 'nombre "martinez"', { search: 'martinez' }, false);
}

// ---------------------------------------------------------------------------------------------
// The Excel export against the same workbook written from memory.

/** A sink that counts what it is given and keeps nothing. */
function countingSink() {
  const sink = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        sink.bytes += chunk.length;
        done();
      },
    }),
    { bytes: 0 },
  );
  return sink;
}

const mb = (bytes: number) => bytes / 2 ** 20;

/** One download of GET /api/receipt/excel, read and dropped, with the RSS sampled meanwhile. */
async function downloadExcel(bench: Bench, query: string) {
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  const before = start.rss;
  let peak = before;
  let atPeak = start;
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak) [peak, atPeak] = [now.rss, now];
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${bench.baseUrl}/api/receipt/excel?${query}`, {
      headers: { authorization: `Bearer ${bench.token}` },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`GET /api/receipt/excel answered ${response.status}`);
    }
    let bytes = 0;
    let head: Uint8Array | undefined;
    for await (const chunk of response.body) {
      head ??= chunk;
      bytes += chunk.length;
      sample();
    }
    // An .xlsx is a zip: it starts with "PK".
    if (!head || head[0] !== 0x50 || head[1] !== 0x4b) throw new Error('not an .xlsx answer');
    return {
      ms: performance.now() - started,
      bytes,
      rows: Number(response.headers.get('x-total-count')),
      growthMb: mb(peak - before),
      // What grew by the peak: V8's heap (reserved and used) and memory outside it (Buffers).
      atPeak: `heap ${mb(atPeak.heapTotal - start.heapTotal).toFixed(0)} MB reserved / ${mb(
        atPeak.heapUsed - start.heapUsed,
      ).toFixed(
        0,
      )} MB used, outside the heap ${mb(atPeak.external - start.external).toFixed(0)} MB`,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The same sheet written from rows already in memory: exceljs's own cost. */
async function writeFromMemory(rows: ReceiptSheetRow[]) {
  const sink = countingSink();
  const started = performance.now();
  const workbook = receiptsWorkbook(sink);
  for (const receipt of rows) workbook.add(receipt);
  await workbook.finish();
  return { ms: performance.now() - started, bytes: sink.bytes };
}

async function exportCase(bench: Bench & { db: Database }) {
  out();
  out(
    `## GET /api/receipt/excel?status=pending against exceljs writing the same rows from ` +
      `memory (target time ≤ ${TARGET_EXPORT_FACTOR} ×, server RSS growth ≤ ${TARGET_RSS_MB} MB)`,
  );
  const downloads = [];
  for (let run = 0; run < EXPORT_RUNS; run += 1) {
    const download = await downloadExcel(bench, 'status=pending');
    downloads.push(download);
    out(
      `  download ${run + 1}: ${download.rows.toLocaleString('en')} rows, ` +
        `${mb(download.bytes).toFixed(1)} MB in ${(download.ms / 1000).toFixed(2)} s, ` +
        `RSS growth ${download.growthMb.toFixed(1)} MB (at the peak: ${download.atPeak})`,
    );
  }
  const rows: ReceiptSheetRow[] = [];
  for await (const batch of receiptSheetBatches(bench.db, bench.user, { status: ['pending'] })) {
    rows.push(...batch);
  }
  const baselines = [];
  for (let run = 0; run < EXPORT_RUNS; run += 1) {
    const baseline = await writeFromMemory(rows);
    baselines.push(baseline);
    out(
      `  from memory ${run + 1}: ${rows.length.toLocaleString('en')} rows, ` +
        `${mb(baseline.bytes).toFixed(1)} MB in ${(baseline.ms / 1000).toFixed(2)} s`,
    );
  }
  if (downloads[0]!.rows !== rows.length) {
    throw new Error(`X-Total-Count ${downloads[0]!.rows} is not the ${rows.length} rows`);
  }
  const best = Math.min(...downloads.map((download) => download.ms));
  const baseline = Math.min(...baselines.map((each) => each.ms));
  const growth = Math.max(...downloads.map((download) => download.growthMb));
  const timeOk = best <= TARGET_EXPORT_FACTOR * baseline;
  const memoryOk = growth <= TARGET_RSS_MB;
  if (!timeOk) bench.misses += 1;
  if (!memoryOk) bench.misses += 1;
  out(
    `  best download ${(best / 1000).toFixed(2)} s against ${(baseline / 1000).toFixed(2)} s ` +
      `from memory: ratio ${(best / baseline).toFixed(2)} ${verdict(timeOk)}; peak RSS growth ` +
      `${growth.toFixed(1)} MB ${verdict(memoryOk)}`,
  );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  out(`# bench:sales — ${RECEIPTS.toLocaleString('en')} receipts`);
  out(machineLine());
  const { database, fixture } = await openBenchFixture(
    DATABASE,
    10,
    findFixture,
    async ({ handle, client }) => {
      const created = await createFixture(handle.db);
      out(`loading ${RECEIPTS.toLocaleString('en')} receipts over ${SELLERS} sellers…`);
      await loadReceipts(client, created);
      return created;
    },
  );
  const { handle, client } = database;
  out(await settleDatabase(client));
  const size = await client.query<{ size: string }>(
    `select pg_size_pretty(pg_total_relation_size('receipts')) as size`,
  );
  out(`receipts: ${size.rows[0]!.size} with indexes`);

  const app = await startTestApp(handle, { JOBS_ENABLED: 'false' });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const bench: Bench & { db: Database } = {
    baseUrl: app.url,
    token: await tokenFor(handle, fixture.comercial),
    user: authUserOf(fixture.comercial),
    client,
    pool,
    db: handle.db,
    plans: [],
    misses: 0,
  };
  try {
    if (PARTS.includes('list')) await listCases(bench, fixture);
    if (PARTS.includes('export')) await exportCase(bench);
    out();
    out('## Plans (EXPLAIN ANALYZE of the raw query)');
    for (const plan of bench.plans) out(plan);
    out();
    out(bench.misses === 0 ? 'All targets met.' : `${bench.misses} target(s) missed.`);
  } finally {
    await app.stop();
    await pool.end();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
