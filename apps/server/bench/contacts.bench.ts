/**
 * `npm run bench:contacts`: the contacts search and list on a tenant of 1,000,000 contacts in a
 * real PostgreSQL, through HTTP beside the same SQL through raw pg in the same run.
 *
 * Targets (issue #5), checked here and nowhere else (never in timed tests):
 *   - search p95 through HTTP ≤ 150 ms;
 *   - full stack ≤ 1.5 × raw + 5 ms: HTTP p50 against the p50 of the same SQL through raw pg,
 *     timed call by call in the same run (p95 ratios are printed too);
 *   - page 1,000 of the list within 1.5 × page 1 (p50; p95 printed too).
 *
 * HTTP is timed until the last byte of the answer arrives; the answer is parsed once per case to
 * check it holds the same rows, in the same order, as the raw query.
 *
 * Environment:
 *   BENCH_DATABASE_URL  a server to use (a database `cartera_bench` is created there); without
 *                       it a throwaway cluster is started from /usr/lib/postgresql/<v>/bin.
 *   BENCH_CONTACTS      contacts to load (1,000,000).
 *   BENCH_ITERATIONS    timed calls per case and side (60), fewer past BENCH_CASE_SECONDS (15).
 *   BENCH_KEEP=1        keep the database `cartera_bench` (with BENCH_DATABASE_URL);
 *   BENCH_REUSE=1       reuse a loaded `cartera_bench` instead of loading again.
 */
import pg from 'pg';
import superjson from 'superjson';
import type { Database, DatabaseHandle } from '@cartera/db/client';
import { newId } from '@cartera/domain/ids';
import { PERSON_FIRST_NAMES, PERSON_LAST_NAMES } from '@cartera/db/names';
import { parsePhone } from '@cartera/domain/phone';
import { contactSearchText, foldSearchTerm, foldText } from '@cartera/domain/search';
import { searchTextPattern } from '../src/lib/sql';
import { typedCall } from '../src/testing/http-client';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import { findContactsPage } from '../src/modules/contacts/contacts.repository';
import type { ContactScope } from '../src/modules/access/contacts.conditions';
import { CONTACT_PAGE_SIZE } from '../src/modules/contacts/contacts.service';
import {
  captureQuery,
  checkFreeDisk,
  createSalesTeam,
  findSalesTeam,
  floorLine,
  loadTeamRows,
  measurePair,
  machineLine,
  openBenchFixture,
  out,
  pick,
  planShape,
  unit,
  verdict,
  type CapturedQuery,
  type Pair,
  type SalesTeam,
  type Timing,
} from './bench-kit';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 15);
const WARMUP = 3;
const BUDGET = { warmup: WARMUP, iterations: ITERATIONS, caseSeconds: CASE_SECONDS };
const SELLERS = 50;
const BATCH = 5_000;
const DATABASE = 'cartera_bench';
const TENANT = 'Bench Uruguay';

/**
 * Disk per contact: the table with its indexes took 680 bytes a row at 1,000,000 (649 MB), and
 * rebuilding the indexes sorts about as much again; plus WAL and temporary files.
 */
const BYTES_PER_CONTACT = 1_400;
const LOAD_SLACK_BYTES = 2 * 2 ** 30;

const TARGET_P95_MS = 150;
const TARGET_OVERHEAD_FACTOR = 1.5;
const TARGET_OVERHEAD_MS = 5;
const TARGET_DEEP_PAGE_FACTOR = 1.5;

// ---------------------------------------------------------------------------------------------
// Data: a deterministic tenant, every value a function of the row number.

const FIRST_NAMES = PERSON_FIRST_NAMES;
const LAST_NAMES = PERSON_LAST_NAMES;
/** One row in 10,000 has it: the "rare name" of the corpus. */
const RARE_LAST_NAME = 'Zubiaurre';
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'adinet.com.uy', 'vera.com.uy'];
const TAGS = ['new', 'contacted', 'offered', 'presale', 'sale', 'canceled'];
const ORIGINS = ['carga-manual', 'web', 'whatsapp', 'referido', 'feria'];

/**
 * Distinct numbers without bookkeeping: `row × 7919 mod span` is a bijection on [0, span)
 * because 7919 is prime and divides no span used here.
 */
const spread = (row: number, span: number) => (row * 7_919) % span;

