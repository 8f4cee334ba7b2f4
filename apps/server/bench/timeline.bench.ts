/**
 * `npm run bench:timeline`: a contact's timeline and the live events of issue #6 in a real
 * PostgreSQL: one contact with 100,000 interactions among 10,000,000 in its tenant.
 *
 * Targets (issue #6), checked here and nowhere else (never in timed tests):
 *   - the first page and page 1,000 (keyset) of `interaction.timeline` through tRPC over HTTP,
 *     at concurrency 8, against its floor in the same run (issue #19 §12): a minimal Fastify
 *     route in the same server that runs the same prepared SQL through the same pool and sends
 *     the same JSON, without tRPC and the session: p50 ≤ 1.5 × floor p50, p99 ≤ 2 × floor p99;
 *     the same SQL through raw pg is printed beside them with its ratios (issue #6: 2.5 × and
 *     3.5 ×);
 *   - page 1,000 within 1.5 × page 1 (HTTP p50);
 *   - websocket fan-out of 50 events/s to 1,000 subscribed agents: p99 ≤ 100 ms from the write
 *     to the subscriber, and no event delivered to a subscriber not allowed to see it.
 *
 * The clients (HTTP, raw pg, websockets and the writes) run in a child process
 * (timeline-clients.ts), so this process's event loop is the server's alone.
 *
 * Environment:
 *   BENCH_DATABASE_URL      a server to use (a database `cartera_bench_timeline` is created
 *                           there); without it a throwaway cluster is started.
 *   BENCH_INTERACTIONS      interactions in the tenant (10,000,000).
 *   BENCH_LONG_TIMELINE     of which on the one long contact (100,000).
 *   BENCH_CONTACTS          contacts in the tenant (100,000).
 *   BENCH_CALLS             timed calls per side and page (3,000), in alternating blocks.
 *   BENCH_FANOUT_SECONDS    seconds of writes at 50 events/s (30).
 *   BENCH_FANOUT_RUNS       fan-out runs, judged on the worst (3).
 *   BENCH_PARTS             `timeline,fanout` (both), or one of them.
 *   BENCH_KEEP=1, BENCH_REUSE=1 as in bench:contacts.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database, DatabaseHandle } from '@cartera/db/client';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import type { Group } from '@cartera/db/schema';
import type * as schema from '@cartera/db/schema';
import { PERSON_FIRST_NAMES, PERSON_LAST_NAMES } from '@cartera/db/names';
import { INTERACTION_PAGE_SIZE } from '@cartera/domain/interactions';
import { contactSearchText } from '@cartera/domain/search';
import { typedCall } from '../src/testing/http-client';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import { startCluster } from './cluster';
import type { App } from '../src/app';
import { timelinePage } from '../src/modules/interactions/interactions.service';
import type { AuthUser } from '../src/modules/sessions/session.types';
import { serializeOutput } from '../src/trpc/transformer';
import { findTimelinePage } from '../src/modules/interactions/interactions.repository';
import { contactReader } from '../src/modules/access/contacts';
import { resolveSession } from '../src/modules/sessions/session.service';
import {
  backgroundLine,
  backgroundWork,
  captureQuery,
  clientRunner,
  loadLine,
  machineLine,
  mix,
  openBenchFixture,
  out,
  pick,
  planShape,
  seconds,
  settleDatabase,
  unit,
  verdict,
  STALL_MS,
  type CapturedQuery,
  type Stall,
  type Timing,
} from './bench-kit';
import type {
  ClientTask,
  FanoutResult,
  FanoutSubscriber,
  FanoutWrite,
  PagesResult,
} from './timeline-clients';

const INTERACTIONS = Number(process.env.BENCH_INTERACTIONS ?? 10_000_000);
const LONG_TIMELINE = Number(process.env.BENCH_LONG_TIMELINE ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 3_000);
const FANOUT_SECONDS = Number(process.env.BENCH_FANOUT_SECONDS ?? 30);
const FANOUT_RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 3);
/**
 * BENCH_FANOUT_CLUSTER=3: the fan-out through HAProxy over three instances with Redis
 * (bench/cluster.ts; issue #37), 5,000 subscribers (247 sellers a team) unless
 * BENCH_SELLERS_PER_TEAM says otherwise, target p99 ≤ 250 ms. Only the fan-out runs.
 */
const CLUSTER = Number(process.env.BENCH_FANOUT_CLUSTER ?? 0);
const PARTS = CLUSTER ? ['fanout'] : (process.env.BENCH_PARTS ?? 'timeline,fanout').split(',');
const CONCURRENCY = 8;
const DEEP_PAGE = 1_000;
const FANOUT_RATE = 50;
const DATABASE = 'cartera_bench_timeline';
const TENANT = 'Bench Timeline';
const OTHER_TENANT = 'Bench Otro';

