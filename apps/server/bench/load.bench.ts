/**
 * `npm run bench:load`: 10 and then 100 simulated sellers working at once on one server and a
 * real PostgreSQL, each doing what the web does on 'Conversaciones' and the conversation screen.
 *
 * Targets (the load issue), checked here and nowhere else (never in timed tests):
 *   - for every call, p95 with 100 agents ≤ 3 × p95 with 10 agents;
 *   - errors < 0.1 % of the calls;
 *   - every note delivered over the websocket to every subscriber allowed to see it.
 *
 * Each agent signs in (`auth.login`, its own session cookie) and, until its phase ends, visits
 * contacts: 'Conversaciones' (`inbox.conversations`, its first page), a contact from it or one of
 * the team's busiest shared contacts (`contact.get`), the timeline's first page, its
 * subscription to the contact's topic (`realtime.events`, held until the next visit, with the
 * screen's catch-up `interaction.after` on start and after live events), the older page, a
 * contact search (`contact.list`), then one to three notes (`interaction.createNote`) 3 to 6 s
 * apart. Calls go through @trpc/client with the web's links (httpBatchLink, wsLink).
 *
 * The server runs in this process (startTestApp, jobs off, a pool of 10); the agents run in a
 * child process (this file forked with --agents), so their work is not on the server's event loop.
 *
 * Environment:
 *   BENCH_DATABASE_URL        a server to use (a database `cartera_bench_load` is created there);
 *                             without it a throwaway cluster is started.
 *   BENCH_LOAD_SECONDS        measured seconds per phase, after the ramp-up (60).
 *   BENCH_LOAD_RAMP_SECONDS   seconds over which a phase's agents sign in and start (10).
 *   BENCH_LOAD_AGENTS         agents per phase, the first the baseline (`10,100`).
 *   BENCH_LOAD_CONTACTS       contacts per seller (60).
 *   BENCH_LOAD_CLUSTER        instances behind HAProxy with Redis (bench/cluster.ts) instead of
 *                             the one in this process; 3 for issue #37's cluster mode, whose
 *                             phases default to `10,300` and end with the kill case: the last
 *                             phase again with one instance killed in the middle of the window
 *                             (its websockets back through the proxy within 5 s, no note lost
 *                             or delivered twice). BENCH_LOAD_KILL=0 leaves the kill case out.
 *   BENCH_KEEP=1, BENCH_REUSE=1 as in bench:contacts.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import type { TRPCClient } from '@trpc/client';
import pg from 'pg';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { Database, DatabaseHandle } from '@cartera/db/client';
import {
  createContact,
  createGroup,
  createSharedInbox,
  createTenant,
  createUser,
  DEMO_PASSWORD,
} from '@cartera/db/factories';
import { PERSON_FIRST_NAMES, PERSON_LAST_NAMES } from '@cartera/db/names';
import { newId } from '@cartera/domain/ids';
import { TRPC_MAX_BATCH_SIZE } from '@cartera/domain/limits';
import type { AppRouter } from '../src/router';
import type { EventEnvelope } from '../src/realtime/stream';
import { trpcCall, type ProcedurePath } from '../src/testing/http-client';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import { startCluster, type Cluster } from './cluster';
import { waitFor, watchTopic } from '../src/testing/ws-client';
import {
  backgroundLine,
  backgroundWork,
  clientRunner,
  loadLine,
  machineLine,
  openBenchFixture,
  out,
  pick,
  seconds,
  settleDatabase,
  percentile,
  summary,
  unit,
  verdict,
  type Timing,
} from './bench-kit';

const MEASURED_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const RAMP_SECONDS = Number(process.env.BENCH_LOAD_RAMP_SECONDS ?? 10);
/** BENCH_LOAD_CLUSTER=3: the agents work through HAProxy over three instances (issue #37). */
const CLUSTER = Number(process.env.BENCH_LOAD_CLUSTER ?? 0);
const PHASES = (process.env.BENCH_LOAD_AGENTS ?? (CLUSTER ? '10,300' : '10,100'))
  .split(',')
  .map(Number);
/** In cluster mode, the kill case: the last phase again, one instance killed mid-window. */
const KILL_CASE = CLUSTER > 1 && process.env.BENCH_LOAD_KILL !== '0';
/** The kill case's target: every agent of the killed instance back within this, ms. */
const TARGET_RECONNECT_MS = 5_000;
const CONTACTS_PER_SELLER = Number(process.env.BENCH_LOAD_CONTACTS ?? 60);
const DATABASE = 'cartera_bench_load';
const TENANT = 'Bench Carga';
const AGENTS_FLAG = '--agents';

/** Teams of a supervisor and TEAM_SIZE sellers; every seller's portfolio shared with the team. */
const TEAM_SIZE = 10;
const TEAMS = Math.ceil(Math.max(...PHASES) / TEAM_SIZE);
/** The team's busiest contacts (the newest of its first sellers), opened by anyone in it. */
const HOT_PER_TEAM = 5;
/** How often a visit opens one of them rather than a contact of one's own 'Conversaciones'. */
const HOT_SHARE = 0.5;
/** Interactions per contact: MIN_HISTORY + (0 … HISTORY_SPREAD - 1). */
const MIN_HISTORY = 60;
const HISTORY_SPREAD = 120;
const NOTE_PAUSE_MS = { min: 3_000, max: 6_000 };
const NOTES_PER_VISIT = { min: 1, max: 3 };
/** The screen's delay before it asks for what a live event announced. */
const LIVE_EVENT_DELAY_MS = 250;
/** How long a subscriber waits for the notes it should get, leaving a contact or at the end. */
const GRACE_MS = 10_000;
const SUBSCRIBE_TIMEOUT_MS = 15_000;
/** Sign-ins at once before a phase (argon2 is slow on purpose; they are not measured). */
const SIGN_IN_CONCURRENCY = 4;

const TARGET_P95_FACTOR = 3;
const TARGET_ERROR_RATE = 0.001;

/** The call kinds, in the order of a visit. */
const KINDS = [
  'inbox.conversations',
  'contact.get',
  'interaction.timeline (first page)',
  'realtime.events (until started)',
  'interaction.after (catch-up)',
  'interaction.timeline (older page)',
  'contact.list (search)',
  'interaction.createNote',
] as const;
type Kind = (typeof KINDS)[number];

// ---------------------------------------------------------------------------------------------
// The organisation and its data.

interface Seller {
  id: string;
  email: string;
  team: number;
  index: number;
}

