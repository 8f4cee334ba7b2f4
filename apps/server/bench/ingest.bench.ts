/**
 * `npm run bench:ingest`: signed WhatsApp Cloud webhooks posted to the real server route, beside
 * the same rows written through raw pg in the same run (issue #12).
 *
 * The mix (per side, by row number): 83 % text messages, 10 % media messages (stored as
 * messages; the app also enqueues their download job, run by no worker here, the raw side does
 * not), 5 % delivery receipts of outbound messages stored before the run, 2 % replays of a
 * message id posted earlier in the run. Both sides run at the same concurrency in alternating
 * blocks from a client process of their own:
 *   - HTTP: POST /api/webhooks/whatsapp/{key} with X-Hub-Signature-256, each timed until the
 *     answer (the acknowledgement: the events are in the webhook inbox) has arrived; a block
 *     ends when the server's inbox worker has taken every acknowledged event in;
 *   - raw: one transaction per event on a pool as large as the app's: claim the provider id in
 *     `channel_messages` (same unique key, ON CONFLICT DO NOTHING; a replay rolls back), insert
 *     the interaction, and the event as appendEvent writes it (a pending row), then after the
 *     commit the sequencer's statement that numbers it; a receipt updates the item's status and
 *     writes its event the same way.
 *
 * Then the burst (HTTP only): 2,000 text messages from 1,000 customers (two each, half of them
 * writing for the first time) posted within 2 s, each webhook at its time whether or not the
 * earlier ones were answered.
 *
 * Targets, checked here and nowhere else:
 *   - ingestion throughput through HTTP ≥ 0.5 × raw (events a second over each side's blocks,
 *     HTTP's until the inbox is empty);
 *   - acknowledgement p99 ≤ 50 ms;
 *   - burst: acknowledgement p99 ≤ 100 ms, the inbox drained (every event on the timelines)
 *     within 10 s of the first webhook;
 *   - exactly one interaction per provider message id (checked in the database at the end).
 *
 * Environment:
 *   BENCH_DATABASE_URL  a server to use (database `cartera_bench_ingest`); without it a
 *                       throwaway cluster is started from /usr/lib/postgresql/<v>/bin.
 *   BENCH_EVENTS        events per side (8,000), BENCH_BLOCKS (4), BENCH_CONCURRENCY (16),
 *                       BENCH_SENDERS customers writing in (500).
 *   BENCH_BURST         events of the burst (2,000), from half as many customers, posted within
 *                       BENCH_BURST_SECONDS (2).
 *   BENCH_KEEP=1        keep the database.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createTenant, createUser } from '@cartera/db/factories';
import { contacts, channelMessages, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { contactSearchText } from '@cartera/domain/search';
import {
  inboundMedia,
  inboundText,
  signedWebhook,
  statusUpdate,
} from '../src/providers/whatsapp-cloud/graph-simulator';
import { typedCall } from '../src/testing/http-client';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import {
  backgroundLine,
  backgroundWork,
  clientRunner,
  loadLine,
  machineLine,
  openBenchDatabase,
  out,
  seconds,
  settleDatabase,
  summary,
  unit,
  verdict,
  type Timing,
} from './bench-kit';
import type { HttpItem, IngestResult, IngestTask, RawItem } from './ingest-clients';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 8_000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 500);
const BURST = Number(process.env.BENCH_BURST ?? 2_000);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 2);
const BURST_CUSTOMERS = Math.ceil(BURST / 2);
const OUTBOUND = 500;
const WARMUP = 200;
const POOL_SIZE = 10;
const DATABASE = 'cartera_bench_ingest';

const TARGET_THROUGHPUT_RATIO = 0.5;
const TARGET_ACK_P99_MS = 50;
const TARGET_BURST_ACK_P99_MS = 100;
const TARGET_BURST_DRAINED_MS = 10_000;

const APP_SECRET = 'bench-app-secret';
const ACCESS_TOKEN = 'bench-access-token';
const PHONE_NUMBER_ID = '106540352249999';

type Side = 'http' | 'raw';
type Kind = 'text' | 'media' | 'status' | 'replay';

const senderDigits = (n: number) => `5989700${String(n).padStart(4, '0')}`;
/** The burst's customers: the first half have a contact, the rest write for the first time. */
const burstDigits = (n: number) => `5989800${String(n).padStart(4, '0')}`;