interface BenchRow {
  id: string;
  firstName: string;
  lastName: string;
  phones: string[];
  emails: string[];
  govId: string | null;
  statusTag: string | null;
  origin: string | null;
  proximity: number;
  agentId: string | null;
  lastInteractionAt: Date | null;
  createdAt: Date;
  searchText: string;
}

const HISTORY_MS = 3 * 365 * 24 * 3600 * 1000;

function benchRow(row: number, sellers: string[], startMs: number, stepMs: number): BenchRow {
  const firstName = pick(FIRST_NAMES, row, 1);
  const surname = unit(row, 2) < 0.0001 ? RARE_LAST_NAME : pick(LAST_NAMES, row, 3);
  const lastName = unit(row, 4) < 0.3 ? `${surname} ${pick(LAST_NAMES, row, 5)}` : surname;
  const phones: string[] = [];
  const kind = unit(row, 6);
  if (kind < 0.8) phones.push(`+598${91_000_000 + spread(row, 9_000_000)}`);
  else if (kind < 0.95) phones.push(`+54911${20_000_000 + spread(row, 70_000_000)}`);
  if (unit(row, 7) < 0.03) phones.push(`+5982${4_000_000 + spread(row, 6_000_000)}`);
  const emails =
    unit(row, 8) < 0.85
      ? [
          `${foldText(firstName).split(' ')[0]}.${foldText(surname).replace(/\s+/g, '')}${row % 1000}@${pick(DOMAINS, row, 9)}`,
        ]
      : [];
  const govId = unit(row, 10) < 0.3 ? String(10_000_000 + spread(row, 60_000_000)) : null;
  const createdAtMs = startMs + row * stepMs + Math.floor(unit(row, 13) * stepMs * 0.9);
  const contact = {
    id: newId(createdAtMs),
    firstName,
    lastName,
    phones,
    emails,
    govId,
    statusTag: unit(row, 14) < 0.15 ? null : pick(TAGS, row, 15),
    origin: unit(row, 16) < 0.1 ? null : pick(ORIGINS, row, 17),
    proximity: Math.round(unit(row, 12) * 100) / 100,
    agentId: unit(row, 11) < 0.05 ? null : pick(sellers, row, 18),
    lastInteractionAt:
      unit(row, 19) < 0.8
        ? new Date(createdAtMs + Math.floor(unit(row, 20) * (Date.now() - createdAtMs)))
        : null,
    createdAt: new Date(createdAtMs),
  };
  return { ...contact, searchText: contactSearchText(contact, 'uy') };
}

const INSERT_SQL = `
  insert into contacts (tenant_id, id, first_name, last_name, phones, phones_metadata, emails,
    gov_id, status_tag, origin, proximity, agent_id, first_agent_id, last_interaction_at,
    search_text, created_at, updated_at)
  select $1::uuid, u.id, u.first_name, u.last_name, u.phones::text[], u.phones_metadata::jsonb,
    u.emails::text[], u.gov_id, u.status_tag, u.origin, u.proximity, u.agent_id, u.agent_id,
    u.last_interaction_at, u.search_text, u.created_at, coalesce(u.last_interaction_at, u.created_at)
  from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::real[], $12::uuid[], $13::timestamptz[], $14::text[],
    $15::timestamptz[])
    as u(id, first_name, last_name, phones, phones_metadata, emails, gov_id, status_tag, origin,
      proximity, agent_id, last_interaction_at, search_text, created_at)`;