interface Fixture {
  tenantId: string;
  /** Team by team, TEAM_SIZE each. */
  sellers: Seller[];
  /** hot[team]: the team's busiest contacts. */
  hot: string[][];
}

const sellerEmail = (team: number, index: number) => `vendedor${team}-${index}@carga.test`;

const NOTE_BODIES = [
  'Hablé con el cliente, quiere la cotización de los tres equipos con envío.',
  'Me escribió por WhatsApp: pregunta si hay cuotas sin recargo.',
  'Seguimiento: está comparando con otro proveedor, pide un mejor precio.',
  'Confirmó la reunión en su oficina, llevo la demo.',
  'No contestó, dejé mensaje en el buzón de voz.',
  'Ya firmó; falta la factura a nombre de la empresa.',
  'Dice que su socio aprueba la compra la semana que viene.',
  'Cambió de número, actualicé el teléfono en la ficha.',
];

/**
 * A history for every contact of the tenant, newest at the contact's last interaction and one
 * every 97 minutes before it: four notes in five, one call. Ids are UUIDv7 of the item's time.
 */
const HISTORY_SQL = `
  insert into interactions (tenant_id, id, contact_id, type, content, agent_id, via, status,
    created_at)
  select c.tenant_id,
    (lpad(to_hex((extract(epoch from t.at) * 1000)::bigint), 12, '0') || '7' ||
      substr(t.h, 1, 3) || '8' || substr(t.h, 4, 15))::uuid,
    c.id,
    case when g.n % 5 = 4 then 'phoneCall' else 'note' end,
    case when g.n % 5 = 4
      then jsonb_build_object('state', 'done', 'origin', 'manual', 'callDuration', 30 + g.n % 600)
      else jsonb_build_object('body', ($4::text[])[1 + g.n % array_length($4::text[], 1)],
        'files', '[]'::jsonb) end,
    c.agent_id, 'web', case when g.n % 5 = 4 then 'done' end, t.at
  from contacts c
  cross join lateral generate_series(0, $2::int - 1 + abs(hashtext(c.id::text)) % $3::int)
    as g(n)
  cross join lateral (select c.last_interaction_at - g.n * interval '97 minutes' as at,
    md5(c.id::text || ':' || g.n) as h) t
  where c.tenant_id = $1`;

async function createFixture(db: Database, client: pg.Client): Promise<Fixture> {
  const tenant = await createTenant(db, { name: TENANT, displayName: TENANT, country: 'uy' });
  const sellers: Seller[] = [];
  for (let team = 0; team < TEAMS; team += 1) {
    const group = await createGroup(db, tenant, { name: `Equipo ${team}` });
    await createUser(db, group, { email: `super${team}@carga.test`, role: 'super' });
    const members: Seller[] = [];
    for (let index = 0; index < TEAM_SIZE; index += 1) {
      const row = team * TEAM_SIZE + index;
      const user = await createUser(db, group, {
        email: sellerEmail(team, index),
        name: pick(PERSON_FIRST_NAMES, row, 51),
        lastname: pick(PERSON_LAST_NAMES, row, 52),
      });
      members.push({ id: user.id, email: user.email, team, index });
    }
    for (const owner of members) {
      await createSharedInbox(db, tenant, {
        name: `Cartera ${owner.email}`,
        ownerId: owner.id,
        memberIds: members.filter((each) => each !== owner).map((each) => each.id),
      });
    }
    sellers.push(...members);
  }

  // Each seller's contacts in creation order (contact 0 has the smallest id and is the newest
  // in 'Conversaciones'), the sellers eight at a time.
  const now = Date.now();
  const queue = [...sellers];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let seller = queue.shift(); seller; seller = queue.shift()) {
        for (let index = 0; index < CONTACTS_PER_SELLER; index += 1) {
          const row = (seller.team * TEAM_SIZE + seller.index) * CONTACTS_PER_SELLER + index;
          await createContact(
            db,
            { id: tenant.id, country: 'uy' },
            {
              firstName: pick(PERSON_FIRST_NAMES, row, 1),
              lastName: pick(PERSON_LAST_NAMES, row, 2),
              phones: [`+5989${String(row).padStart(7, '0')}`],
              agentId: seller.id,
              lastInteractionAt: new Date(now - (index + unit(row, 3)) * 45 * 60_000),
            },
          );
        }
      }
    }),
  );
  await client.query(HISTORY_SQL, [tenant.id, MIN_HISTORY, HISTORY_SPREAD, NOTE_BODIES]);
  await client.query('vacuum (analyze) contacts');
  await client.query('vacuum (analyze) interactions');
  return { tenantId: tenant.id, sellers, hot: await hotContacts(client, tenant.id, sellers) };
}

/** The first contact of each team's first HOT_PER_TEAM sellers. */
async function hotContacts(client: pg.Client, tenantId: string, sellers: Seller[]) {
  const first = await client.query<{ agentId: string; id: string }>(
    `select distinct on (agent_id) agent_id as "agentId", id from contacts
     where tenant_id = $1 order by agent_id, id`,
    [tenantId],
  );
  const byAgent = new Map(first.rows.map((row) => [row.agentId, row.id]));
  return Array.from({ length: TEAMS }, (_, team) =>
    sellers
      .filter((seller) => seller.team === team && seller.index < HOT_PER_TEAM)
      .map((seller) => byAgent.get(seller.id)!),
  );
}

async function findFixture(client: pg.Client): Promise<Fixture | undefined> {
  const tenant = await client.query<{ id: string }>('select id from groups where name = $1', [
    TENANT,
  ]);
  if (tenant.rowCount !== 1) return undefined;
  const tenantId = tenant.rows[0]!.id;
  const users = await client.query<{ id: string; email: string }>(
    `select id, email from users where tenant_id = $1 and email like 'vendedor%'`,
    [tenantId],
  );
  const byEmail = new Map(users.rows.map((row) => [row.email, row.id]));
  const sellers: Seller[] = [];
  for (let team = 0; team < TEAMS; team += 1) {
    for (let index = 0; index < TEAM_SIZE; index += 1) {
      const id = byEmail.get(sellerEmail(team, index));
      if (!id) return undefined;
      sellers.push({ id, email: sellerEmail(team, index), team, index });
    }
  }
  const contacts = await client.query<{ n: string }>(
    'select count(*) as n from contacts where tenant_id = $1',
    [tenantId],
  );
  if (Number(contacts.rows[0]!.n) !== sellers.length * CONTACTS_PER_SELLER) return undefined;
  return { tenantId, sellers, hot: await hotContacts(client, tenantId, sellers) };
}