/** The burst: customer `i % customers` writes its `⌊i / customers⌋`-th message. */
function burstWorkload() {
  const items: HttpItem[] = [];
  const ids = new Set<string>();
  for (let i = 0; i < BURST; i += 1) {
    const customer = i % BURST_CUSTOMERS;
    const id = `wamid.BURST${i}`;
    const signed = signedWebhook(
      APP_SECRET,
      inboundText(PHONE_NUMBER_ID, {
        id,
        from: burstDigits(customer),
        name: `Cliente campaña ${customer}`,
        text: i < BURST_CUSTOMERS ? 'Sí, me interesa' : `¿Cuánto sale el modelo ${customer % 97}?`,
      }),
    );
    items.push({ body: signed.body, signature: signed.headers['x-hub-signature-256'] });
    ids.add(id);
  }
  return { items, ids };
}

function kindOf(row: number): Kind {
  const r = unit(row, 1);
  if (r < 0.02) return 'replay';
  if (r < 0.07) return 'status';
  if (r < 0.17) return 'media';
  return 'text';
}

interface Workload {
  http: HttpItem[];
  raw: RawItem[];
  /** Distinct inbound message ids of each side (for the exactly-once check). */
  messageIds: Record<Side, Set<string>>;
  kinds: Record<Kind, number>;
}

/**
 * `count` events from row `first` on: the HTTP side's signed envelopes and the raw side's rows,
 * event for event the same (their own ids and channels).
 */
function workload(
  first: number,
  count: number,
  prefix: string,
  senderContacts: string[],
  outbound: Record<Side, string[]>,
  rawChannel: { id: string; name: string },
): Workload {
  const result: Workload = {
    http: [],
    raw: [],
    messageIds: { http: new Set(), raw: new Set() },
    kinds: { text: 0, media: 0, status: 0, replay: 0 },
  };
  const posted: number[] = [];
  for (let row = first; row < first + count; row += 1) {
    let kind = kindOf(row);
    // A replay repeats a message posted at least a few concurrency rounds earlier.
    const earlier = posted.length > 64 ? posted[posted.length - 64 - (row % 64)] : undefined;
    if (kind === 'replay' && earlier === undefined) kind = 'text';
    result.kinds[kind] += 1;
    const sender = Math.floor(unit(row, 2) * SENDERS);
    const from = senderDigits(sender);
    if (kind === 'status') {
      const index = Math.floor(unit(row, 3) * OUTBOUND);
      const status = unit(row, 4) < 0.5 ? 'delivered' : 'read';
      const envelope = statusUpdate(PHONE_NUMBER_ID, {
        id: outbound.http[index]!,
        status,
        to: from,
      });
      const signed = signedWebhook(APP_SECRET, envelope);
      result.http.push({ body: signed.body, signature: signed.headers['x-hub-signature-256'] });
      result.raw.push({
        kind: 'status',
        providerMessageId: outbound.raw[index]!,
        status: status === 'delivered' ? 'received' : 'read',
      });
      continue;
    }
    const source = kind === 'replay' ? earlier! : row;
    const id = (side: Side) => `wamid.${prefix}${side.toUpperCase()}${source}`;
    const media = kindOf(source) === 'media';
    const text = media ? '' : `Mensaje ${source}: ¿tienen stock del modelo ${source % 97}?`;
    const envelope = (side: Side) =>
      media
        ? inboundMedia(PHONE_NUMBER_ID, {
            id: id(side),
            from,
            name: `Cliente ${sender}`,
            kind: 'image',
            mediaId: `${9_000_000 + source}`,
            mimeType: 'image/jpeg',
          })
        : inboundText(PHONE_NUMBER_ID, { id: id(side), from, name: `Cliente ${sender}`, text });
    const signed = signedWebhook(APP_SECRET, envelope('http'));
    result.http.push({ body: signed.body, signature: signed.headers['x-hub-signature-256'] });
    result.raw.push({
      kind: 'message',
      providerMessageId: id('raw'),
      contactId: senderContacts[sender]!,
      // What ingestMessage stores for the same message.
      content: {
        message: {
          text,
          type: media ? 'image' : 'text',
          media: null,
          fileName: null,
          mimetype: media ? 'image/jpeg' : null,
        },
        medium: 'wpp',
        origin: 'contact',
        channelId: rawChannel.id,
        channelName: rawChannel.name,
        channelColor: null,
        receivedAt: new Date().toISOString(),
      },
    });
    result.messageIds.http.add(id('http'));
    result.messageIds.raw.add(id('raw'));
    if (kind !== 'replay') posted.push(row);
  }
  return result;
}