/**
 * 1,000 subscribers: 20 teams of a supervisor and 47 sellers, 20 comercial, 20 of another tenant
 * (5,000 with 247 sellers a team, the cluster's default). Each note is for about 22 of them: its
 * seller, the team's supervisor and the comercial.
 */
const TEAMS = 20;
const SELLERS_PER_TEAM = Number(process.env.BENCH_SELLERS_PER_TEAM ?? (CLUSTER ? 247 : 47));
const COMERCIAL = 20;
const OTHER_COMERCIAL = 5;
const OTHER_SELLERS = 15;

const TARGET_P50_FACTOR = 2.5;
const TARGET_P99_FACTOR = 3.5;
const TARGET_FLOOR_P50_FACTOR = 1.5;
const TARGET_FLOOR_P99_FACTOR = 2;
const TARGET_DEEP_PAGE_FACTOR = 1.5;
const TARGET_FANOUT_P99_MS = CLUSTER ? 250 : 100;

const BATCH = 10_000;
const HISTORY_MS = 3 * 365 * 24 * 3600 * 1000;
/** One row in STRIDE belongs to the long timeline, spread over the whole history. */
const STRIDE = Math.max(1, Math.floor(INTERACTIONS / LONG_TIMELINE));

// ---------------------------------------------------------------------------------------------
// The people.

type Person = Pick<schema.User, 'id' | 'tenantId' | 'email' | 'groupId' | 'roles'>;

interface Fixture {
  tenantId: string;
  comercial: Person[];
  supervisors: Person[];
  /** Team by team, SELLERS_PER_TEAM each. */
  sellers: Person[];
  /** Users of another tenant: they must never receive an event of this one. */
  outsiders: Person[];
}

async function createFixture(db: Database): Promise<Fixture> {
  const tenant = await createTenant(db, { name: TENANT, displayName: TENANT, country: 'uy' });
  const comercial: Person[] = [];
  for (let index = 0; index < COMERCIAL; index += 1) {
    comercial.push(
      await createUser(db, tenant, { email: `comercial${index}@bench.test`, role: 'comercial' }),
    );
  }
  const supervisors: Person[] = [];
  const sellers: Person[] = [];
  for (let team = 0; team < TEAMS; team += 1) {
    const group = await createGroup(db, tenant, { name: `Equipo ${team}` });
    supervisors.push(
      await createUser(db, group, { email: `super${team}@bench.test`, role: 'super' }),
    );
    for (let index = 0; index < SELLERS_PER_TEAM; index += 1) {
      sellers.push(
        await createUser(db, group, {
          email: `vendedor${team}-${index}@bench.test`,
          name: `Vendedor ${team}-${index}`,
        }),
      );
    }
  }
  const other: Group = await createTenant(db, { name: OTHER_TENANT, country: 'uy' });
  const outsiders: Person[] = [];
  for (let index = 0; index < OTHER_COMERCIAL + OTHER_SELLERS; index += 1) {
    outsiders.push(
      await createUser(db, other, {
        email: `otro${index}@bench.test`,
        role: index < OTHER_COMERCIAL ? 'comercial' : 'user',
      }),
    );
  }
  return { tenantId: tenant.id, comercial, supervisors, sellers, outsiders };
}

async function findFixture(client: pg.Client): Promise<Fixture | undefined> {
  const tenant = await client.query<{ id: string }>('select id from groups where name = $1', [
    TENANT,
  ]);
  if (tenant.rowCount !== 1) return undefined;
  const tenantId = tenant.rows[0]!.id;
  const people = await client.query<Person>(
    `select id, tenant_id as "tenantId", email, group_id as "groupId", roles from users
     where email like '%@bench.test'`,
  );
  // Creation order: the numbers in the e-mails, compared as numbers.
  const numbered = (prefix: string) =>
    people.rows
      .filter((user) => user.email.startsWith(prefix))
      .sort((a, b) => {
        const key = (email: string) =>
          email
            .slice(prefix.length, email.indexOf('@'))
            .split('-')
            .map((part) => part.padStart(4, '0'))
            .join('-');
        return key(a.email).localeCompare(key(b.email));
      });
  const fixture = {
    tenantId,
    comercial: numbered('comercial'),
    supervisors: numbered('super'),
    sellers: numbered('vendedor'),
    outsiders: numbered('otro'),
  };
  if (fixture.sellers.length !== TEAMS * SELLERS_PER_TEAM) return undefined;
  const contacts = await client.query<{ n: string }>(
    'select count(*) as n from contacts where tenant_id = $1',
    [tenantId],
  );
  if (Number(contacts.rows[0]!.n) !== CONTACTS) return undefined;
  const long = await client.query<{ n: string }>(
    `select count(*) as n from interactions where tenant_id = $1 and contact_id = $2`,
    [tenantId, contactId(0)],
  );
  if (Number(long.rows[0]!.n) !== LONG_TIMELINE) return undefined;
  return fixture;
}