// ---------------------------------------------------------------------------------------------
// The agents (the child process).

interface AgentsTask {
  baseUrl: string;
  agents: Seller[];
  hot: string[][];
  rampMs: number;
  measuredMs: number;
  /** Varies the random choices from one phase to the next. */
  salt: number;
}

/** A websocket's time closed: from its close to its reopening (wall-clock ms). */
interface Outage {
  closedAt: number;
  /** NaN: not open again when the phase ended. */
  openedAt: number;
}

interface CallFigures {
  kind: Kind;
  timing: Timing;
  errors: number;
  rate: number;
}

interface DeliveryFigures {
  notes: number;
  failed: number;
  unanswered: number;
  /** Notes with 0, 1, 2, 3 or more subscribers expected. */
  fanOut: [number, number, number, number];
  expected: number;
  delivered: number;
  missing: number;
  /** Of the missing, those the screen's catch-up (interaction.after) brought all the same. */
  recovered: number;
  duplicates: number;
  /** Deliveries to a subscriber that may not see the contact. */
  unexpected: number;
  /** Deliveries of a bench note to a subscriber that came after the write was sent. */
  beyond: number;
  /** Events that were no note of this phase on the subscribed contact. */
  foreign: number;
  latency: Timing;
  maxLatency: number;
  missingDetail: string[];
}

interface AgentsResult {
  agents: number;
  signIn: Timing;
  /** All of the phase's sign-ins, wall time. */
  signInMs: number;
  measuredMs: number;
  /** The measured window, wall-clock ms, and the agents' CPU time in it. */
  window: { start: number; end: number; cpuMs: number };
  calls: CallFigures[];
  /** Calls outside the measured window that failed (ramp-up, the end). */
  otherErrors: number;
  errorMessages: string[];
  delivery: DeliveryFigures;
  /** Each time an agent's websocket closed and (perhaps) opened again. */
  outages: Outage[];
  cpuMs: number;
}

type Client = TRPCClient<AppRouter>;

/** Wall-clock milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** ws with the session cookie on the upgrade, as the browser sends it. */
function cookieWebSocket(cookie: string) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie } });
    }
  } as unknown as typeof globalThis.WebSocket;
}

interface Note {
  contactId: string;
  sentAt: number;
  answeredAt: number;
  state: 'pending' | 'stored' | 'failed';
  /** The subscriptions on its contact, started and not leaving, when it was sent. */
  expected: Stint[];
}

/** One subscription of an agent to one contact's topic, from subscribe to unsubscribe. */
interface Stint {
  agent: Agent;
  contactId: string;
  allowed: boolean;
  startedAt: number;
  leaving: boolean;
  /** Notes it should get: sent while it was started and not leaving. */
  expect: Set<string>;
  received: Map<string, number>;
  /** Ids the catch-up (interaction.after) listed. */
  caught: Set<string>;
  unsubscribe: () => void;
  /** The screen's catch-up: the newest id listed, and its one request at a time. */
  cursor: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  running: boolean;
  again: boolean;
  stopped: boolean;
}

class Phase {
  /** Set by begin(): nothing is measured before. */
  windowStart = Infinity;
  windowEnd = Infinity;
  readonly samples = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  readonly errors = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  otherErrors = 0;
  readonly errorMessages = new Map<string, number>();
  readonly notes = new Map<string, Note>();
  /** Started, not leaving subscriptions by contact. */
  readonly watching = new Map<string, Set<Stint>>();
  readonly stints: Stint[] = [];
  /** The team of a contact, as far as the agents have seen it (own lists, the hot ones). */
  readonly teamOf = new Map<string, number>();
  foreign = 0;
  duplicates = 0;
  readonly outages: Outage[] = [];

  constructor(readonly task: AgentsTask) {
    task.hot.forEach((ids, team) => ids.forEach((id) => this.teamOf.set(id, team)));
  }

  /** This process's CPU time (ms) at the window's start and end. */
  cpuAtStart = NaN;
  cpuAtEnd = NaN;

  /** The agents start now: the measured window opens after the ramp-up. */
  begin() {
    this.windowStart = now() + this.task.rampMs;
    this.windowEnd = this.windowStart + this.task.measuredMs;
    const cpuMs = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    setTimeout(() => (this.cpuAtStart = cpuMs()), this.task.rampMs);
    setTimeout(() => (this.cpuAtEnd = cpuMs()), this.task.rampMs + this.task.measuredMs);
  }

  over() {
    return now() >= this.windowEnd;
  }

  /** Times `call` as `kind` if it starts inside the measured window; undefined when it fails. */
  async timed<T>(kind: Kind, call: () => Promise<T>): Promise<T | undefined> {
    const started = now();
    const measured = started >= this.windowStart && started < this.windowEnd;
    try {
      const value = await call();
      if (measured) this.samples.get(kind)!.push(now() - started);
      return value;
    } catch (error) {
      this.failed(kind, measured, error);
      return undefined;
    }
  }

  failed(kind: Kind, measured: boolean, error: unknown) {
    if (measured) this.errors.set(kind, this.errors.get(kind)! + 1);
    else this.otherErrors += 1;
    const message = `${kind}: ${error instanceof Error ? error.message : String(error)}`;
    this.errorMessages.set(message, (this.errorMessages.get(message) ?? 0) + 1);
  }
}

class Agent {
  private client!: Client;
  private closeSocket!: () => void;
  private stint: Stint | undefined;
  private step = 0;

  constructor(
    private readonly phase: Phase,
    readonly seller: Seller,
    private readonly number: number,
  ) {}

  /** A number in [0, 1) of this agent's sequence. */
  private random() {
    this.step += 1;
    return unit(this.number * 1_000_003 + this.step, this.phase.task.salt);
  }

  private between(range: { min: number; max: number }) {
    return range.min + this.random() * (range.max - range.min);
  }

