/**
 * `npm run bench:upload`: the goals spreadsheet upload (POST /api/goal/{id}/upload) of a zip
 * bomb (issue #30 S4), beside a normal upload of the template in the same run.
 *
 * Cases, each uploaded BENCH_UPLOADS times by the supervisor of the demo data:
 *   - template: the filled template (two sellers, one week), stored (the baseline);
 *   - bomb, honest headers: the same workbook whose sheet holds a row of 400 MB of cells, about
 *     1 MB deflated, its real size in the zip's headers (refused before inflating);
 *   - bomb, lying headers: the same bomb declaring 24 MB for the sheet (refused once the inflated
 *     sheet passes what it declared);
 *   - then once, in this process and not through the server, exceljs loading an honest bomb as the
 *     route did before the fix: of BENCH_UNGUARDED_MB (40) only, since the 400 MB one takes
 *     about 100 s and 3 GB here.
 *
 * For each: time per upload (p50 and the worst), the peak growth of the heap (JavaScript heap and
 * buffers, sampled every 10 ms, over the value after a full collection before the case) and of
 * the RSS, and the event loop's longest stall. The server runs in this process (startTestApp), so
 * its memory is ours; the RSS seldom shrinks back, hence the cases in this order.
 *
 * Environment:
 *   BENCH_DATABASE_URL  a server to use (a database `cartera_bench_upload` is created there);
 *                       without it a throwaway cluster is started.
 *   BENCH_UPLOADS       uploads per case (20).
 *   BENCH_UNGUARDED_MB  the size of the bomb exceljs loads unguarded (40; 0 skips it).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { seedDemo } from '@cartera/db/seed';
import { addDays, metricsDay, weekStart } from '@cartera/domain/metrics';
import { startTestApp, tokenFor } from '../src/testing/test-app';
import { workbookBomb } from '../src/testing/zip-bomb';
import { machineLine, openBenchDatabase, out, percentile } from './bench-kit';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const UNGUARDED_MB = Number(process.env.BENCH_UNGUARDED_MB ?? 40);
const INFLATED = 400 * 1024 * 1024;
const MB = 1024 * 1024;

const collect = () => (globalThis as { gc?: () => void }).gc?.();

interface Measure {
  times: number[];
  /** Peak growth of the JavaScript heap plus buffers (external), and of the RSS. */
  heapGrowth: number;
  rssGrowth: number;
  longestStall: number;
  statuses: Set<number>;
}

/** Runs `task` `times` times in a row, watching the heap and the event loop meanwhile. */
async function measure(times: number, task: () => Promise<number>): Promise<Measure> {
  collect();
  const used = () => {
    const memory = process.memoryUsage();
    return { heap: memory.heapUsed + memory.external, rss: memory.rss };
  };
  const base = used();
  const peak = { ...base };
  const sample = () => {
    const now = used();
    peak.heap = Math.max(peak.heap, now.heap);
    peak.rss = Math.max(peak.rss, now.rss);
  };
  const sampler = setInterval(sample, 10);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const result: Measure = {
    times: [],
    heapGrowth: 0,
    rssGrowth: 0,
    longestStall: 0,
    statuses: new Set(),
  };
  for (let index = 0; index < times; index += 1) {
    const started = performance.now();
    result.statuses.add(await task());
    result.times.push(performance.now() - started);
    sample();
  }
  loop.disable();
  clearInterval(sampler);
  result.heapGrowth = peak.heap - base.heap;
  result.rssGrowth = peak.rss - base.rss;
  result.longestStall = loop.max / 1e6;
  return result;
}

function line(label: string, result: Measure) {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return (
    `${label.padEnd(32)} p50 ${ms(percentile(result.times, 50)).padStart(10)}` +
    `  worst ${ms(Math.max(...result.times)).padStart(10)}` +
    `  heap +${(result.heapGrowth / MB).toFixed(0).padStart(4)} MB` +
    `  rss +${(result.rssGrowth / MB).toFixed(0).padStart(4)} MB` +
    `  longest stall ${ms(result.longestStall).padStart(10)}` +
    `  status ${[...result.statuses].join(',')}  (n=${result.times.length})`
  );
}

async function main() {
  out(`bench:upload — ${machineLine()}`);
  if (!(globalThis as { gc?: unknown }).gc) out('(no --expose-gc: heap growth is rougher)');
  const bench = await openBenchDatabase('cartera_bench_upload', 4);
  const demo = await seedDemo(bench.handle.db);
  const app = await startTestApp(bench.handle, { JOBS_ENABLED: 'false' });
  const supervisor = demo.users['supervisor@demo.test']!;
  const token = await tokenFor(bench.handle, supervisor);
  const headers = { authorization: `Bearer ${token}` };

  const start = addDays(weekStart(metricsDay(new Date())), 7);
  const response = await fetch(`${app.url}/api/goal/template?start=${start}`, { headers });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  for (let row = 2; row <= sheet.rowCount; row += 1) sheet.getRow(row).getCell(7).value = 10;
  const template = Buffer.from(await workbook.xlsx.writeBuffer());
  const honest = await workbookBomb(template, INFLATED, 'honest');
  const lying = await workbookBomb(template, INFLATED, 24 * MB);
  out(
    `files: template ${(template.length / 1024).toFixed(0)} KB; bomb ` +
      `${(honest.file.length / MB).toFixed(2)} MB holding ${(honest.sheetBytes / MB).toFixed(0)} MB`,
  );

  const upload = async (file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'objetivos.xlsx');
    const answer = await fetch(`${app.url}/api/goal/${demo.north.id}/upload`, {
      method: 'POST',
      headers,
      body: form,
    });
    await answer.arrayBuffer();
    return answer.status;
  };

  await upload(template); // warm-up
  out(line('template (baseline)', await measure(UPLOADS, () => upload(template))));
  out(line('bomb, honest headers', await measure(UPLOADS, () => upload(honest.file))));
  out(line('bomb, lying headers (24 MB)', await measure(UPLOADS, () => upload(lying.file))));
  if (UNGUARDED_MB > 0) {
    const small = await workbookBomb(template, UNGUARDED_MB * MB, 'honest');
    // exceljs inflates and parses the whole sheet, then fails on its cells (they have no
    // address): the cost is paid before the failure, as it was by the route.
    const unguarded = await measure(1, async () => {
      const loaded = new ExcelJS.Workbook();
      return loaded.xlsx.load(small.file as unknown as ArrayBuffer).then(
        () => 200,
        () => 400,
      );
    });
    out(line(`unguarded exceljs, ${UNGUARDED_MB} MB bomb`, unguarded));
  }

  await app.stop();
  await bench.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