// ---------------------------------------------------------------------------------------------
// Data: every value a function of the row number, ids included.

/**
 * A UUIDv7 of a past time that is a function of (ms, row): time-ordered like the app's ids,
 * unique because the row number fills 32 of the random bits.
 */
function benchId(ms: number, row: number, salt: number) {
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');
  const time = hex(ms, 12);
  return (
    `${time.slice(0, 8)}-${time.slice(8)}-7${hex(mix(row, salt) & 0xfff, 3)}-` +
    `${hex(0x8000 | (mix(row, salt + 1) & 0x3fff), 4)}-` +
    `${hex(row >>> 0, 8)}${hex(mix(row, salt + 2) & 0xffff, 4)}`
  );
}

const historyStart = (now: number) => now - HISTORY_MS;

/** Contact 0 is the long timeline; contact ids are made before the first interaction. */
const ANCHOR = Date.UTC(2023, 0, 1);
const contactId = (index: number) => benchId(ANCHOR - CONTACTS + index, index, 40);

const sellerOf = (sellers: Person[], contact: number) => sellers[contact % sellers.length]!;

const CONTACT_SQL = `
  insert into contacts (tenant_id, id, first_name, last_name, agent_id, first_agent_id,
    search_text, created_at, updated_at)
  select $1::uuid, u.id, u.first_name, u.last_name, u.agent_id, u.agent_id, u.search_text,
    u.created_at, u.created_at
  from unnest($2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::timestamptz[])
    as u(id, first_name, last_name, agent_id, search_text, created_at)`;

async function loadContacts(client: pg.Client, fixture: Fixture) {
  for (let first = 0; first < CONTACTS; first += BATCH) {
    const rows = [];
    for (let index = first; index < Math.min(first + BATCH, CONTACTS); index += 1) {
      const firstName = index === 0 ? 'Valentina' : pick(PERSON_FIRST_NAMES, index, 1);
      const lastName = index === 0 ? 'Historial' : pick(PERSON_LAST_NAMES, index, 2);
      rows.push({
        id: contactId(index),
        firstName,
        lastName,
        agentId: sellerOf(fixture.sellers, index).id,
        searchText: contactSearchText({ firstName, lastName }, 'uy'),
        createdAt: new Date(ANCHOR - CONTACTS + index),
      });
    }
    await client.query(CONTACT_SQL, [
      fixture.tenantId,
      rows.map((row) => row.id),
      rows.map((row) => row.firstName),
      rows.map((row) => row.lastName),
      rows.map((row) => row.agentId),
      rows.map((row) => row.searchText),
      rows.map((row) => row.createdAt),
    ]);
  }
}

const OPENINGS = [
  'Hablé con el cliente:',
  'Me escribió por WhatsApp,',
  'Seguimiento:',
  'Llamó a la oficina y',
  'Pasé por el local,',
  'Le mandé la propuesta;',
  'Sin novedades,',
  'Nota para el equipo:',
];
const DETAILS = [
  'quiere la *cotización* de los 3 equipos con envío a Canelones.',
  'pregunta si hay cuotas sin recargo con tarjeta.',
  'está comparando con otro proveedor, pide un _mejor precio_.',
  'confirma la reunión del jueves a las 10 en su oficina.',
  'pide que lo llamemos después de las 18 h, antes está en el taller.',
  'ya firmó; falta la factura a nombre de la empresa (RUT en el legajo).',
  'dice que su socio aprueba la compra la semana que viene.',
  'cambió de número, actualicé el teléfono en la ficha.',
  'no contestó, dejé mensaje en el buzón de voz.',
  'le interesa el plan anual pero quiere ver la demo primero.',
];
const COMMENTS = ['Llamar para cerrar', 'Enviar la cotización', 'Confirmar la visita'];
const VISITS = [
  ['concretada', 'Visita concretada'],
  ['ausente', 'Cliente ausente'],
  ['reprogramada', 'Reprogramada'],
] as const;
const TAGS = ['new', 'contacted', 'offered', 'presale'];
const CALL_STATES = ['done', 'done', 'cancel', 'voicemail'] as const;
const ACTIONS = ['phoneCall', 'message', 'visit', 'sendWhatsapp'] as const;