  /** `auth.login` as the web's sign-in page sends it; the session comes back as the cookie. */
  async signIn() {
    const { baseUrl } = this.phase.task;
    const answer = await trpcCall(
      baseUrl,
      'auth.login',
      { email: this.seller.email, password: DEMO_PASSWORD },
      // Each its own address, as behind a proxy; the test server trusts none and sees 127.0.0.1.
      { ip: `10.1.${this.seller.team}.${this.seller.index + 1}` },
    );
    const token = /cartera_session=([^;,\s]+)/.exec(answer.cookie ?? '')?.[1];
    if (answer.status !== 200 || !token) {
      throw new Error(`${this.seller.email} could not sign in (${answer.status})`);
    }
    const cookie = `cartera_session=${token}`;
    // The web's client: one lazy websocket for subscriptions, batched HTTP for the rest.
    // A close the agent did not ask for (its instance went away) until the reopening.
    let outage: Outage | undefined;
    const wsClient = createWSClient({
      url: `${baseUrl.replace(/^http/, 'ws')}/api/trpc`,
      WebSocket: cookieWebSocket(cookie),
      lazy: { enabled: true, closeMs: 30_000 },
      onClose: () => {
        if (this.phase.over() || outage) return;
        outage = { closedAt: now(), openedAt: NaN };
        this.phase.outages.push(outage);
      },
      onOpen: () => {
        if (outage) outage.openedAt = now();
        outage = undefined;
      },
    });
    this.closeSocket = () => void wsClient.close();
    this.client = createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (operation) => operation.type === 'subscription',
          true: wsLink<AppRouter>({ client: wsClient, transformer: superjson }),
          false: httpBatchLink({
            url: `${baseUrl}/api/trpc`,
            transformer: superjson,
            maxItems: TRPC_MAX_BATCH_SIZE,
            headers: { cookie },
          }),
        }),
      ],
    });
  }

  async run() {
    while (!this.phase.over()) {
      const done = await this.visit();
      // A visit cut short by an error: a moment before the next, as a person would retry.
      if (!done && !this.phase.over()) await sleep(1_000);
    }
    await this.leave();
    this.closeSocket();
  }

  /** One visit: 'Conversaciones', a contact, its timeline and live events, a search, notes. */
  private async visit(): Promise<boolean> {
    const { phase } = this;
    // Leaving the conversation screen for 'Conversaciones' ends its subscription.
    await this.leave();
    const inbox = await phase.timed('inbox.conversations', () =>
      this.client.inbox.conversations.query({}),
    );
    if (!inbox || phase.over()) return false;
    for (const item of inbox.items) phase.teamOf.set(item.id, this.seller.team);
    const hot = phase.task.hot[this.seller.team]!;
    const contactId =
      this.random() < HOT_SHARE || inbox.items.length === 0
        ? hot[Math.floor(this.random() * hot.length)]!
        : inbox.items[Math.floor(this.random() * inbox.items.length)]!.id;

    const contact = await phase.timed('contact.get', () =>
      this.client.contact.get.query({ id: contactId }),
    );
    if (!contact || phase.over()) return false;
    const first = await phase.timed('interaction.timeline (first page)', () =>
      this.client.interaction.timeline.query({ contactId, before: null }),
    );
    if (!first || phase.over()) return false;
    // The screen subscribes once the first page is there.
    if (!(await this.watch(contactId, first.items.at(-1)?.id ?? null))) return false;
    if (first.nextBefore) {
      const older = await phase.timed('interaction.timeline (older page)', () =>
        this.client.interaction.timeline.query({ contactId, before: first.nextBefore }),
      );
      if (!older) return false;
    }
    if (phase.over()) return true;
    const search =
      this.random() < 2 / 3
        ? PERSON_LAST_NAMES[Math.floor(this.random() * PERSON_LAST_NAMES.length)]!
        : PERSON_FIRST_NAMES[Math.floor(this.random() * PERSON_FIRST_NAMES.length)]!.slice(0, 4);
    const found = await phase.timed('contact.list (search)', () =>
      this.client.contact.list.query({ search }),
    );
    if (!found) return false;

    const { min, max } = NOTES_PER_VISIT;
    const notes = min + Math.floor(this.random() * (max - min + 1));
    for (let index = 0; index < notes; index += 1) {
      await sleep(this.between(NOTE_PAUSE_MS));
      if (phase.over()) return true;
      await this.writeNote(contactId);
    }
    return true;
  }

  /** Subscribes to the contact's topic as the screen does; false if it did not start. */
  private async watch(contactId: string, newest: string | null): Promise<boolean> {
    const { phase } = this;
    const started = now();
    const measured = started >= phase.windowStart && started < phase.windowEnd;
    const stint: Stint = {
      agent: this,
      contactId,
      allowed: phase.teamOf.get(contactId) === this.seller.team,
      startedAt: NaN,
      leaving: false,
      expect: new Set(),
      received: new Map(),
      caught: new Set(),
      unsubscribe: () => undefined,
      cursor: newest,
      timer: undefined,
      running: false,
      again: false,
      stopped: false,
    };
    let failure: unknown;
    const subscription = this.client.realtime.events.subscribe(
      { lastEventId: null, topics: [`contact:${contactId}`] },
      {
        onStarted: () => {
          if (!Number.isNaN(stint.startedAt)) return; // a reconnect: the stint goes on
          stint.startedAt = now();
          if (measured) {
            phase.samples.get('realtime.events (until started)')!.push(stint.startedAt - started);
          }
          if (stint.leaving) return;
          let set = phase.watching.get(contactId);
          if (!set) phase.watching.set(contactId, (set = new Set()));
          set.add(stint);
          void this.catchUp(stint);
        },
        onData: (item) => {
          const at = now();
          const event = (item as unknown as { data: EventEnvelope }).data;
          const id = String(event.payload.interactionId ?? '');
          const note = phase.notes.get(id);
          if (!note || note.contactId !== contactId) phase.foreign += 1;
          else if (stint.received.has(id)) phase.duplicates += 1;
          else stint.received.set(id, at);
          this.soon(stint);
        },
        onError: (error) => (failure = error),
      },
    );
    stint.unsubscribe = () => subscription.unsubscribe();
    phase.stints.push(stint);
    this.stint = stint;
    await waitFor(
      () => !Number.isNaN(stint.startedAt) || failure !== undefined,
      SUBSCRIBE_TIMEOUT_MS,
      'the subscription',
    ).catch(() => (failure ??= new Error('the subscription did not start')));
    if (failure !== undefined && Number.isNaN(stint.startedAt)) {
      phase.failed('realtime.events (until started)', measured, failure);
      return false;
    }
    return true;
  }

  /** The screen's catch-up, soon after a live event: a burst makes one request. */
  private soon(stint: Stint) {
    if (stint.timer || stint.stopped) return;
    stint.timer = setTimeout(() => {
      stint.timer = undefined;
      void this.catchUp(stint);
    }, LIVE_EVENT_DELAY_MS);
  }

  /** What came after the newest item listed, one request at a time (LiveCatchUp on the web). */
  private async catchUp(stint: Stint) {
    if (stint.stopped || !stint.cursor) return;
    if (stint.running) {
      stint.again = true;
      return;
    }
    stint.running = true;
    try {
      do {
        stint.again = false;
        const items = await this.phase.timed('interaction.after (catch-up)', () =>
          this.client.interaction.after.query({ contactId: stint.contactId, after: stint.cursor! }),
        );
        if (!items?.length) continue;
        for (const item of items) stint.caught.add(item.id);
        stint.cursor = items.at(-1)!.id;
      } while (stint.again && !stint.stopped);
    } finally {
      stint.running = false;
    }
  }

  private async writeNote(contactId: string) {
    const { phase } = this;
    const id = newId();
    const sentAt = now();
    const expected = [...(phase.watching.get(contactId) ?? [])];
    const note: Note = { contactId, sentAt, answeredAt: NaN, state: 'pending', expected };
    phase.notes.set(id, note);
    for (const stint of expected) stint.expect.add(id);
    const body = NOTE_BODIES[Math.floor(this.random() * NOTE_BODIES.length)]!;
    const answer = await phase.timed('interaction.createNote', () =>
      this.client.interaction.createNote.mutate({ contactId, id, body }),
    );
    note.answeredAt = now();
    note.state = answer ? 'stored' : 'failed';
    if (!answer) for (const stint of expected) stint.expect.delete(id);
    // The screen asks for what came after its newest item once its note is stored.
    if (answer && this.stint && !this.stint.leaving) void this.catchUp(this.stint);
  }

  /**
   * Ends the subscription, once every note it should get has come (or GRACE_MS passed): the
   * bench's bookkeeping, so that a note on its way is not counted missing for leaving early.
   */
  private async leave() {
    const stint = this.stint;
    if (!stint) return;
    this.stint = undefined;
    stint.leaving = true;
    this.phase.watching.get(stint.contactId)?.delete(stint);
    const settled = () =>
      [...stint.expect].every(
        (id) => stint.received.has(id) || this.phase.notes.get(id)!.state === 'failed',
      );
    await waitFor(settled, GRACE_MS, 'deliveries').catch(() => undefined);
    stint.stopped = true;
    if (stint.timer) clearTimeout(stint.timer);
    stint.unsubscribe();
  }
}

