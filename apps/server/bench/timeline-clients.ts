/**
 * The clients of bench:timeline, in a process of their own (forked by timeline.bench.ts with the
 * task as its first message; the result is its one answer), so their work does not run on the
 * server's event loop.
 *
 *   pages:  interactions.timeline over HTTP, the same page from the server's floor route (the
 *           same prepared SQL through the same pool and the same JSON, without tRPC and the
 *           session) and its SQL over raw pg, each at a fixed concurrency, in alternating blocks
 *           so every side meets the same machine load.
 *   fanout: websocket subscribers of realtime.events and paced createNote writes; every
 *           delivery is checked against who may see the note.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import superjson from 'superjson';
import { newId } from '@cartera/domain/ids';
import { connectWs, waitFor } from '../src/testing/ws-client';
import type { EventEnvelope } from '../src/realtime/stream';
import { summary, watchStalls, type CapturedQuery, type Stall, type Timing } from './bench-kit';

export interface PagesTask {
  kind: 'pages';
  baseUrl: string;
  databaseUrl: string;
  token: string;
  contactId: string;
  /** The server's floor route for a page: `${floorUrl}?before=…`. */
  floorUrl: string;
  cases: Array<{ label: string; before: string | undefined; query: CapturedQuery }>;
  calls: number;
  concurrency: number;
}

export interface PagesResult {
  cases: Array<{
    label: string;
    http: Timing;
    floor: Timing;
    raw: Timing;
    httpRate: number;
    floorRate: number;
    rawRate: number;
  }>;
  floor: { http: Timing; raw: Timing };
  cpuMs: number;
}

export interface FanoutSubscriber {
  userId: string;
  kind: 'comercial' | 'supervisor' | 'seller' | 'other tenant';
  token: string;
}

export interface FanoutWrite {
  contactId: string;
  /** The writer's (the contact's seller's) session. */
  token: string;
  /** Indexes of the subscribers who may see the note. */
  allowed: number[];
}

export interface FanoutTask {
  kind: 'fanout';
  baseUrl: string;
  subscribers: FanoutSubscriber[];
  writes: FanoutWrite[];
  /** Writes per second. */
  rate: number;
}

export interface FanoutResult {
  connectMs: number;
  writes: Timing;
  writeRate: number;
  writeErrors: number;
  delivered: number;
  missing: number;
  duplicates: number;
  unexpected: number;
  foreign: number;
  latency: Timing;
  maxLatency: number;
  afterCommit: Timing;
  /** The five slowest writes: when they were sent (ms after the first) and how long they took. */
  slowest: Array<{ sentMs: number; ms: number }>;
  /** When the first write was sent (epoch ms), to place the stalls. */
  writesStart: number;
  /** When this process's event loop stood still during the writes. */
  stalls: Stall[];
  cpuMs: number;
}

export type ClientTask = PagesTask | FanoutTask;

const BLOCKS = 10;
const WARMUP = 50;

/** Runs `call` `count` times over `concurrency` loops; the duration of each call, ms. */
async function atConcurrency(concurrency: number, count: number, call: () => Promise<unknown>) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const start = performance.now();
        await call();
        samples.push(performance.now() - start);
      }
    }),
  );
  return { samples, ms: performance.now() - started };
}

interface Series {
  name: string;
  call: () => Promise<unknown>;
}

/**
 * Every series in turn, block after block (calls/BLOCKS calls each at `concurrency`), after a
 * warm-up of each: all of them meet the same machine load, whatever it does during the run.
 */