/**
 * Statements the server sends (every pg client of this process, which runs only the server
 * while the clients post): a measure of an event's cost that the machine's load does not move.
 */
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const runClients = clientRunner<IngestTask>(new URL('./ingest-clients.ts', import.meta.url));

const fmt = (timing: Timing) =>
  `p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms`;

async function main() {
  out(`bench:ingest — ${machineLine()}`);
  out(
    `machine load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (1, 5, 15 min)`,
  );
  const database = await openBenchDatabase(DATABASE, POOL_SIZE);
  const { handle, client } = database;
  const db = handle.db;
  const setup = performance.now();

  const tenant = await createTenant(db, {
    name: 'Bench Ingest',
    displayName: 'Bench',
    country: 'uy',
  });
  const comercial = await createUser(db, tenant, {
    email: 'comercial@ingest.bench',
    name: 'Carla',
    role: 'comercial',
  });
  const senderRows = await db
    .insert(contacts)
    .values(
      Array.from({ length: SENDERS }, (_, n) => {
        const contact = {
          firstName: `Cliente ${n}`,
          phones: [`+${senderDigits(n)}`],
        };
        return {
          ...contact,
          tenantId: tenant.id,
          id: newId(),
          searchText: contactSearchText(contact, 'uy'),
        };
      }),
    )
    .returning({ id: contacts.id, phones: contacts.phones });
  const knownBurstCustomers = Math.floor(BURST_CUSTOMERS / 2);
  if (knownBurstCustomers)
    await db.insert(contacts).values(
      Array.from({ length: knownBurstCustomers }, (_, n) => {
        const contact = { firstName: `Cliente campaña ${n}`, phones: [`+${burstDigits(n)}`] };
        return {
          ...contact,
          tenantId: tenant.id,
          id: newId(),
          searchText: contactSearchText(contact, 'uy'),
        };
      }),
    );
  const byPhone = new Map(senderRows.map((row) => [row.phones[0]!, row.id]));
  const senderContacts = Array.from({ length: SENDERS }, (_, n) =>
    byPhone.get(`+${senderDigits(n)}`)!,
  );

  const app = await startTestApp(handle, {
    JOBS_ENABLED: 'false',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  });
  const token = await tokenFor(handle, comercial);
  const createChannel = async (name: string) => {
    const created = await typedCall(
      app.url,
      'channel.create',
      {
        type: 'whatsapp_business',
        name,
        config: { phoneNumberId: PHONE_NUMBER_ID, wabaId: '102290129349999' },
        secrets: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: 'verify' },
      },
      { token },
    );
    if (created.status !== 200) throw new Error(`channel.create answered ${created.status}`);
    return created.data;
  };
  const httpChannel = await createChannel('WhatsApp HTTP');
  const rawChannel = await createChannel('WhatsApp raw');
  const webhookUrl = `${app.url}${new URL(httpChannel.webhookUrl).pathname}`;

  // Outbound messages sent before the run, whose receipts the mix brings.
  const outbound: Record<Side, string[]> = { http: [], raw: [] };
  for (const [side, channel] of [
    ['http', httpChannel],
    ['raw', rawChannel],
  ] as const) {
    const rows = Array.from({ length: OUTBOUND }, (_, n) => ({
      id: newId(),
      contactId: senderContacts[n % SENDERS]!,
      providerMessageId: `wamid.OUT${side.toUpperCase()}${n}`,
    }));
    await db.insert(interactions).values(
      rows.map((row) => ({
        tenantId: tenant.id,
        id: row.id,
        contactId: row.contactId,
        type: 'channelMessage',
        via: 'whatsapp_business',
        status: 'sent',
        agentId: comercial.id,
        content: {
          message: { text: 'Hola', type: 'text' },
          origin: 'agent',
          channelId: channel.id,
        },
      })),
    );
    await db.insert(channelMessages).values(
      rows.map((row) => ({
        tenantId: tenant.id,
        interactionId: row.id,
        channelId: channel.id,
        contactId: row.contactId,
        direction: 'out',
        providerMessageId: row.providerMessageId,
      })),
    );
    outbound[side] = rows.map((row) => row.providerMessageId);
  }

  const warm = workload(0, WARMUP, 'WARM', senderContacts, outbound, rawChannel);
  const blocks: Workload[] = [];
  const perBlock = Math.ceil(EVENTS / BLOCKS);
  for (let block = 0; block < BLOCKS; block += 1) {
    const first = block * perBlock;
    blocks.push(
      workload(
        first,
        Math.min(perBlock, EVENTS - first),
        `B${block}.`,
        senderContacts,
        outbound,
        rawChannel,
      ),
    );
  }
  const burst = burstWorkload();
  const kinds = { text: 0, media: 0, status: 0, replay: 0 };
  for (const block of blocks)
    for (const [kind, n] of Object.entries(block.kinds)) kinds[kind as Kind] += n;
  out(
    `setup ${seconds(setup)} s: ${SENDERS} customers, ${OUTBOUND} outbound messages per side; ` +
      `${EVENTS} events per side in ${BLOCKS} blocks at concurrency ${CONCURRENCY}: ` +
      `${kinds.text} text, ${kinds.media} media, ${kinds.status} receipts, ${kinds.replay} replays; ` +
      `then a burst of ${BURST} messages from ${BURST_CUSTOMERS} customers ` +
      `(${BURST_CUSTOMERS - Math.floor(BURST_CUSTOMERS / 2)} new) within ${BURST_SECONDS} s`,
  );
  out(await settleDatabase(client));

  const before = await backgroundWork(client);
  const statementsBefore = statements;
  const serverCpu = process.cpuUsage();
  const { result, server } = await runClients<IngestResult>({
    webhookUrl,
    databaseUrl: database.url,
    tenantId: tenant.id,
    rawChannelId: rawChannel.id,
    blocks: blocks.map((block) => ({ http: block.http, raw: block.raw })),
    warmup: { http: warm.http, raw: warm.raw },
    concurrency: CONCURRENCY,
    poolSize: POOL_SIZE,
    burst: { items: burst.items, windowMs: BURST_SECONDS * 1000 },
  } satisfies IngestTask);
  const after = await backgroundWork(client);

  const rate = (side: Side) => EVENTS / (result[side].wallMs / 1000);
  const http = summary(result.http.latencies);
  const raw = summary(result.raw.latencies);
  out();
  out(`HTTP: ${rate('http').toFixed(0)} events/s ingested; acknowledgement ${fmt(http)}`);
  out(
    `HTTP: the inbox emptied ${result.http.ingestLagMs.map((ms) => ms.toFixed(0)).join(', ')} ms ` +
      "after each block's last acknowledgement",
  );
  out(`raw:  ${rate('raw').toFixed(0)} events/s; commit ${fmt(raw)}`);
  const burstAck = summary(result.burst.latencies);
  out(
    `burst: ${BURST} webhooks posted in ${(result.burst.postedMs / 1000).toFixed(2)} s; ` +
      `acknowledgement ${fmt(burstAck)}; inbox drained ${(result.burst.drainedMs / 1000).toFixed(2)} s ` +
      `after the first (${(BURST / (result.burst.drainedMs / 1000)).toFixed(0)} events/s)` +
      (result.burst.failures.length
        ? `; failures ${result.burst.failures.length} (${[...new Set(result.burst.failures)].join(', ')})`
        : ''),
  );
  if (result.http.failures.length || result.raw.failures.length) {
    out(
      `failures: HTTP ${result.http.failures.length} (${[...new Set(result.http.failures)].join(', ')}), ` +
        `raw ${result.raw.failures.length} (${[...new Set(result.raw.failures)].slice(0, 3).join('; ')})`,
    );
  }
  const posted = EVENTS + BURST + WARMUP;
  const cpu = process.cpuUsage(serverCpu);
  out(
    `server: ${((statements - statementsBefore) / posted).toFixed(2)} statements and ` +
      `${((cpu.user + cpu.system) / 1000 / posted).toFixed(2)} ms of CPU per webhook posted ` +
      `(both sides' time; the raw side costs the server only its events' notifications)`,
  );
  out(loadLine(server, result.cpuMs));
  out(backgroundLine(before, after));

  // Exactly once: one claim and one timeline item per provider id, nothing stored without one.
  const exactlyOnce = async (side: Side, channelId: string, expected: Set<string>) => {
    const { rows } = await client.query<{ ids: string; repeated: string; orphans: string }>(
      `select
         (select count(distinct m.provider_message_id) from channel_messages m
           where m.channel_id = $1 and m.direction = 'in') as ids,
         (select count(*) from (
            select m.provider_message_id from channel_messages m
            join interactions i on i.tenant_id = m.tenant_id and i.id = m.interaction_id
            where m.channel_id = $1 and m.direction = 'in'
            group by m.provider_message_id having count(*) <> 1) repeated) as repeated,
         (select count(*) from interactions i
           where i.tenant_id = $2 and i.type = 'channelMessage'
             and i.content->>'channelId' = $1::text and i.content->>'origin' = 'contact'
             and not exists (select 1 from channel_messages m
               where m.tenant_id = i.tenant_id and m.interaction_id = i.id)) as orphans`,
      [channelId, tenant.id],
    );
    const row = rows[0]!;
    const ok =
      Number(row.ids) === expected.size && Number(row.repeated) === 0 && Number(row.orphans) === 0;
    out(
      `${side}: ${row.ids} provider ids stored of ${expected.size} distinct posted, ` +
        `${row.repeated} with other than one item, ${row.orphans} items without a claim`,
    );
    return ok;
  };
  const expected = (side: Side) =>
    new Set([
      ...[warm, ...blocks].flatMap((each) => [...each.messageIds[side]]),
      ...(side === 'http' ? burst.ids : []),
    ]);
  const onceHttp = await exactlyOnce('http', httpChannel.id, expected('http'));
  const onceRaw = await exactlyOnce('raw', rawChannel.id, expected('raw'));
  const { rows: receipts } = await client.query<{ status: string; n: string }>(
    `select i.status, count(*) as n from channel_messages m
     join interactions i on i.tenant_id = m.tenant_id and i.id = m.interaction_id
     where m.channel_id = $1 and m.direction = 'out' group by 1 order by 1`,
    [httpChannel.id],
  );
  out(`HTTP receipts applied: ${receipts.map((row) => `${row.n} ${row.status}`).join(', ')}`);

  const ratio = rate('http') / rate('raw');
  out();
  out(
    `throughput HTTP/raw ${ratio.toFixed(3)} (target ≥ ${TARGET_THROUGHPUT_RATIO}): ${verdict(ratio >= TARGET_THROUGHPUT_RATIO)}`,
  );
  out(
    `acknowledgement p99 ${http.p99.toFixed(1)} ms (target ≤ ${TARGET_ACK_P99_MS} ms): ${verdict(http.p99 <= TARGET_ACK_P99_MS)}`,
  );
  out(
    `burst acknowledgement p99 ${burstAck.p99.toFixed(1)} ms (target ≤ ${TARGET_BURST_ACK_P99_MS} ms): ${verdict(burstAck.p99 <= TARGET_BURST_ACK_P99_MS)}`,
  );
  out(
    `burst inbox drained in ${(result.burst.drainedMs / 1000).toFixed(2)} s (target ≤ ${TARGET_BURST_DRAINED_MS / 1000} s): ${verdict(result.burst.drainedMs <= TARGET_BURST_DRAINED_MS)}`,
  );
  out(
    `exactly one interaction per provider message id: ${verdict(onceHttp && result.http.failures.length === 0 && result.burst.failures.length === 0)}` +
      ` (raw side: ${verdict(onceRaw)})`,
  );

  await app.stop();
  await database.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
