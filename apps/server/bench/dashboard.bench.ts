/**
 * `npm run bench:dashboard`: the supervisor's 'Rendimiento' dashboard (issue #16) in a real
 * PostgreSQL: one tenant with 200 sellers in 10 groups and a growing history of interactions
 * over a year; the dashboard of one group (20 sellers) over 90 days through tRPC over HTTP.
 *
 * Targets (issue #16), checked here and nowhere else (never in timed tests):
 *   - cost independent of history: p50 at the largest scale ≤ 1.5 × p50 at the smallest;
 *   - p50 ≤ 1.5 × the p50 of the same rollups SQL through raw pg + 5 ms;
 *   - after the loads and a burst of live notes written through the API by several clients at
 *     once, the rollups equal a full recount from the timelines.
 *
 * The history is loaded with SQL (generate_series) and its rollups counted once by the catch-up
 * (`rebuildRollups`, the recount of packages/db/src/rollups.ts), as for data older than the
 * rollups; the live notes go through the timeline writer like any user's.
 *
 * Environment:
 *   BENCH_DATABASE_URL   a server to use (a database `cartera_bench_dashboard` is created there);
 *                        without it a throwaway cluster is started.
 *   BENCH_SCALES         interactions after each load, comma-separated (1000000,10000000).
 *   BENCH_CONTACTS       contacts in the tenant (100,000).
 *   BENCH_CALLS          timed calls per side and scale (300).
 *   BENCH_NOTES          live notes written before the check (1,000).
 *   BENCH_KEEP=1         keeps the database.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import { rebuildRollups, recountRollups, storedRollups } from '@cartera/db/rollups';
import type { Group, User } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { addDays, metricsDay, previousPeriod } from '@cartera/domain/metrics';
import { typedCall } from '../src/testing/http-client';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import { idsOf } from '../src/modules/access/sellers';
import { findRollups } from '../src/modules/metrics/metrics.service';
import {
  captureQuery,
  machineLine,
  openBenchDatabase,
  out,
  seconds,
  summary,
  verdict,
  type Timing,
} from './bench-kit';

const SCALES = (process.env.BENCH_SCALES ?? '1000000,10000000')
  .split(',')
  .map((each) => Number(each.trim()))
  .filter((each) => Number.isInteger(each) && each > 0)
  .sort((a, b) => a - b);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const NOTES = Number(process.env.BENCH_NOTES ?? 1_000);
const GROUPS = 10;
const SELLERS = 200;
const REASONS = ['vendido', 'precio', 'sin-interes', 'competencia'];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, timing: Timing) =>
  `${label.padEnd(34)} p50 ${ms(timing.p50)}  p95 ${ms(timing.p95)}  p99 ${ms(timing.p99)}  (n=${timing.n})`;

async function main() {
  out(`bench:dashboard — ${machineLine()}`);
  out(`scales ${SCALES.join(', ')} interactions; ${CONTACTS} contacts; ${CALLS} calls a side`);
  const bench = await openBenchDatabase('cartera_bench_dashboard', 10);
  const { handle, client } = bench;
  const db = handle.db;

  const started = performance.now();
  const tenant = await createTenant(db, { name: 'Bench', displayName: 'Bench', country: 'uy' });
  const groups: Group[] = [];
  for (let index = 0; index < GROUPS; index += 1) {
    groups.push(await createGroup(db, tenant, { name: `Equipo ${index + 1}` }));
  }
  const sellers: User[] = [];
  for (let index = 0; index < SELLERS; index += 1) {
    sellers.push(
      await createUser(db, groups[index % GROUPS]!, {
        email: `vendedor${index}@bench.test`,
        role: 'user',
      }),
    );
  }
  const supervisor = await createUser(db, groups[0]!, {
    email: 'supervisor@bench.test',
    role: 'super',
  });
  await client.query(
    `insert into contacts (tenant_id, id, first_name, agent_id, first_agent_id, created_at)
     select $1::uuid, gen_random_uuid(), 'Contacto ' || n, agents[1 + n % array_length(agents, 1)],
       agents[1 + n % array_length(agents, 1)], now() - (n % 365) * interval '1 day'
     from generate_series(0, $2::int - 1) as n, (select $3::uuid[] as agents) as list`,
    [tenant.id, CONTACTS, sellers.map((seller) => seller.id)],
  );
  out(
    `fixture: ${GROUPS} groups, ${SELLERS} sellers, ${CONTACTS} contacts (${seconds(started)} s)`,
  );

  const app = await startTestApp(handle, { JOBS_ENABLED: 'false' });
  const token = await tokenFor(handle, supervisor);
  const groupSellers = sellers.filter((seller) => seller.groupId === groups[0]!.id);
  const today = metricsDay(new Date());
  const period = { from: addDays(today, -89), to: today };
  const previous = previousPeriod(period);
  const capturePool = new pg.Pool({ connectionString: bench.url, max: 1 });
  const rawQuery = await captureQuery(capturePool, (each) =>
    findRollups(each, tenant.id, idsOf(groupSellers), previous.from, period.to),
  );
  await capturePool.end();

  let loaded = 0;
  const results: Array<{ scale: number; app: Timing; raw: Timing; rows: number }> = [];
  for (const scale of SCALES) {
    const loadStarted = performance.now();
    await loadInteractions(client, tenant.id, loaded, scale);
    loaded = scale;
    const rebuilt = await rebuildRollups(db, tenant.id);
    await client.query('vacuum analyze');
    out(
      `\n${scale.toLocaleString('en')} interactions: loaded and counted in ${seconds(loadStarted)} s (${rebuilt.rows.toLocaleString('en')} rollup rows)`,
    );

    const call = () => typedCall(app.url, 'goal.dashboard', { period }, { token, method: 'GET' });
    for (let index = 0; index < 20; index += 1) await call();
    const appSamples: number[] = [];
    const rawSamples: number[] = [];
    let rows = 0;
    // Alternating blocks, so a slow moment of the machine falls on both sides.
    for (let block = 0; block < 10; block += 1) {
      for (let index = 0; index < CALLS / 10; index += 1) {
        const at = performance.now();
        const answer = await call();
        appSamples.push(performance.now() - at);
        if (answer.status !== 200) throw new Error(`dashboard answered ${answer.status}`);
      }
      for (let index = 0; index < CALLS / 10; index += 1) {
        const at = performance.now();
        rows = (await client.query(rawQuery.text, rawQuery.params)).rowCount ?? 0;
        rawSamples.push(performance.now() - at);
      }
    }
    const appTiming = summary(appSamples);
    const rawTiming = summary(rawSamples);
    out(line('goal.dashboard (tRPC, HTTP)', appTiming));
    out(line('rollups SQL (raw pg)', rawTiming));
    out(`rollup rows read per dashboard: ${rows} (20 sellers × 180 days at most, per metric)`);
    results.push({ scale, app: appTiming, raw: rawTiming, rows });
  }

  // Live notes through the API, several clients at once, then the recount.
  const notesStarted = performance.now();
  const contacts = (
    await client.query<{ id: string; agent_id: string }>(
      'select id, agent_id from contacts where tenant_id = $1 limit 400',
      [tenant.id],
    )
  ).rows;
  const tokens = new Map<string, string>();
  for (const contact of contacts) {
    if (!tokens.has(contact.agent_id)) {
      tokens.set(
        contact.agent_id,
        await tokenFor(handle, { tenantId: tenant.id, id: contact.agent_id }),
      );
    }
  }
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < NOTES) {
        const contact = contacts[next % contacts.length]!;
        next += 1;
        const answer = await typedCall(
          app.url,
          'interaction.createNote',
          { contactId: contact.id, id: newId(), body: 'Seguimiento' },
          { token: tokens.get(contact.agent_id)!, method: 'POST' },
        );
        if (answer.status !== 200) refused += 1;
      }
    }),
  );
  out(`\n${NOTES} live notes by 8 clients in ${seconds(notesStarted)} s (${refused} refused)`);
  const checkStarted = performance.now();
  const stored = await storedRollups(db, tenant.id);
  const recount = await recountRollups(db, tenant.id);
  for (const [key, value] of recount) if (value === 0) recount.delete(key);
  const differing = [...new Set([...stored.keys(), ...recount.keys()])].filter(
    (key) => stored.get(key) !== recount.get(key),
  );
  out(
    `rollups vs full recount: ${stored.size} rows, ${differing.length} differ (${seconds(checkStarted)} s)`,
  );

  const smallest = results[0]!;
  const largest = results[results.length - 1]!;
  out('\nTargets');
  out(
    `history: p50 at ${largest.scale.toLocaleString('en')} ${ms(largest.app.p50)} vs ${ms(smallest.app.p50)} at ${smallest.scale.toLocaleString('en')}: ×${(largest.app.p50 / smallest.app.p50).toFixed(2)} (≤ 1.5) ${verdict(largest.app.p50 <= 1.5 * smallest.app.p50)}`,
  );
  for (const result of results) {
    const limit = 1.5 * result.raw.p50 + 5;
    out(
      `tRPC vs raw at ${result.scale.toLocaleString('en')}: p50 ${ms(result.app.p50)} ≤ 1.5 × ${ms(result.raw.p50)} + 5 ms = ${ms(limit)} ${verdict(result.app.p50 <= limit)}`,
    );
  }
  out(`rollups equal a recount: ${verdict(differing.length === 0 && refused === 0)}`);

  await app.stop();
  await bench.close();
}

/** Interactions from row `from` to `to` (exclusive), over the last year, of the tenant's contacts. */
async function loadInteractions(client: pg.Client, tenantId: string, from: number, to: number) {
  const step = 1_000_000;
  for (let start = from; start < to; start += step) {
    const end = Math.min(to, start + step);
    await client.query(
      `with numbered as (
         select id, agent_id, row_number() over (order by id) - 1 as n
         from contacts where tenant_id = $1
       ), total as (select count(*) as count from numbered)
       insert into interactions (tenant_id, id, contact_id, type, content, agent_id, via,
         created_by_system, created_at)
       select $1::uuid, gen_random_uuid(), c.id,
         case when g % 20 < 10 then 'note' when g % 20 < 19 then 'channelMessage' else 'archiving' end,
         case
           when g % 20 < 10 then jsonb_build_object('body', 'Seguimiento ' || g)
           when g % 20 < 15 then jsonb_build_object('origin', 'contact', 'message', jsonb_build_object('text', 'Hola'))
           when g % 20 < 19 then jsonb_build_object('origin', 'agent', 'message', jsonb_build_object('text', 'Respuesta'))
           else jsonb_build_object('to', ($4::text[])[1 + g % 4], 'reasonType', case when g % 4 = 0 then 'sale' end)
         end,
         case when g % 20 between 10 and 14 then null else c.agent_id end,
         'web', false,
         now() - ((g * 7919) % (365 * 86400)) * interval '1 second'
       from generate_series($2::bigint, $3::bigint - 1) as g
       cross join total
       join numbered c on c.n = (g * 31) % total.count`,
      [tenantId, start, end, REASONS],
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