function deliveryFigures(phase: Phase): DeliveryFigures {
  const figures: DeliveryFigures = {
    notes: phase.notes.size,
    failed: 0,
    unanswered: 0,
    fanOut: [0, 0, 0, 0],
    expected: 0,
    delivered: 0,
    missing: 0,
    recovered: 0,
    duplicates: phase.duplicates,
    unexpected: 0,
    beyond: 0,
    foreign: phase.foreign,
    latency: summary([]),
    maxLatency: NaN,
    missingDetail: [],
  };
  const latencies: number[] = [];
  for (const [id, note] of phase.notes) {
    if (note.state === 'failed') figures.failed += 1;
    if (note.state === 'pending') figures.unanswered += 1;
    if (note.state !== 'stored') continue;
    const allowed = note.expected.filter((stint) => stint.allowed);
    figures.fanOut[Math.min(allowed.length, 3) as 0 | 1 | 2 | 3] += 1;
    for (const stint of allowed) {
      figures.expected += 1;
      const at = stint.received.get(id);
      if (at !== undefined) {
        figures.delivered += 1;
        latencies.push(at - note.sentAt);
        continue;
      }
      figures.missing += 1;
      if (stint.caught.has(id)) figures.recovered += 1;
      if (figures.missingDetail.length < 10) {
        figures.missingDetail.push(
          `note sent ${(note.sentAt - stint.startedAt).toFixed(0)} ms after the subscription ` +
            `started, answered in ${(note.answeredAt - note.sentAt).toFixed(0)} ms` +
            `${stint.caught.has(id) ? ', listed by the catch-up' : ''}`,
        );
      }
    }
  }
  for (const stint of phase.stints) {
    for (const id of stint.received.keys()) {
      if (!stint.allowed) figures.unexpected += 1;
      else if (!stint.expect.has(id)) figures.beyond += 1;
    }
  }
  figures.latency = summary(latencies);
  figures.maxLatency = latencies.length ? Math.max(...latencies) : NaN;
  return figures;
}

async function runAgents(task: AgentsTask): Promise<AgentsResult> {
  const cpuStart = process.cpuUsage();
  const phase = new Phase(task);
  const signIns: number[] = [];
  const agents = task.agents.map((seller, number) => new Agent(phase, seller, number));
  // Everyone signs in first, SIGN_IN_CONCURRENCY at a time, outside the measured window.
  const signingIn = now();
  const queue = [...agents];
  await Promise.all(
    Array.from({ length: SIGN_IN_CONCURRENCY }, async () => {
      for (let agent = queue.shift(); agent; agent = queue.shift()) {
        const started = now();
        await agent.signIn();
        signIns.push(now() - started);
      }
    }),
  );
  const signInMs = now() - signingIn;
  // Ramp-up: the agents start one after the other over rampMs, then the window opens.
  phase.begin();
  await Promise.all(
    agents.map(async (agent, number) => {
      await sleep((number * task.rampMs) / agents.length);
      await agent.run();
    }),
  );
  const used = process.cpuUsage(cpuStart);
  const measuredSeconds = task.measuredMs / 1000;
  return {
    agents: agents.length,
    signIn: summary(signIns),
    signInMs,
    measuredMs: task.measuredMs,
    window: {
      start: phase.windowStart,
      end: phase.windowEnd,
      cpuMs: phase.cpuAtEnd - phase.cpuAtStart,
    },
    calls: KINDS.map((kind) => ({
      kind,
      timing: summary(phase.samples.get(kind)!),
      errors: phase.errors.get(kind)!,
      rate: phase.samples.get(kind)!.length / measuredSeconds,
    })),
    otherErrors: phase.otherErrors,
    errorMessages: [...phase.errorMessages].map(([message, n]) => `${n} × ${message}`),
    delivery: deliveryFigures(phase),
    outages: phase.outages,
    cpuMs: (used.user + used.system) / 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// The report.

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));
const percent = (value: number) => `${(100 * value).toFixed(3)} %`;

function errorRate(result: AgentsResult) {
  const calls = result.calls.reduce((sum, each) => sum + each.timing.n + each.errors, 0);
  const errors = result.calls.reduce((sum, each) => sum + each.errors, 0);
  return { calls, errors, rate: calls ? errors / calls : 0 };
}