interface InteractionRow {
  id: string;
  contactId: string;
  type: string;
  content: string;
  agentId: string | null;
  via: string;
  createdBySystem: boolean;
  status: string | null;
  createdAt: Date;
}

/** Row `row` of the tenant's history: who it is about, what it is, when. */
function interactionRow(row: number, fixture: Fixture, startMs: number): InteractionRow {
  const at = Math.floor(startMs + (row * HISTORY_MS) / INTERACTIONS);
  const contact = row % STRIDE === STRIDE - 1 ? 0 : 1 + (mix(row, 21) % (CONTACTS - 1));
  const base = {
    id: benchId(at, row, 30),
    contactId: contactId(contact),
    agentId: sellerOf(fixture.sellers, contact).id as string | null,
    via: 'web',
    createdBySystem: false,
    status: null as string | null,
    createdAt: new Date(at),
  };
  const roll = unit(row, 22);
  if (roll < 0.45) {
    const body = `${pick(OPENINGS, row, 23)} ${pick(DETAILS, row, 24)}`;
    return { ...base, type: 'note', content: JSON.stringify({ body, files: [] }) };
  }
  if (roll < 0.65) {
    const state = pick(CALL_STATES, row, 25);
    const duration = state === 'done' ? `,"callDuration":${30 + (mix(row, 26) % 600)}` : '';
    return {
      ...base,
      type: 'phoneCall',
      status: state,
      content: `{"state":"${state}","origin":"manual"${duration}}`,
    };
  }
  if (roll < 0.77) {
    return {
      ...base,
      type: 'reminder',
      status: 'expired',
      agentId: null,
      via: 'server',
      createdBySystem: true,
      content: JSON.stringify({
        reminderDate: null,
        reminderDateToInactivate: new Date(at).toISOString(),
        actionType: pick(ACTIONS, row, 27),
        comment: pick(COMMENTS, row, 28),
      }),
    };
  }
  if (roll < 0.87) {
    const [state, stateName] = pick(VISITS, row, 29);
    return {
      ...base,
      type: 'visit',
      content: JSON.stringify({ state, stateName, comment: pick(DETAILS, row, 31), shared: [] }),
    };
  }
  if (roll < 0.95) {
    const from = pick(TAGS, row, 32);
    const to = pick(TAGS, row + 1, 32);
    return { ...base, type: 'tagChange', content: `{"from":"${from}","to":"${to}"}` };
  }
  return {
    ...base,
    type: 'archiving',
    content: `{"from":"","to":"volver-a-llamar","toName":"Volver a llamar"}`,
  };
}

const INTERACTION_SQL = `
  insert into interactions (tenant_id, id, contact_id, type, content, agent_id, via,
    created_by_system, status, created_at)
  select $1::uuid, u.id, u.contact_id, u.type, u.content::jsonb, u.agent_id, u.via,
    u.created_by_system, u.status, u.created_at
  from unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::uuid[], $7::text[],
    $8::boolean[], $9::text[], $10::timestamptz[])
    as u(id, contact_id, type, content, agent_id, via, created_by_system, status, created_at)`;

/**
 * Loads the interactions in time order (so the long timeline's rows lie spread over the whole
 * table, as years of use leave them) with the primary key, the foreign key and the index
 * dropped, then restores them from their own definitions and vacuums.
 */
