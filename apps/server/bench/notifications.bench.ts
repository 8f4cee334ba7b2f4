/**
 * `npm run bench:notifications`: a platform admin's shipment to 10,000 users (issue #41),
 * delivered by the job's code (`deliverShipment`) in a real PostgreSQL: its time, its batches'
 * times and the process's memory while it runs, beside a baseline of the same rows written by one
 * `insert … select` statement. It prints figures; nothing is asserted (targets live here, never in
 * timed tests).
 *
 * Environment:
 *   BENCH_DATABASE_URL   a server to use (a database `cartera_bench_notifications` is created
 *                        there); without it a throwaway cluster is started.
 *   BENCH_USERS          users the shipment reaches (10,000), spread over BENCH_COMPANIES (10).
 *   BENCH_BATCH          users per batch (the job's 500).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { groups, notificationShipments, users } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import {
  deliverShipment,
  SHIPMENT_BATCH_SIZE,
} from '../src/modules/notifications/shipment-delivery.service';
import { machineLine, openBenchDatabase, out, percentile } from './bench-kit';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10);
const BATCH = Number(process.env.BENCH_BATCH ?? SHIPMENT_BATCH_SIZE);
const INSERT_CHUNK = 2_000;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Samples the process's RSS and heap every 20 ms until stopped; answers the peaks. */
function watchMemory() {
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 20);
  return () => {
    clearInterval(timer);
    return { rssGrowth: rss - base.rss, heapGrowth: heap - base.heapUsed, peakRss: rss };
  };
}

async function main() {
  out(
    `bench:notifications: ${USERS.toLocaleString('en')} users in ${COMPANIES} companies, batches of ${BATCH}`,
  );
  out(machineLine());
  const database = await openBenchDatabase('cartera_bench_notifications', 10);
  const db = database.handle.db;
  try {
    const started = performance.now();
    const companies: string[] = [];
    for (let index = 0; index < COMPANIES; index += 1) {
      const id = newId();
      companies.push(id);
      await db.insert(groups).values({ tenantId: id, id, name: `Empresa ${index}`, country: 'uy' });
    }
    const rows = Array.from({ length: USERS }, (_, index) => {
      const tenantId = companies[index % COMPANIES]!;
      return {
        tenantId,
        id: newId(),
        groupId: tenantId,
        name: `Vendedor ${index}`,
        email: `vendedor.${index}@bench.test`,
        roles: [index % 10 === 0 ? ('super' as const) : ('user' as const)],
        passwordHash: 'not-a-hash',
      };
    });
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await db.insert(users).values(rows.slice(start, start + INSERT_CHUNK));
    }
    await database.client.query('analyze');
    out(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const author = companies[0]!;
    const shipment = async () => {
      const id = newId();
      await db.insert(notificationShipments).values({
        tenantId: author,
        id,
        createdBy: rows[0]!.id,
        title: 'Nueva función',
        description: 'Ya puedes descargar tus ventas del mes.',
        mediaType: 'article',
        redirectUrl: 'https://ayuda.cartera.test/reportes',
        popup: true,
        companyIds: companies,
        status: 'sending',
      });
      return id;
    };

    // The job's code: batches, each its own transaction with its live events.
    const shipmentId = await shipment();
    const batchTimes: number[] = [];
    const stopMemory = watchMemory();
    const jobStart = performance.now();
    let last = jobStart;
    // Time each batch by wrapping the transaction the delivery opens.
    const timedDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof db.transaction>) => {
          const value = await target.transaction(...args);
          const at = performance.now();
          batchTimes.push(at - last);
          last = at;
          return value;
        };
      },
    });
    const result = await deliverShipment(
      { db: timedDb },
      { tenantId: author, shipmentId, notBefore: null },
      { batchSize: BATCH },
    );
    const jobMs = performance.now() - jobStart;
    const memory = stopMemory();
    const delivered = result.batches.reduce((sum, each) => sum + each, 0);

    // Run again from the start: what a retried job costs when everything is there.
    const againStart = performance.now();
    await db
      .update(notificationShipments)
      .set({ status: 'sending' })
      .where(sql`${notificationShipments.id} = ${shipmentId}`);
    const again = await deliverShipment(
      { db },
      { tenantId: author, shipmentId, notBefore: null },
      { batchSize: BATCH },
    );
    const againMs = performance.now() - againStart;

    // Baseline: the same rows in one statement, no batches, no events.
    const baselineId = await shipment();
    const baselineStart = performance.now();
    await database.client.query(
      `insert into notifications (tenant_id, id, user_id, shipment_id, kind, title, body, setting)
       select u.tenant_id, gen_random_uuid(), u.id, $1, 'right-bottom-notification', 'Nueva función', '', '{}'::jsonb
       from users u where u.active and u.tenant_id = any($2::uuid[])`,
      [baselineId, companies],
    );
    const baselineMs = performance.now() - baselineStart;

    const [events] = (
      await database.client.query<{ events: number }>(
        `select count(*)::int as events from domain_events where type = 'notification.delivered'`,
      )
    ).rows;
    const [stored] = (
      await database.client.query<{ rows: number }>(
        `select count(*)::int as rows from notifications where shipment_id = $1`,
        [shipmentId],
      )
    ).rows;

    out();
    out(
      `delivery of ${delivered.toLocaleString('en')} notifications (${stored!.rows} stored, ${events!.events} live events):`,
    );
    out(
      `  total ${(jobMs / 1000).toFixed(2)} s, ${((delivered / jobMs) * 1000).toFixed(0)} users/s`,
    );
    out(
      `  ${result.batches.length} batches: p50 ${percentile(batchTimes, 50).toFixed(0)} ms, p95 ${percentile(batchTimes, 95).toFixed(0)} ms, max ${Math.max(...batchTimes).toFixed(0)} ms`,
    );
    out(
      `  memory: RSS growth ${mb(memory.rssGrowth)} (peak ${mb(memory.peakRss)}), heap growth ${mb(memory.heapGrowth)}`,
    );
    out(
      `rerun from the start (all there): ${(againMs / 1000).toFixed(2)} s, inserted ${again.batches.reduce((sum, each) => sum + each, 0)}`,
    );
    out(`baseline (one insert … select of the same rows): ${(baselineMs / 1000).toFixed(2)} s`);
  } finally {
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