function phaseReport(result: AgentsResult) {
  out(`| call | calls | calls/s | p50 ms | p95 ms | p99 ms | errors |`);
  out(`| ---- | ----: | ------: | -----: | -----: | -----: | -----: |`);
  for (const each of result.calls) {
    out(
      `| \`${each.kind}\` | ${each.timing.n} | ${each.rate.toFixed(1)} | ${ms(each.timing.p50)} ` +
        `| ${ms(each.timing.p95)} | ${ms(each.timing.p99)} | ${each.errors} |`,
    );
  }
  const { calls, errors, rate } = errorRate(result);
  out();
  out(
    `errors: ${errors} of ${calls} measured calls (${percent(rate)}); ${result.otherErrors} ` +
      `more outside the window (ramp-up, the end)`,
  );
  for (const message of result.errorMessages.slice(0, 8)) out(`  ${message}`);
  out(
    `sign-in before the ramp-up (auth.login, ${SIGN_IN_CONCURRENCY} at a time): ` +
      `${(result.signInMs / 1000).toFixed(1)} s for ${result.agents}, each p50/p95 ` +
      `${ms(result.signIn.p50)}/${ms(result.signIn.p95)} ms`,
  );
  const d = result.delivery;
  out(
    `notes: ${d.notes} written (${d.failed} failed, ${d.unanswered} unanswered); subscribers ` +
      `allowed to see each, holding its contact when it was sent: none for ${d.fanOut[0]}, 1 for ` +
      `${d.fanOut[1]}, 2 for ${d.fanOut[2]}, 3 or more for ${d.fanOut[3]}`,
  );
  out(
    `deliveries: ${d.delivered} of ${d.expected} expected, ${d.missing} missing (${d.recovered} ` +
      `of them listed by the screen's catch-up), ${d.duplicates} repeated, ${d.unexpected} to a ` +
      `subscriber not allowed, ${d.beyond} more to subscribers that started after the write, ` +
      `${d.foreign} other events`,
  );
  for (const detail of d.missingDetail) out(`  missing: ${detail}`);
  out(
    `delivery latency, write sent → subscriber's onData: p50 ${ms(d.latency.p50)}, p95 ` +
      `${ms(d.latency.p95)}, p99 ${ms(d.latency.p99)}, max ${ms(d.maxLatency)} ms`,
  );
}

// ---------------------------------------------------------------------------------------------
// The server's side: its pool during a phase, the statements each call sends.

const POOL_SIZE = 10;

interface CpuSample {
  at: number;
  /** This process's (the server's) CPU time, ms. */
  server: number;
  /** The PostgreSQL cluster's CPU time, ms (NaN when it cannot be read). */
  postgres: number;
  /** The machine's busy and total CPU time over all cores, ms. */
  busy: number;
  total: number;
}

/** user + system time of a process from /proc, ms (USER_HZ 100); with its reaped children's. */
function procCpuMs(pid: number, reaped = false) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const ticks = fields[11]! + fields[12]! + (reaped ? fields[13]! + fields[14]! : 0);
  return ticks * 10;
}

/**
 * The postmaster of the bench's cluster when it runs on this machine (Linux): the parent of the
 * bench connection's backend.
 */