async function loadInteractions(url: string, client: pg.Client, fixture: Fixture) {
  const constraints = await client.query<{ name: string; definition: string }>(`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'interactions'::regclass and contype in ('p', 'f') order by contype desc`);
  const indexes = await client.query<{ name: string; definition: string }>(`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = 'interactions'::regclass and not x.indisprimary`);
  // Other tables' foreign keys to interactions (channel messages) depend on its primary key.
  const referencing = await client.query<{ table: string; name: string; definition: string }>(`
    select conrelid::regclass::text as table, conname as name,
      pg_get_constraintdef(oid) as definition from pg_constraint
    where confrelid = 'interactions'::regclass and contype = 'f'`);
  for (const each of referencing.rows) {
    await client.query(
      `alter table ${each.table} drop constraint ${pg.escapeIdentifier(each.name)}`,
    );
  }
  for (const index of indexes.rows)
    await client.query(`drop index ${pg.escapeIdentifier(index.name)}`);
  for (const constraint of [...constraints.rows].reverse()) {
    await client.query(
      `alter table interactions drop constraint ${pg.escapeIdentifier(constraint.name)}`,
    );
  }

  // Two connections writing while this process builds the next batch.
  const writers = [client, new pg.Client({ connectionString: url })];
  await writers[1]!.connect();
  const inFlight: Array<Promise<unknown> | undefined> = [undefined, undefined];
  const startMs = historyStart(Date.now());
  const started = performance.now();
  let batchNumber = 0;
  for (let first = 0; first < INTERACTIONS; first += BATCH) {
    const rows: InteractionRow[] = [];
    for (let row = first; row < Math.min(first + BATCH, INTERACTIONS); row += 1) {
      rows.push(interactionRow(row, fixture, startMs));
    }
    const slot = batchNumber % 2;
    batchNumber += 1;
    await inFlight[slot];
    inFlight[slot] = writers[slot]!.query(INTERACTION_SQL, [
      fixture.tenantId,
      rows.map((row) => row.id),
      rows.map((row) => row.contactId),
      rows.map((row) => row.type),
      rows.map((row) => row.content),
      rows.map((row) => row.agentId),
      rows.map((row) => row.via),
      rows.map((row) => row.createdBySystem),
      rows.map((row) => row.status),
      rows.map((row) => row.createdAt),
    ]);
    if ((first + BATCH) % 1_000_000 === 0) {
      out(`  ${(first + BATCH).toLocaleString('en')} interactions (${seconds(started)} s)`);
    }
  }
  await Promise.all(inFlight);
  await writers[1]!.end();
  const loaded = seconds(started);

  const indexing = performance.now();
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const constraint of constraints.rows) {
    await client.query(
      `alter table interactions add constraint ${pg.escapeIdentifier(constraint.name)} ${constraint.definition}`,
    );
  }
  for (const index of indexes.rows) await client.query(index.definition);
  for (const each of referencing.rows) {
    await client.query(
      `alter table ${each.table} add constraint ${pg.escapeIdentifier(each.name)} ${each.definition}`,
    );
  }
  const indexed = seconds(indexing);
  const vacuuming = performance.now();
  await client.query('vacuum (analyze) interactions');
  await client.query('vacuum (analyze) contacts');
  out(
    `  loaded in ${loaded} s, keys and indexes restored in ${indexed} s, ` +
      `vacuum analyze ${seconds(vacuuming)} s`,
  );
}

// ---------------------------------------------------------------------------------------------
// The timeline pages.

interface PageCase {
  label: string;
  page: number;
  before: string | undefined;
  query: CapturedQuery;
}