async function interleave(concurrency: number, calls: number, series: Series[]) {
  for (const each of series) await atConcurrency(concurrency, WARMUP, each.call);
  const done = series.map(() => ({ samples: [] as number[], ms: 0 }));
  const block = Math.ceil(calls / BLOCKS);
  for (let index = 0; index < BLOCKS; index += 1) {
    for (const [position, each] of series.entries()) {
      const run = await atConcurrency(concurrency, block, each.call);
      done[position]!.samples.push(...run.samples);
      done[position]!.ms += run.ms;
    }
  }
  return new Map(
    series.map((each, position) => [
      each.name,
      {
        timing: summary(done[position]!.samples),
        rate: (done[position]!.samples.length * 1000) / done[position]!.ms,
      },
    ]),
  );
}

/** One keep-alive connection per concurrent loop, as a browser or a proxy keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A GET read to its last byte; its status. */
function httpGet(url: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function pages(task: PagesTask): Promise<PagesResult> {
  const pool = new pg.Pool({ connectionString: task.databaseUrl, max: task.concurrency });
  try {
    const series: Series[] = [];
    for (const each of task.cases) {
      const input = { contactId: task.contactId, before: each.before };
      const encoded = encodeURIComponent(JSON.stringify(superjson.serialize(input)));
      const url = `${task.baseUrl}/api/trpc/interaction.timeline?input=${encoded}`;
      series.push({
        name: `${each.label} http`,
        call: async () => {
          const status = await httpGet(url, task.token);
          if (status !== 200) throw new Error(`timeline answered ${status}`);
        },
      });
      const floorUrl = each.before
        ? `${task.floorUrl}?before=${encodeURIComponent(each.before)}`
        : task.floorUrl;
      series.push({
        name: `${each.label} floor`,
        call: async () => {
          const status = await httpGet(floorUrl);
          if (status !== 200) throw new Error(`floor answered ${status}`);
        },
      });
      series.push({
        name: `${each.label} raw`,
        // Prepared, as the app prepares it: the same SQL, parsed once per connection.
        call: () =>
          pool.query({
            name: `raw_${each.label.replace(/\W/g, '_')}`,
            text: each.query.text,
            values: each.query.params,
          }),
      });
    }
    series.push(
      {
        name: 'health',
        call: () => httpGet(`${task.baseUrl}/api/health`),
      },
      { name: 'select 1', call: () => pool.query('select 1') },
    );
    const results = await interleave(task.concurrency, task.calls, series);
    const get = (name: string) => results.get(name)!;
    return {
      cases: task.cases.map(({ label }) => ({
        label,
        http: get(`${label} http`).timing,
        floor: get(`${label} floor`).timing,
        raw: get(`${label} raw`).timing,
        httpRate: get(`${label} http`).rate,
        floorRate: get(`${label} floor`).rate,
        rawRate: get(`${label} raw`).rate,
      })),
      floor: { http: get('health').timing, raw: get('select 1').timing },
      cpuMs: cpuMs(),
    };
  } finally {
    await pool.end();
  }
}

const cpuStart = process.cpuUsage();
/** CPU time this process has used since it started its task, ms. */
const cpuMs = () => {
  const used = process.cpuUsage(cpuStart);
  return (used.user + used.system) / 1000;
};

/** Wall-clock milliseconds with sub-millisecond precision. */
const now = () => performance.timeOrigin + performance.now();

async function fanout(task: FanoutTask): Promise<FanoutResult> {
  const byInteraction = new Map<string, number>();
  const ids = task.writes.map(() => newId());
  ids.forEach((id, index) => byInteraction.set(id, index));
  const sentAt = new Array<number>(task.writes.length).fill(NaN);
  const answeredAt = new Array<number>(task.writes.length).fill(NaN);
  /** arrivals[write] = subscriber index → arrival time. */
  const arrivals = task.writes.map(() => new Map<number, number>());
  let duplicates = 0;
  let foreign = 0;
  let started = 0;

  const connectStart = performance.now();
  const connections = [];
  // Opened in groups, as a morning of agents signing in would, not all in one tick.
  for (let first = 0; first < task.subscribers.length; first += 50) {
    for (const [offset, subscriber] of task.subscribers.slice(first, first + 50).entries()) {
      const index = first + offset;
      const connection = connectWs(task.baseUrl, subscriber.token);
      const subscription = connection.client.realtime.events.subscribe(
        { lastEventId: null },
        {
          onStarted: () => (started += 1),
          onData: (item) => {
            const at = now();
            const envelope = (item as { data: EventEnvelope }).data;
            const write = byInteraction.get(String(envelope.payload.interactionId));
            if (write === undefined) {
              foreign += 1;
              return;
            }
            if (arrivals[write]!.has(index)) duplicates += 1;
            else arrivals[write]!.set(index, at);
          },
          onError: (error) => console.error(`subscriber ${index}:`, error),
        },
      );
      connections.push({ connection, subscription });
    }
    await waitFor(
      () => started === Math.min(first + 50, task.subscribers.length),
      60_000,
      'subscriptions',
    );
  }
  const connectMs = performance.now() - connectStart;
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  // Paced writes: write k is sent at start + k / rate, whatever the earlier ones are doing.
  let writeErrors = 0;
  const interval = 1000 / task.rate;
  const writesStart = now();
  const stalls = watchStalls();
  const pending: Promise<void>[] = [];
  for (const [index, write] of task.writes.entries()) {
    const due = writesStart + index * interval;
    const wait = due - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt[index] = now();
    pending.push(
      fetch(`${task.baseUrl}/api/trpc/interaction.createNote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${write.token}` },
        body: JSON.stringify(
          superjson.serialize({
            contactId: write.contactId,
            id: ids[index],
            body: `Nota ${index} del benchmark: el cliente confirma la visita del jueves.`,
          }),
        ),
      }).then(
        async (response) => {
          await response.text();
          answeredAt[index] = now();
          if (response.status !== 200) writeErrors += 1;
        },
        () => void (writeErrors += 1),
      ),
    );
  }
  await Promise.all(pending);
  const clientStalls = stalls();
  const writeRate = (task.writes.length * 1000) / (now() - writesStart);
  const expected = task.writes.reduce((sum, write) => sum + write.allowed.length, 0);
  const delivered = () => arrivals.reduce((sum, each) => sum + each.size, 0);
  // Whatever is still on its way: up to 10 s more, then what has not come is missing.
  await waitFor(() => delivered() >= expected, 10_000, 'deliveries').catch(() => undefined);
  // A little longer, so a delivery where none is allowed would still be seen.
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  const latencies: number[] = [];
  const afterCommit: number[] = [];
  let unexpected = 0;
  let missing = 0;
  for (const [index, write] of task.writes.entries()) {
    const allowed = new Set(write.allowed);
    for (const [subscriber, at] of arrivals[index]!) {
      if (!allowed.has(subscriber)) {
        unexpected += 1;
        continue;
      }
      latencies.push(at - sentAt[index]!);
      afterCommit.push(at - answeredAt[index]!);
    }
    for (const subscriber of allowed) if (!arrivals[index]!.has(subscriber)) missing += 1;
  }
  for (const { connection, subscription } of connections) {
    subscription.unsubscribe();
    connection.close();
  }
  return {
    connectMs,
    writes: summary(task.writes.map((_, index) => answeredAt[index]! - sentAt[index]!)),
    writeRate,
    writeErrors,
    delivered: delivered(),
    missing,
    duplicates,
    unexpected,
    foreign,
    latency: summary(latencies),
    maxLatency: Math.max(...latencies),
    afterCommit: summary(afterCommit.filter((value) => !Number.isNaN(value))),
    slowest: task.writes
      .map((_, index) => ({
        sentMs: sentAt[index]! - writesStart,
        ms: answeredAt[index]! - sentAt[index]!,
      }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
    writesStart,
    stalls: clientStalls,
    cpuMs: cpuMs(),
  };
}

process.once('message', (task: ClientTask) => {
  const run = task.kind === 'pages' ? pages(task) : fanout(task);
  run.then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