async function findPostmaster(client: pg.Client): Promise<number | undefined> {
  try {
    const { pid } = (await client.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows[0]!;
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** CPU time of the whole cluster: the postmaster, its live children and those it reaped. */
function clusterCpuMs(postmaster: number | undefined) {
  if (postmaster === undefined) return NaN;
  try {
    let total = procCpuMs(postmaster, true);
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8');
    for (const child of children.trim().split(/\s+/).filter(Boolean)) {
      try {
        total += procCpuMs(Number(child));
      } catch {
        // It ended between the listing and the read: its time is in the postmaster's now.
      }
    }
    return total;
  } catch {
    return NaN;
  }
}

function cpuSample(postmaster: number | undefined): CpuSample {
  const used = process.cpuUsage();
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    busy += all - times.idle;
    total += all;
  }
  return {
    at: now(),
    server: (used.user + used.system) / 1000,
    postgres: clusterCpuMs(postmaster),
    busy,
    total,
  };
}

/** Samples the CPU twice a second; the result stops it and returns the samples. */
function recordCpu(postmaster: number | undefined) {
  const samples = [cpuSample(postmaster)];
  const timer = setInterval(() => samples.push(cpuSample(postmaster)), 500);
  return () => {
    clearInterval(timer);
    samples.push(cpuSample(postmaster));
    return samples;
  };
}

/** Who used the machine during the measured window (the samples inside it). */
function windowCpuLine(samples: CpuSample[], result: AgentsResult) {
  const first = samples.find((each) => each.at >= result.window.start) ?? samples[0]!;
  const last = samples.findLast((each) => each.at <= result.window.end) ?? samples.at(-1)!;
  const wall = last.at - first.at;
  const calls = result.calls.reduce((sum, each) => sum + each.timing.n + each.errors, 0);
  const serverMs = (last.server - first.server) * (result.measuredMs / wall);
  const cores = cpus().length;
  // Shares of one core over the window.
  const share = (ms: number) => (Number.isNaN(ms) ? '?' : `${((100 * ms) / wall).toFixed(0)} %`);
  const server = last.server - first.server;
  const agents = (result.window.cpuMs * wall) / result.measuredMs;
  const postgres = last.postgres - first.postgres;
  const machine = ((last.busy - first.busy) / (last.total - first.total)) * cores * wall;
  const others = machine - server - agents - (Number.isNaN(postgres) ? 0 : postgres);
  return (
    `measured window, CPU in % of one core: server ${share(server)} ` +
    `(${(serverMs / calls).toFixed(2)} ms per measured call, subscriptions included), agents ` +
    `${share(agents)}, PostgreSQL ${share(postgres)}, everything else on the machine ` +
    `${share(others)}; the machine's ${cores} cores ` +
    `${((100 * (last.busy - first.busy)) / (last.total - first.total)).toFixed(0)} % busy`
  );
}

/** Samples the server's pool every 100 ms; the result stops it and sums it up. */
function watchPool(handle: DatabaseHandle) {
  const pool = (handle.db as unknown as { $client?: pg.Pool }).$client;
  let samples = 0;
  let full = 0;
  let waiting = 0;
  let maxWaiting = 0;
  const timer = setInterval(() => {
    if (!pool) return;
    samples += 1;
    if (pool.totalCount >= POOL_SIZE && pool.idleCount === 0) full += 1;
    waiting += pool.waitingCount;
    maxWaiting = Math.max(maxWaiting, pool.waitingCount);
  }, 100);
  return () => {
    clearInterval(timer);
    return samples === 0
      ? 'server pool: not observable'
      : `server pool (${POOL_SIZE} connections): all in use ${((100 * full) / samples).toFixed(0)} % ` +
          `of the time; queries waiting for a connection: mean ${(waiting / samples).toFixed(1)}, ` +
          `max ${maxWaiting}`;
  };
}

/**
 * Statements each kind of call sends to PostgreSQL, and how long it takes, one call at a time on
 * the idle server (warm: the session cached, the statements prepared). The fewest of three.
 */
async function statementsPerCall(baseUrl: string, handle: DatabaseHandle, fixture: Fixture) {
  const seller = fixture.sellers[0]!;
  const token = await tokenFor(handle, { tenantId: fixture.tenantId, id: seller.id });
  const contactId = fixture.hot[0]![0]!;
  const call = async (path: ProcedurePath, input: unknown, method: 'GET' | 'POST' = 'GET') => {
    const answer = await trpcCall<Record<string, unknown>>(baseUrl, path, input, { token, method });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return answer.data!;
  };
  const first = await call('interaction.timeline', { contactId, before: null });
  const items = first.items as Array<{ id: string }>;
  const calls: Array<[Kind, () => Promise<unknown>]> = [
    ['inbox.conversations', () => call('inbox.conversations', {})],
    ['contact.get', () => call('contact.get', { id: contactId })],
    ['interaction.timeline (first page)', () => call('interaction.timeline', { contactId })],
    [
      'realtime.events (until started)',
      async () => (await watchTopic(baseUrl, token, `contact:${contactId}`)).stop(),
    ],
    [
      'interaction.after (catch-up)',
      () => call('interaction.after', { contactId, after: items.at(-1)!.id }),
    ],
    [
      'interaction.timeline (older page)',
      () => call('interaction.timeline', { contactId, before: first.nextBefore }),
    ],
    ['contact.list (search)', () => call('contact.list', { search: 'Rodríguez' })],
    [
      'interaction.createNote',
      () =>
        call(
          'interaction.createNote',
          { contactId, id: newId(), body: 'Nota de prueba del benchmark.' },
          'POST',
        ),
    ],
  ];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  let statements = 0;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  const rows: Array<{ kind: Kind; statements: number; ms: number }> = [];
  try {
    for (const [kind, run] of calls) {
      await run();
      let fewest = Infinity;
      const durations: number[] = [];
      for (let repeat = 0; repeat < 3; repeat += 1) {
        await sleep(100);
        statements = 0;
        const started = now();
        await run();
        durations.push(now() - started);
        // The subscription's start reads the newest event id after it answers 'started'.
        await sleep(200);
        fewest = Math.min(fewest, statements);
      }
      rows.push({ kind, statements: fewest, ms: percentile(durations, 50) });
    }
  } finally {
    prototype.query = original;
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------

const runClients = clientRunner<AgentsTask>(new URL(import.meta.url), [AGENTS_FLAG]);

/** The instances run without job workers, as the single instance does. */
const NO_JOBS = { JOBS_ENABLED: 'false' };

/** CPU of each instance over a phase (a killed one: up to its last reading). */
function instancesCpuMs(cluster: Cluster) {
  const read = (pid: number | undefined) => {
    try {
      return pid === undefined ? NaN : procCpuMs(pid);
    } catch {
      return NaN;
    }
  };
  const pids = cluster.instances.map((each) => each.pid);
  const start = pids.map(read);
  const last = [...start];
  const timer = setInterval(() => pids.forEach((pid, i) => (last[i] = read(pid) || last[i]!)), 500);
  return (wallMs: number) => {
    clearInterval(timer);
    pids.forEach((pid, i) => (last[i] = read(pid) || last[i]!));
    const shares = cluster.instances.map(
      (each, i) => `${each.name} ${((100 * (last[i]! - start[i]!)) / wallMs).toFixed(0)} %`,
    );
    return `instances' CPU over the phase, % of one core: ${shares.join(', ')}`;
  };
}

/** The websockets the kill closed (closed within 2 s after it) and when each was back. */
function reconnections(kill: { result: AgentsResult; at: number }) {
  const closed = kill.result.outages.filter(
    (each) => each.closedAt >= kill.at - 100 && each.closedAt <= kill.at + 2_000,
  );
  const back = closed.filter((each) => !Number.isNaN(each.openedAt));
  const durations = back.map((each) => each.openedAt - each.closedAt);
  return {
    closed: closed.length,
    notBack: closed.length - back.length,
    maxMs: durations.length ? Math.max(...durations) : NaN,
    p95Ms: durations.length ? percentile(durations, 95) : NaN,
  };
}

function outageLine(kill: { result: AgentsResult; at: number; instance: string }) {
  const back = reconnections(kill);
  return (
    `kill: ${kill.instance} killed ${((kill.at - kill.result.window.start) / 1000).toFixed(1)} s ` +
    `into the window; ${back.closed} websockets closed, back after p95 ${ms(back.p95Ms)} ms, ` +
    `max ${ms(back.maxMs)} ms; ${back.notBack} not back by the end`
  );
}

async function main() {
  out(
    `# bench:load — ${PHASES.join(' then ')} agents, ${MEASURED_SECONDS} s measured each after ` +
      `a ${RAMP_SECONDS} s ramp-up`,
  );
  out(machineLine());
  const { database, fixture } = await openBenchFixture(
    DATABASE,
    POOL_SIZE,
    findFixture,
    async ({ handle, client }) => {
      const started = performance.now();
      const created = await createFixture(handle.db, client);
      out(`seeded in ${seconds(started)} s`);
      return created;
    },
  );
  const { handle, client } = database;
  const counts = await client.query<{ contacts: string; interactions: string }>(
    `select (select count(*) from contacts where tenant_id = $1) as contacts,
            (select count(*) from interactions where tenant_id = $1) as interactions`,
    [fixture.tenantId],
  );
  out(
    `tenant: ${TEAMS} teams of a supervisor and ${TEAM_SIZE} sellers (each seller's portfolio ` +
      `shared with the team), ${Number(counts.rows[0]!.contacts).toLocaleString('en')} contacts, ` +
      `${Number(counts.rows[0]!.interactions).toLocaleString('en')} interactions`,
  );
  out(await settleDatabase(client));

  const postmaster = await findPostmaster(client);
  // One instance in this process, or the cluster: three behind HAProxy, with Redis (issue #37).
  const cluster = CLUSTER
    ? await startCluster({ databaseUrl: database.url, instances: CLUSTER, env: NO_JOBS })
    : undefined;
  const app = cluster ? undefined : await startTestApp(handle, NO_JOBS);
  const baseUrl = cluster?.url ?? app!.url;
  const results: AgentsResult[] = [];
  let kill: { result: AgentsResult; at: number; instance: string } | undefined;
  try {
    if (cluster) {
      out(`cluster: HAProxy ${cluster.url} over ${cluster.instances.length} instances, Redis`);
    } else {
      out();
      out('## Each call alone (one seller, warm, nothing else running; the fewest of three)');
      out('| call | statements to PostgreSQL | ms (median) |');
      out('| ---- | ---: | ---: |');
      for (const row of await statementsPerCall(baseUrl, handle, fixture)) {
        out(`| \`${row.kind}\` | ${row.statements} | ${ms(row.ms)} |`);
      }
    }
    const phases = PHASES.map((agents) => ({ agents, kill: false }));
    if (KILL_CASE) phases.push({ agents: PHASES.at(-1)!, kill: true });
    for (const [index, phase] of phases.entries()) {
      const { agents } = phase;
      out();
      out(
        `## ${agents} agents (teams 0–${Math.ceil(agents / TEAM_SIZE) - 1}), ${MEASURED_SECONDS} s ` +
          `measured after a ${RAMP_SECONDS} s ramp-up` +
          (phase.kill ? ', one instance killed in the middle of the window' : ''),
      );
      const before = await backgroundWork(client);
      const poolLine = cluster ? () => 'server pools: in the instances' : watchPool(handle);
      const cpuSamples = recordCpu(postmaster);
      const instancesCpu = cluster ? instancesCpuMs(cluster) : undefined;
      let killed: { at: number; instance: string } | undefined;
      const killTimer =
        cluster && phase.kill
          ? setTimeout(
              () => {
                const victim = cluster.instances[0]!;
                killed = { at: now(), instance: victim.name };
                void victim.kill();
              },
              (RAMP_SECONDS + MEASURED_SECONDS / 2) * 1000,
            )
          : undefined;
      const { result, server } = await runClients<AgentsResult>({
        baseUrl,
        agents: fixture.sellers.slice(0, agents),
        hot: fixture.hot,
        rampMs: RAMP_SECONDS * 1000,
        measuredMs: MEASURED_SECONDS * 1000,
        salt: 100 + index,
      });
      clearTimeout(killTimer);
      const pool = poolLine();
      const samples = cpuSamples();
      phaseReport(result);
      out(loadLine(server, result.cpuMs));
      if (instancesCpu) out(instancesCpu(server.wallMs));
      out(windowCpuLine(samples, result));
      out(pool);
      out(backgroundLine(before, await backgroundWork(client)));
      if (phase.kill && killed) {
        kill = { result, ...killed };
        out(outageLine(kill));
        // Back to three for whatever runs next.
        await cluster!.instances[0]!.start();
      } else {
        results.push(result);
      }
    }
  } finally {
    await app?.stop();
    await cluster?.stop();
    await database.close();
  }

  out();
  out('## Targets');
  let misses = 0;
  const base = results[0]!;
  const top = results.at(-1)!;
  if (results.length > 1) {
    out(
      `| call | p95 @${base.agents} ms | p95 @${top.agents} ms | ratio | ≤ ${TARGET_P95_FACTOR} × |`,
    );
    out(`| ---- | ------: | ------: | ----: | ---- |`);
    for (const [position, each] of top.calls.entries()) {
      const ratio = each.timing.p95 / base.calls[position]!.timing.p95;
      const ok = ratio <= TARGET_P95_FACTOR;
      misses += Number(!ok);
      out(
        `| \`${each.kind}\` | ${ms(base.calls[position]!.timing.p95)} | ${ms(each.timing.p95)} ` +
          `| ${ratio.toFixed(2)} | ${verdict(ok)} |`,
      );
    }
    out(
      `(delivery latency p95, not judged: ${ms(base.delivery.latency.p95)} → ` +
        `${ms(top.delivery.latency.p95)} ms)`,
    );
  }
  for (const result of results) {
    const { rate } = errorRate(result);
    const ok = rate < TARGET_ERROR_RATE;
    misses += Number(!ok);
    out(
      `errors @${result.agents}: ${percent(rate)} (< ${percent(TARGET_ERROR_RATE)}) ${verdict(ok)}`,
    );
  }
  if (kill) {
    const { rate } = errorRate(kill.result);
    const ok = rate < TARGET_ERROR_RATE;
    misses += Number(!ok);
    out(
      `errors @${kill.result.agents} with the kill: ${percent(rate)} (< ${percent(TARGET_ERROR_RATE)}) ` +
        verdict(ok),
    );
    const back = reconnections(kill);
    const reconnected = back.closed > 0 && back.notBack === 0 && back.maxMs <= TARGET_RECONNECT_MS;
    misses += Number(!reconnected);
    out(
      `reconnection after the kill: ${back.closed} websockets closed, ${back.notBack} not back, ` +
        `slowest back after ${ms(back.maxMs)} ms (≤ ${TARGET_RECONNECT_MS}) ${verdict(reconnected)}`,
    );
  }
  for (const result of kill ? [...results, kill.result] : results) {
    const d = result.delivery;
    // With the kill, a subscription that had received nothing yet resumes from "now" (it has no
    // last id to send): what committed while it was away reaches its screen by the catch-up
    // every screen runs when its stream starts again, as on the web. Lost is what neither brought.
    const lost = result === kill?.result ? d.missing - d.recovered : d.missing;
    const ok = lost === 0 && d.unexpected === 0 && d.unanswered === 0 && d.duplicates === 0;
    misses += Number(!ok);
    out(
      `delivery @${result.agents}${result === kill?.result ? ' with the kill' : ''}: ` +
        `${d.delivered} of ${d.expected} to the subscribers allowed to see the note, ` +
        `${d.missing} missing (${d.recovered} of them brought by the screen's catch-up), ` +
        `${d.duplicates} repeated, ${d.unexpected} where not allowed ${verdict(ok)}`,
    );
  }
  out();
  out(misses === 0 ? 'All targets met.' : `${misses} target(s) missed.`);
}

if (process.argv.includes(AGENTS_FLAG)) {
  process.once('message', (task: AgentsTask) => {
    runAgents(task).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