async function pageCases(
  baseUrl: string,
  handle: DatabaseHandle,
  client: pg.Client,
  pool: pg.Pool,
  fixture: Fixture,
  token: string,
) {
  const contact = contactId(0);
  // The cursor of page N is the oldest id of page N - 1: the (N - 1) × 50th newest item.
  const cursor = await client.query<{ id: string }>(
    `select id from interactions where tenant_id = $1 and contact_id = $2
     order by id desc offset ${(DEEP_PAGE - 1) * INTERACTION_PAGE_SIZE - 1} limit 1`,
    [fixture.tenantId, contact],
  );
  // The page query checks that the caller may read the contact, as the procedure does.
  const seller = (await resolveSession(handle.db, token))!.user;
  floorReader = seller;
  const cases: PageCase[] = [];
  for (const [page, before] of [
    [1, undefined],
    [DEEP_PAGE, cursor.rows[0]!.id],
  ] as const) {
    const query = await captureQuery(pool, (db) =>
      findTimelinePage(db, contactReader(seller), contact, before, INTERACTION_PAGE_SIZE + 1),
    );
    // Same rows in the same order: the HTTP page is the raw query's first 50, oldest first.
    const answer = await typedCall(
      baseUrl,
      'interaction.timeline',
      { contactId: contact, before },
      { token, method: 'GET' },
    );
    const raw = await client.query<{ id: string }>({ text: query.text, values: query.params });
    const httpIds = answer.data.items.map((item) => item.id);
    const rawIds = raw.rows
      .slice(0, INTERACTION_PAGE_SIZE)
      .map((row) => row.id)
      .reverse();
    if (answer.status !== 200 || JSON.stringify(httpIds) !== JSON.stringify(rawIds)) {
      throw new Error(`HTTP and raw answers differ for page ${page} (${answer.status})`);
    }
    // The floor route answers the very bytes tRPC answers.
    const input = encodeURIComponent(JSON.stringify({ json: { contactId: contact, before } }));
    const [trpcText, floorText] = await Promise.all([
      fetch(`${baseUrl}/api/trpc/interaction.timeline?input=${input}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((response) => response.text()),
      fetch(`${baseUrl}${FLOOR_PATH}${before ? `?before=${before}` : ''}`).then((response) =>
        response.text(),
      ),
    ]);
    if (trpcText !== floorText) throw new Error(`the floor's answer differs for page ${page}`);
    cases.push({ label: `page ${page.toLocaleString('en')}`, page, before, query });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// The floor: the page without tRPC and the session.

const FLOOR_PATH = '/bench/timeline-floor';
/** Whose page the floor route serves: the seller of the long contact, resolved once. */
let floorReader: AuthUser | undefined;

/**
 * A minimal Fastify route in the app's own server: the procedure's service (the same prepared
 * SQL through the same pool, the same mapping) and the same JSON a tRPC GET answers, with no
 * tRPC, no session lookup, no input checks. What the HTTP series costs above it is the price of
 * the typed API and of its guards.
 */
function addFloorRoute({ server, deps }: App) {
  server.get(FLOOR_PATH, async (request, reply) => {
    const { before } = request.query as { before?: string };
    const page = await timelinePage(deps.db, floorReader!, { contactId: contactId(0), before });
    return reply
      .type('application/json')
      .send(JSON.stringify({ result: { data: serializeOutput(page) } }));
  });
}

// ---------------------------------------------------------------------------------------------
// The client process.

const runClients = clientRunner<ClientTask>(new URL('./timeline-clients.ts', import.meta.url));

// ---------------------------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(1).padStart(6);
const line = (timing: Timing) =>
  `${ms(timing.p50)} ${ms(timing.p95)} ${ms(timing.p99)} ${String(timing.n).padStart(6)}`;

async function main() {
  out(
    `# bench:timeline — ${LONG_TIMELINE.toLocaleString('en')} interactions on one contact among ` +
      `${INTERACTIONS.toLocaleString('en')} in its tenant (${CONTACTS.toLocaleString('en')} contacts)`,
  );
  out(machineLine());
  const { database, fixture } = await openBenchFixture(
    DATABASE,
    10,
    findFixture,
    async ({ handle, client, url }) => {
      const started = performance.now();
      const created = await createFixture(handle.db);
      out(`loading ${CONTACTS.toLocaleString('en')} contacts and the users…`);
      await loadContacts(client, created);
      out(`loading ${INTERACTIONS.toLocaleString('en')} interactions…`);
      await loadInteractions(url, client, created);
      out(`  whole load ${seconds(started)} s`);
      return created;
    },
  );
  const { handle, client } = database;
  const size = await client.query<{ table: string; heap: string; index: string }>(
    `select pg_size_pretty(pg_total_relation_size('interactions')) as table,
            pg_size_pretty(pg_relation_size('interactions')) as heap,
            pg_size_pretty(pg_relation_size('interactions_tenant_contact_idx')) as index`,
  );
  out(
    `interactions: ${size.rows[0]!.table} with indexes (heap ${size.rows[0]!.heap}, ` +
      `interactions_tenant_contact_idx ${size.rows[0]!.index})`,
  );

  // What the load left behind (dirty buffers, autovacuum) is waited out, not measured.
  out(await settleDatabase(client));
  const cluster = CLUSTER
    ? await startCluster({
        databaseUrl: database.url,
        instances: CLUSTER,
        env: { JOBS_ENABLED: 'false' },
      })
    : undefined;
  const app = cluster
    ? undefined
    : await startTestApp(handle, { JOBS_ENABLED: 'false' }, addFloorRoute);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  let misses = 0;
  try {
    if (cluster)
      out(`cluster: HAProxy ${cluster.url} over ${cluster.instances.length} instances, Redis`);
    if (PARTS.includes('timeline'))
      misses += await timelineSection(app!.url, handle, client, pool, database.url, fixture);
    if (PARTS.includes('fanout'))
      misses += await fanoutSection(cluster?.url ?? app!.url, handle, client, fixture);
  } finally {
    await app?.stop();
    await cluster?.stop();
    await pool.end();
    await database.close();
  }
  out();
  out(misses === 0 ? 'All targets met.' : `${misses} target(s) missed.`);
}

async function timelineSection(
  baseUrl: string,
  handle: DatabaseHandle,
  client: pg.Client,
  pool: pg.Pool,
  url: string,
  fixture: Fixture,
) {
  const owner = sellerOf(fixture.sellers, 0);
  const token = await tokenFor(handle, owner);
  const cases = await pageCases(baseUrl, handle, client, pool, fixture, token);
  out();
  out(
    `## interactions.timeline of the long contact, as its seller: HTTP and raw pg, each at ` +
      `concurrency ${CONCURRENCY} (ms)`,
  );
  const { result, server } = await runClients<PagesResult>({
    kind: 'pages',
    baseUrl,
    databaseUrl: url,
    token,
    contactId: contactId(0),
    floorUrl: `${baseUrl}${FLOOR_PATH}`,
    cases: cases.map(({ label, before, query }) => ({ label, before, query })),
    calls: CALLS,
    concurrency: CONCURRENCY,
  });
  out(
    `${'case'.padEnd(10)} side   ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)}` +
      `  calls  calls/s | http ÷ side: p50 | p99`,
  );
  let misses = 0;
  const ratios = (
    each: (typeof result.cases)[number],
    side: 'floor' | 'raw',
    p50Target: number,
    p99Target: number,
  ) => {
    const p50 = each.http.p50 / each[side].p50;
    const p99 = each.http.p99 / each[side].p99;
    const ok50 = p50 <= p50Target;
    const ok99 = p99 <= p99Target;
    misses += Number(!ok50) + Number(!ok99);
    return (
      `${p50.toFixed(2).padStart(5)} ${verdict(ok50)} (≤ ${p50Target}) | ` +
      `${p99.toFixed(2).padStart(5)} ${verdict(ok99)} (≤ ${p99Target})`
    );
  };
  for (const each of result.cases) {
    out(
      `${each.label.padEnd(10)} http  ${line(each.http)} ${each.httpRate.toFixed(0).padStart(8)} |`,
    );
    out(
      `${''.padEnd(10)} floor ${line(each.floor)} ${each.floorRate.toFixed(0).padStart(8)} | ` +
        ratios(each, 'floor', TARGET_FLOOR_P50_FACTOR, TARGET_FLOOR_P99_FACTOR),
    );
    out(
      `${''.padEnd(10)} raw   ${line(each.raw)} ${each.rawRate.toFixed(0).padStart(8)} | ` +
        ratios(each, 'raw', TARGET_P50_FACTOR, TARGET_P99_FACTOR),
    );
  }
  const [first, deep] = result.cases as [(typeof result.cases)[0], (typeof result.cases)[0]];
  const deepRatio = deep.http.p50 / first.http.p50;
  const deepOk = deepRatio <= TARGET_DEEP_PAGE_FACTOR;
  misses += Number(!deepOk);
  out(
    `page ${DEEP_PAGE.toLocaleString('en')} against page 1 (HTTP): p50 ${deepRatio.toFixed(2)} ` +
      `${verdict(deepOk)} (≤ ${TARGET_DEEP_PAGE_FACTOR}), p99 ${(deep.http.p99 / first.http.p99).toFixed(2)}`,
  );
  out(
    `floor at concurrency ${CONCURRENCY}: GET /api/health ${line(result.floor.http)}; ` +
      `select 1 ${line(result.floor.raw)}`,
  );
  out(loadLine(server, result.cpuMs));
  out();
  out('## Plans (EXPLAIN ANALYZE of the raw query)');
  for (const each of cases) {
    const shape = await planShape(client, each.query);
    out(`${each.label}: ${shape.ms.toFixed(2)} ms`);
    for (const node of shape.nodes) out(`    ${node}`);
  }
  return misses;
}

async function fanoutSection(
  baseUrl: string,
  handle: DatabaseHandle,
  client: pg.Client,
  fixture: Fixture,
) {
  const subscribers: FanoutSubscriber[] = [];
  const add = async (person: Person, kind: FanoutSubscriber['kind']) =>
    subscribers.push({ userId: person.id, kind, token: await tokenFor(handle, person) });
  for (const person of fixture.comercial) await add(person, 'comercial');
  for (const person of fixture.supervisors) await add(person, 'supervisor');
  for (const person of fixture.sellers) await add(person, 'seller');
  for (const person of fixture.outsiders) await add(person, 'other tenant');
  const indexOf = new Map(subscribers.map((each, index) => [each.userId, index]));
  const comercial = fixture.comercial.map((person) => indexOf.get(person.id)!);

  // Notes by sellers on their own contacts (never the long one), each seller in turn; who may
  // see each: the seller, the supervisor of the seller's team and every comercial.
  const writes: FanoutWrite[] = [];
  const count = FANOUT_RATE * FANOUT_SECONDS;
  for (let index = 0; index < count; index += 1) {
    const contact = 1 + ((index * 7) % (CONTACTS - 1));
    const seller = sellerOf(fixture.sellers, contact);
    const team = fixture.supervisors.find((each) => each.groupId === seller.groupId)!;
    writes.push({
      contactId: contactId(contact),
      token: subscribers[indexOf.get(seller.id)!]!.token,
      allowed: [indexOf.get(seller.id)!, indexOf.get(team.id)!, ...comercial],
    });
  }

  out();
  out(
    `## Websocket fan-out: ${subscribers.length.toLocaleString('en')} subscribers of ` +
      `realtime.events, ${FANOUT_RATE} notes/s for ${FANOUT_SECONDS} s through ` +
      `interaction.createNote over HTTP`,
  );
  const kinds = new Map<string, number>();
  for (const each of subscribers) kinds.set(each.kind, (kinds.get(each.kind) ?? 0) + 1);
  out(`subscribers: ${[...kinds].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
  const expected = writes.reduce((sum, write) => sum + write.allowed.length, 0);
  // The target must hold run after run: FANOUT_RUNS runs, judged on the worst.
  const runs: FanoutResult[] = [];
  for (let run = 1; run <= FANOUT_RUNS; run += 1) {
    out();
    out(`### run ${run} of ${FANOUT_RUNS}`);
    const before = await backgroundWork(client);
    const { result, server } = await runClients<FanoutResult>({
      kind: 'fanout',
      baseUrl,
      subscribers,
      writes,
      rate: FANOUT_RATE,
    });
    runs.push(result);
    out(`subscriptions started in ${(result.connectMs / 1000).toFixed(1)} s`);
    out(
      `writes: ${result.writes.n} at ${result.writeRate.toFixed(1)}/s, createNote HTTP ` +
        `p50/p95/p99 ${result.writes.p50.toFixed(1)}/${result.writes.p95.toFixed(1)}/` +
        `${result.writes.p99.toFixed(1)} ms, ${result.writeErrors} failed`,
    );
    out(
      `deliveries: ${result.delivered.toLocaleString('en')} of ${expected.toLocaleString('en')} ` +
        `expected, ${result.missing} missing, ${result.duplicates} repeated, ` +
        `${result.unexpected} to a subscriber not allowed to see it, ${result.foreign} other events`,
    );
    const latency = result.latency;
    out(
      `latency from the write sent to the subscriber's onData, ms: p50 ${latency.p50.toFixed(1)}, ` +
        `p95 ${latency.p95.toFixed(1)}, p99 ${latency.p99.toFixed(1)}, max ` +
        `${result.maxLatency.toFixed(1)}`,
    );
    out(
      `latency from the write's answer (committed) to onData, ms: p50 ` +
        `${result.afterCommit.p50.toFixed(1)}, p99 ${result.afterCommit.p99.toFixed(1)} ` +
        `(negative: the event arrived before the answer)`,
    );
    out(
      `slowest writes (sent at → took): ` +
        result.slowest
          .map((each) => `${(each.sentMs / 1000).toFixed(2)} s → ${each.ms.toFixed(0)} ms`)
          .join(', '),
    );
    out(loadLine(server, result.cpuMs));
    const writesEnd = result.writesStart + (1000 * result.writes.n) / result.writeRate;
    const during = (stalls: Stall[]) =>
      stalls
        .filter((each) => each.at >= result.writesStart && each.at <= writesEnd)
        .map(
          (each) =>
            `${((each.at - result.writesStart) / 1000).toFixed(2)} s → ${each.ms.toFixed(0)} ms`,
        )
        .join(', ') || 'none';
    out(
      `event loops standing still over ${STALL_MS} ms during the writes (s after the first → ms): ` +
        `server ${during(server.stalls)}; clients ${during(result.stalls)}`,
    );
    out(backgroundLine(before, await backgroundWork(client)));
  }
  const worst = runs.reduce((a, b) => (b.latency.p99 > a.latency.p99 ? b : a));
  const ok = worst.latency.p99 <= TARGET_FANOUT_P99_MS;
  const clean = runs.every(
    (result) => result.unexpected === 0 && result.missing === 0 && result.writeErrors === 0,
  );
  out();
  out(
    `worst of ${runs.length} run(s): sent → onData p99 ${worst.latency.p99.toFixed(1)} ms ` +
      `(runs: ${runs.map((result) => result.latency.p99.toFixed(1)).join(', ')}) | p99 ≤ ` +
      `${TARGET_FANOUT_P99_MS} ${verdict(ok)} | none delivered where not allowed, none missing, ` +
      `no failed write in any run ${verdict(clean)}`,
  );
  return Number(!ok) + Number(!clean);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
