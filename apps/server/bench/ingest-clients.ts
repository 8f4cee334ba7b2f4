/**
 * The clients of bench:ingest, in a process of their own (forked by ingest.bench.ts with the task
 * as its first message; the result is its one answer), so their work does not run on the
 * server's event loop.
 *
 * Each block posts its share of signed webhooks to the server's route and writes the same share
 * as raw pg transactions, one side after the other (the side that goes first alternates), both at
 * the same concurrency, so every side meets the same machine load.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '@cartera/db/client';
import { newId } from '@cartera/domain/ids';
import { sequencePending } from '../src/realtime/event-sequencer';

/** One webhook as the provider posts it. */
export interface HttpItem {
  body: Uint8Array;
  signature: string;
}

/** The same event as rows: a message to claim and store, or a receipt to apply. */
export type RawItem =
  | {
      kind: 'message';
      providerMessageId: string;
      contactId: string;
      content: Record<string, unknown>;
    }
  | { kind: 'status'; providerMessageId: string; status: 'received' | 'read' };

export interface IngestTask {
  webhookUrl: string;
  databaseUrl: string;
  tenantId: string;
  /** The channel the raw side writes to (its own, so the two sides' ids never meet). */
  rawChannelId: string;
  /** Blocks of the run, each with its HTTP and raw share. */
  blocks: Array<{ http: HttpItem[]; raw: RawItem[] }>;
  /** Posted and written before the blocks, not counted (connections, plans, the server's JIT). */
  warmup: { http: HttpItem[]; raw: RawItem[] };
  concurrency: number;
  /** The app's pool size: the raw side gets as many connections. */
  poolSize: number;
  /**
   * The burst, posted after the blocks (HTTP only): each webhook sent at its time in the
   * window, whether or not earlier ones were answered (a provider does not wait for us).
   */
  burst: { items: HttpItem[]; windowMs: number };
}

export interface SideResult {
  /** Acknowledgement (HTTP) or commit (raw) times, ms. */
  latencies: number[];
  /** Wall time of the side's blocks, ms (HTTP: until every acknowledged event is ingested). */
  wallMs: number;
  /** HTTP statuses other than 200, or raw errors. */
  failures: string[];
  /** HTTP, per block: from the last acknowledgement to the inbox emptied, ms. */
  ingestLagMs: number[];
}

export interface BurstResult {
  /** From each webhook's sending to its answer, ms. */
  latencies: number[];
  /** From the first webhook sent to the last one sent, ms. */
  postedMs: number;
  /** From the first webhook sent to the inbox emptied (every event on the timelines), ms. */
  drainedMs: number;
  failures: string[];
}

export interface IngestResult {
  http: SideResult;
  raw: SideResult;
  burst: BurstResult;
  cpuMs: number;
}

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function post(agent: http.Agent, url: URL, item: HttpItem): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': item.body.byteLength,
          'x-hub-signature-256': item.signature,
        },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
        response.once('error', reject);
      },
    );
    request.once('error', reject);
    request.end(Buffer.from(item.body));
  });
}

/** What appendEvent writes inside the change's transaction: the pending row, no lock. */
const EVENT_SQL = `
  insert into pending_events (tenant_id, type, topic, payload, audience, actor_user_id)
  values ($1::uuid, $2, $3, $4::jsonb, '{}'::jsonb, null)`;

const drizzled = new WeakMap<pg.Pool, Database>();

async function rawWrite(db: pg.Pool, task: IngestTask, item: RawItem) {
  await rawTransaction(db, task, item);
  // What the sequencer does after the commit: the same statement, with its NOTIFY.
  let sequencerDb = drizzled.get(db);
  if (!sequencerDb) {
    sequencerDb = drizzle(db) as unknown as Database;
    drizzled.set(db, sequencerDb);
  }
  await sequencePending(sequencerDb, task.tenantId, true);
}