/** A text[] literal: one array parameter per column keeps a row's list inside one element. */
function arrayLiteral(values: string[]) {
  return `{${values.map((value) => `"${value.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}

function insertParams(tenantId: string, rows: BenchRow[]) {
  return [
    tenantId,
    rows.map((row) => row.id),
    rows.map((row) => row.firstName),
    rows.map((row) => row.lastName),
    rows.map((row) => arrayLiteral(row.phones)),
    rows.map((row) => JSON.stringify(row.phones.map((phone) => ({ phone })))),
    rows.map((row) => arrayLiteral(row.emails)),
    rows.map((row) => row.govId),
    rows.map((row) => row.statusTag),
    rows.map((row) => row.origin),
    rows.map((row) => row.proximity),
    rows.map((row) => row.agentId),
    rows.map((row) => row.lastInteractionAt),
    rows.map((row) => row.searchText),
    rows.map((row) => row.createdAt),
  ];
}

type Fixture = SalesTeam;

const createFixture = (db: Database) => createSalesTeam(db, TENANT, SELLERS, 'bench.test');

const findFixture = (client: pg.Client) => findSalesTeam(client, TENANT, 'contacts', CONTACTS);

/** Loads the contacts with the secondary indexes dropped, then rebuilds them and analyzes. */
function loadContacts(client: pg.Client, fixture: Fixture) {
  return loadTeamRows(client, fixture, 'contacts', {
    total: CONTACTS,
    batch: BATCH,
    reportEvery: 100_000,
    historyMs: HISTORY_MS,
    sql: INSERT_SQL,
    row: benchRow,
    params: insertParams,
  });
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/** The SQL and parameters findContactsPage issues for a search or page. */
function contactsQuery(
  pool: pg.Pool,
  tenantId: string,
  scope: ContactScope,
  search: string | undefined,
  cursor: { id: string } | undefined,
) {
  return captureQuery(pool, (db) =>
    findContactsPage(
      db,
      tenantId,
      scope,
      { search: search ? foldSearchTerm(search) || undefined : undefined },
      cursor,
      CONTACT_PAGE_SIZE + 1,
    ),
  );
}

const ms = (value: number) => value.toFixed(1).padStart(7);

// ---------------------------------------------------------------------------------------------

async function main() {
  out(`# bench:contacts — ${CONTACTS.toLocaleString('en')} contacts`);
  out(machineLine());

  const { database, fixture } = await openBenchFixture(
    DATABASE,
    10,
    findFixture,
    async ({ handle, client }) => {
      await checkFreeDisk(client, CONTACTS * BYTES_PER_CONTACT + LOAD_SLACK_BYTES, 'the load');
      const created = await createFixture(handle.db);
      out(`loading ${CONTACTS.toLocaleString('en')} contacts over ${SELLERS} sellers…`);
      await loadContacts(client, created);
      return created;
    },
  );
  const { handle, client } = database;
  const size = await client.query<{ table: string; search: string }>(
    `select pg_size_pretty(pg_total_relation_size('contacts')) as table,
            pg_size_pretty(pg_relation_size('contacts_tenant_search_idx')) as search`,
  );
  out(`contacts: ${size.rows[0]!.table} with indexes; trigram index ${size.rows[0]!.search}`);

  const app = await startTestApp(handle, { JOBS_ENABLED: 'false' });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    await runCases(app.url, handle, client, pool, fixture);
  } finally {
    await app.stop();
    await pool.end();
    await database.close();
  }
}

interface Viewer {
  label: string;
  token: string;
  scope: ContactScope;
}

interface Bench {
  baseUrl: string;
  client: pg.Client;
  pool: pg.Pool;
  tenantId: string;
  plans: string[];
  misses: number;
}

/** GET contacts.list as the web's batch link would, timed until the last byte of the answer. */
function listOverHttp(bench: Bench, viewer: Viewer, input: Record<string, unknown>) {
  const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
  const url = `${bench.baseUrl}/api/trpc/contact.list?input=${encoded}`;
  return async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${viewer.token}` } });
    await response.text();
    if (response.status !== 200) throw new Error(`contact.list answered ${response.status}`);
  };
}

/** The captured SQL replayed through the raw pg client. */
function listOverPg(bench: Bench, query: CapturedQuery) {
  return () => bench.client.query({ text: query.text, values: query.params });
}

const TABLE_HEADER =
  `${'case'.padEnd(44)} ${'hits'.padStart(7)} | ${'http p50'.padStart(8)} ${'p95'.padStart(7)} ` +
  `${'p99'.padStart(7)} | ${'raw p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} | ` +
  `ratio p50/p95 | p95≤150 | ≤1.5×raw+5`;

/** Times one search term for one viewer over HTTP and raw pg and prints its row. */
async function searchCase(
  bench: Bench,
  viewer: Viewer,
  name: string,
  term: string,
  targeted: boolean,
) {
  const query = await contactsQuery(bench.pool, bench.tenantId, viewer.scope, term, undefined);
  const hits = await countHits(bench.client, bench.tenantId, viewer.scope, term);
  // Same rows in the same order: the HTTP page is the raw query's first 50.
  const page = await typedCall(
    bench.baseUrl,
    'contact.list',
    { search: term },
    { token: viewer.token, method: 'GET' },
  );
  const raw = await bench.client.query<{ id: string }>({ text: query.text, values: query.params });
  const httpIds = page.data.items.map((item) => item.id);
  const rawIds = raw.rows.slice(0, CONTACT_PAGE_SIZE).map((row) => row.id);
  if (JSON.stringify(httpIds) !== JSON.stringify(rawIds)) {
    throw new Error(`HTTP and raw answers differ for ${viewer.label} "${term}"`);
  }

  const timing = await measurePair(
    listOverHttp(bench, viewer, { search: term }),
    listOverPg(bench, query),
    BUDGET,
  );
  const p95Ok = timing.http.p95 <= TARGET_P95_MS;
  const overheadOk =
    timing.http.p50 <= TARGET_OVERHEAD_FACTOR * timing.raw.p50 + TARGET_OVERHEAD_MS;
  if (targeted && !(p95Ok && overheadOk)) bench.misses += 1;
  const ratio = `${(timing.http.p50 / timing.raw.p50).toFixed(1)}/${(timing.http.p95 / timing.raw.p95).toFixed(1)}`;
  out(
    `${`${viewer.label}: ${name} "${term}"`.slice(0, 44).padEnd(44)} ${String(hits).padStart(7)} | ` +
      `${ms(timing.http.p50)} ${ms(timing.http.p95)} ${ms(timing.http.p99)} | ` +
      `${ms(timing.raw.p50)} ${ms(timing.raw.p95)} ${ms(timing.raw.p99)} | ` +
      `${ratio.padStart(13)} | ${verdict(p95Ok).padStart(7)} | ${verdict(overheadOk).padStart(10)}`,
  );
  await recordPlan(bench, `${viewer.label}: ${name} "${term}"`, query);
}

async function recordPlan(bench: Bench, title: string, query: CapturedQuery) {
  const shape = await planShape(bench.client, query);
  bench.plans.push(
    `${title}: ${shape.ms.toFixed(1)} ms`,
    ...shape.nodes.map((node) => `    ${node}`),
  );
}

/** Page 1 against the deepest page up to 1,000 (50 per page) of the list without search. */
async function pagesCase(bench: Bench, viewer: Viewer) {
  const visible = await countHits(bench.client, bench.tenantId, viewer.scope, undefined);
  const deepest = Math.min(1_000, Math.floor((visible - 1) / CONTACT_PAGE_SIZE) + 1);
  const own = viewer.scope.kind === 'own';
  // The cursor of page N is the id of the last row of page N - 1, in list order.
  const cursorRow = await bench.client.query<{ id: string }>(
    `select id from contacts where tenant_id = $1 ${own ? 'and agent_id = $2' : ''}
     order by id desc offset ${(deepest - 1) * CONTACT_PAGE_SIZE - 1} limit 1`,
    viewer.scope.kind === 'own' ? [bench.tenantId, viewer.scope.userId] : [bench.tenantId],
  );
  const timings = [];
  for (const [page, cursor] of [
    [1, undefined],
    [deepest, { id: cursorRow.rows[0]!.id }],
  ] as const) {
    const query = await contactsQuery(bench.pool, bench.tenantId, viewer.scope, undefined, cursor);
    timings.push(
      await measurePair(listOverHttp(bench, viewer, { cursor }), listOverPg(bench, query), BUDGET),
    );
    await recordPlan(bench, `${viewer.label}: page ${page.toLocaleString('en')}`, query);
  }
  const [first, deep] = timings as [Pair, Pair];
  const ok = deep.http.p50 <= TARGET_DEEP_PAGE_FACTOR * first.http.p50;
  if (!ok) bench.misses += 1;
  const line = (timing: Timing) =>
    `${timing.p50.toFixed(1)}/${timing.p95.toFixed(1)}/${timing.p99.toFixed(1)}`;
  out(
    `${viewer.label} (${visible.toLocaleString('en')} visible): page 1 http ${line(first.http)} ` +
      `raw ${line(first.raw)} | page ${deepest.toLocaleString('en')} http ${line(deep.http)} ` +
      `raw ${line(deep.raw)} | p50 ratio ${(deep.http.p50 / first.http.p50).toFixed(2)} ` +
      `${verdict(ok)} (≤ ${TARGET_DEEP_PAGE_FACTOR}), p95 ratio ` +
      `${(deep.http.p95 / first.http.p95).toFixed(2)}`,
  );
}

async function runCases(
  baseUrl: string,
  handle: DatabaseHandle,
  client: pg.Client,
  pool: pg.Pool,
  fixture: Fixture,
) {
  const seller = fixture.sellers[0]!;
  const viewers: Viewer[] = [
    {
      label: 'comercial',
      token: await tokenFor(handle, fixture.comercial),
      scope: { kind: 'tenant' },
    },
    {
      label: 'vendedor',
      token: await tokenFor(handle, seller),
      scope: { kind: 'own', userId: seller.id },
    },
  ];
  const bench: Bench = { baseUrl, client, pool, tenantId: fixture.tenantId, plans: [], misses: 0 };

  // Terms that find exactly one row, read back from the data (a contact of the seller).
  const sample = await client.query<{ phones: string[]; emails: string[]; gov_id: string }>(
    `select phones, emails, gov_id from contacts
     where tenant_id = $1 and agent_id = $2 and gov_id is not null and cardinality(emails) > 0
       and phones[1] like '+598%'
     order by id limit 1 offset ${Math.floor(CONTACTS / SELLERS / 100)}`,
    [fixture.tenantId, seller.id],
  );
  const known = sample.rows[0]!;
  const national = parsePhone(known.phones[0]!, 'uy')!.national;
  const corpus: Array<[string, string]> = [
    ['nombre frecuente', 'martinez'],
    ['nombre y apellido', 'Sofía Martínez'],
    ['apellido raro', RARE_LAST_NAME.toLowerCase()],
    ['tres letras', 'ana'],
    ['dos letras', 'lu'],
    ['teléfono parcial', '099 12'],
    ['teléfono nacional', national],
    ['teléfono internacional', `+598 ${national.slice(1)}`],
    ['e-mail completo', known.emails[0]!],
    ['dominio de e-mail', '@adinet.com.uy'],
    ['cédula', known.gov_id],
    ['sin resultados: nombre', 'wxyzq'],
    ['sin resultados: teléfono', '098 765 432 1'],
    ['sin resultados: e-mail', 'nadie@ejemplo.invalid'],
    ['sin resultados: dominio', 'gmail.com.uy'],
    // Under three characters a search matches the start of the name on an index (issue #19 §15).
    ['dos letras sin resultados', 'xq'],
    ['una letra', 'q'],
  ];
  const edges: Array<[string, string]> = [];

  out();
  out('## Search: contacts.list { search } over HTTP, and its SQL over raw pg (ms)');
  out(TABLE_HEADER);
  for (const viewer of viewers) {
    for (const [name, term] of corpus) await searchCase(bench, viewer, name, term, true);
  }
  if (edges.length) {
    out();
    out('### Edge cases (outside the targets)');
    for (const viewer of viewers) {
      for (const [name, term] of edges) await searchCase(bench, viewer, name, term, false);
    }
  }
  out(
    `(${ITERATIONS} calls per side and case, fewer past ${CASE_SECONDS} s; ratio = http/raw; ` +
      `overhead judged on p50)`,
  );

  out();
  out('## List without search: page 1,000 against page 1, http and raw p50/p95/p99 (ms)');
  for (const viewer of viewers) await pagesCase(bench, viewer);

  out();
  out(await floorLine(baseUrl, client, BUDGET));

  out();
  out('## Plans (EXPLAIN ANALYZE of the raw query, rows and rows removed by filter per node)');
  for (const line of bench.plans) out(line);
  out();
  out(bench.misses === 0 ? 'All targets met.' : `${bench.misses} case(s) missed a target.`);
}

/** How many contacts a term finds in a scope (what the whole list would hold). */
async function countHits(
  client: pg.Client,
  tenantId: string,
  scope: ContactScope,
  term: string | undefined,
) {
  const params: unknown[] = [tenantId];
  let where = 'tenant_id = $1';
  if (scope.kind === 'own') {
    params.push(scope.userId);
    where += ` and agent_id = $${params.length}`;
  }
  const folded = term ? foldSearchTerm(term) : '';
  if (folded) {
    params.push(searchTextPattern(folded));
    where += ` and search_text like $${params.length}`;
  }
  const result = await client.query<{ n: string }>(
    `select count(*) as n from contacts where ${where}`,
    params,
  );
  return Number(result.rows[0]!.n);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