async function rawTransaction(db: pg.Pool, task: IngestTask, item: RawItem) {
  const client = await db.connect();
  try {
    await client.query('begin');
    if (item.kind === 'message') {
      const interactionId = newId();
      const claimed = await client.query(
        `insert into channel_messages (tenant_id, interaction_id, channel_id, contact_id, direction,
           provider_message_id)
         values ($1, $2, $3, $4, 'in', $5)
         on conflict (channel_id, provider_message_id) where provider_message_id is not null
         do nothing returning interaction_id`,
        [task.tenantId, interactionId, task.rawChannelId, item.contactId, item.providerMessageId],
      );
      if (claimed.rowCount === 0) {
        await client.query('rollback');
        return;
      }
      await client.query(
        `insert into interactions (tenant_id, id, contact_id, type, content, via,
           created_by_system, status)
         values ($1, $2, $3, 'channelMessage', $4::jsonb, 'whatsapp_business', false, null)`,
        [task.tenantId, interactionId, item.contactId, JSON.stringify(item.content)],
      );
      await client.query(EVENT_SQL, [
        task.tenantId,
        'interaction.created',
        `contact:${item.contactId}`,
        JSON.stringify({ contactId: item.contactId, interactionId, type: 'channelMessage' }),
      ]);
    } else {
      const updated = await client.query<{ id: string; contact_id: string }>(
        `update interactions i set status = $4
         from channel_messages m
         where m.channel_id = $2 and m.provider_message_id = $3
           and i.tenant_id = $1 and i.id = m.interaction_id
         returning i.id, i.contact_id`,
        [task.tenantId, task.rawChannelId, item.providerMessageId, item.status],
      );
      const row = updated.rows[0];
      if (row) {
        await client.query(EVENT_SQL, [
          task.tenantId,
          'interaction.updated',
          `contact:${row.contact_id}`,
          JSON.stringify({ contactId: row.contact_id, interactionId: row.id }),
        ]);
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function run(task: IngestTask): Promise<IngestResult> {
  const cpu = process.cpuUsage();
  const url = new URL(task.webhookUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: task.concurrency });
  const db = new pg.Pool({ connectionString: task.databaseUrl, max: task.poolSize });
  const sides: Record<'http' | 'raw', SideResult> = {
    http: { latencies: [], wallMs: 0, failures: [], ingestLagMs: [] },
    raw: { latencies: [], wallMs: 0, failures: [], ingestLagMs: [] },
  };

  // Acknowledged is not yet ingested: a block ends when the server's inbox worker has written
  // every event it acknowledged to the timelines (the webhook inbox is empty).
  const inboxEmptied = async () => {
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        'select count(*)::int as n from webhook_inbox',
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const runHttp = async (items: HttpItem[]) => {
    const started = performance.now();
    await pool(items, task.concurrency, async (item) => {
      const sent = performance.now();
      const status = await post(agent, url, item).catch((error: Error) => error.message);
      sides.http.latencies.push(performance.now() - sent);
      if (status !== 200) sides.http.failures.push(String(status));
    });
    const acknowledged = performance.now();
    await inboxEmptied();
    sides.http.ingestLagMs.push(performance.now() - acknowledged);
    sides.http.wallMs += performance.now() - started;
  };
  const runRaw = async (items: RawItem[]) => {
    const started = performance.now();
    await pool(items, task.concurrency, async (item) => {
      const sent = performance.now();
      await rawWrite(db, task, item).catch((error: Error) =>
        sides.raw.failures.push(error.message),
      );
      sides.raw.latencies.push(performance.now() - sent);
    });
    sides.raw.wallMs += performance.now() - started;
  };

  await pool(
    task.warmup.http,
    task.concurrency,
    async (item) => void (await post(agent, url, item)),
  );
  await inboxEmptied();
  await pool(task.warmup.raw, task.concurrency, (item) => rawWrite(db, task, item));
  for (const [index, block] of task.blocks.entries()) {
    if (index % 2 === 0) {
      await runRaw(block.raw);
      await runHttp(block.http);
    } else {
      await runHttp(block.http);
      await runRaw(block.raw);
    }
  }
  const burst = await runBurst(task, url, inboxEmptied);
  agent.destroy();
  await db.end();
  const used = process.cpuUsage(cpu);
  return { ...sides, burst, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * The burst: webhook `i` leaves at `i × window / count` from the start (open loop, as a provider
 * posts), on as many connections as that needs; then the wait until the inbox is empty.
 */
async function runBurst(task: IngestTask, url: URL, inboxEmptied: () => Promise<void>) {
  const { items, windowMs } = task.burst;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const result: BurstResult = { latencies: [], postedMs: 0, drainedMs: 0, failures: [] };
  const answers: Array<Promise<void>> = [];
  const started = performance.now();
  let next = 0;
  while (next < items.length) {
    const due = started + (next * windowMs) / items.length;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait - 1));
    else if (wait > 0) await new Promise((resolve) => setImmediate(resolve));
    while (next < items.length && started + (next * windowMs) / items.length <= performance.now()) {
      const item = items[next++]!;
      const sent = performance.now();
      answers.push(
        post(agent, url, item).then(
          (status) => {
            result.latencies.push(performance.now() - sent);
            if (status !== 200) result.failures.push(String(status));
          },
          (error: Error) => {
            result.latencies.push(performance.now() - sent);
            result.failures.push(error.message);
          },
        ),
      );
    }
  }
  result.postedMs = performance.now() - started;
  await Promise.all(answers);
  await inboxEmptied();
  result.drainedMs = performance.now() - started;
  agent.destroy();
  return result;
}

process.once('message', (task) => {
  run(task as IngestTask).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
});
