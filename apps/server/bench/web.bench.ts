import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { machineLine, out, verdict, withDatabase } from './bench-kit';

/**
 * bench:web (issue #35 item 2): the first load on a phone's mobile data. Drives Chromium against
 * the built app (apps/server/dist serving apps/web/dist, built beforehand with `npm run build`)
 * with demo data, each page once on the unthrottled loopback and once through Chrome's network
 * emulation (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip), in the same run, and prints the
 * times and transferred kilobytes beside the targets. See docs/performance.md.
 */

const SERVER_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const WEB_INDEX = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));
const PASSWORD = 'Demo1234';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Chrome DevTools' network conditions of a phone on slow mobile data. */
const PHONE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};

interface Measure {
  ms: number;
  kb: number;
  /** API calls made (tRPC batches split into procedures) and when, ms after the span began. */
  calls: { name: string; at: number }[];
}

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port on 127.0.0.1');
  return address.port;
}

/** The built server with demo data on a database of its own (TEST_DATABASE_URL's) or embedded. */
async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cartera-bench-web-'));
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const name = `cartera_bench_web_${process.pid}`;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const child = spawn(process.execPath, [SERVER_MAIN], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CARTERA_DATA_DIR: dataDir,
      CARTERA_SEED_DEMO: 'true',
      DATABASE_URL: serverUrl ? withDatabase(serverUrl, name) : '',
      PUBLIC_URL: url,
    },
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in 180 s:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      process.off('exit', killOnExit);
      rmSync(dataDir, { recursive: true, force: true });
      if (serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
  };
}

/** Counts the bytes that came over the network (compressed, with headers) and the API calls. */
async function watchNetwork(context: BrowserContext, page: Page, throttled: boolean) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  if (throttled) await cdp.send('Network.emulateNetworkConditions', PHONE);
  let bytes = 0;
  let calls: Measure['calls'] = [];
  let start = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  cdp.on('Network.requestWillBeSent', (event) => {
    const path = new URL(event.request.url).pathname;
    const at = performance.now() - start;
    const names = path.startsWith('/api/trpc/')
      ? path.slice('/api/trpc/'.length).split(',')
      : path.startsWith('/api/')
        ? [path]
        : [];
    for (const name of names) calls.push({ name, at });
  });
  return {
    begin() {
      bytes = 0;
      calls = [];
      start = performance.now();
    },
    end(): Measure {
      return { ms: performance.now() - start, kb: bytes / 1024, calls };
    },
  };
}

const TIMEOUT = 60_000;

async function loginPageUsable(page: Page) {
  await page.getByLabel(es.auth.email).waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.getByLabel(es.auth.password).waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.getByRole('button', { name: es.auth.submit }).waitFor({ timeout: TIMEOUT });
}

async function conversationsUsable(page: Page) {
  const title = es.conversation.inbox.conversationsTitle;
  await page.getByRole('heading', { name: title }).waitFor({ timeout: TIMEOUT });
  await page
    .getByRole('list', { name: title })
    .getByRole('listitem')
    .first()
    .waitFor({ timeout: TIMEOUT });
}

async function performanceUsable(page: Page) {
  const dashboard = page.getByTestId('performance-dashboard');
  await dashboard.getByTestId('kpi-value').first().waitFor({ timeout: TIMEOUT });
  await dashboard
    .getByTestId('ranking')
    .getByText('Valentín Vendedor')
    .first()
    .waitFor({ timeout: TIMEOUT });
}

interface Journey {
  login: Measure;
  /** After the login page is usable, while the user types (the app's prefetch). */
  typing: Measure;
  after: Measure;
}

/** A cold browser (no cache, no cookies): the login page, then signing in to `returnUrl`. */
async function journey(
  browser: Browser,
  baseURL: string,
  throttled: boolean,
  email: string,
  returnUrl: string,
  usable: (page: Page) => Promise<void>,
): Promise<Journey> {
  const context = await browser.newContext({
    baseURL,
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    viewport: { width: 1366, height: 768 },
  });
  try {
    const page = await context.newPage();
    const network = await watchNetwork(context, page, throttled);
    network.begin();
    await page.goto(`/login?returnurl=${encodeURIComponent(returnUrl)}`, { timeout: TIMEOUT });
    await loginPageUsable(page);
    const login = network.end();
    // A person takes seconds to type an e-mail and a password: what the login page downloads
    // meanwhile for the app behind it (features/auth/prefetch-app.ts) is over before the click.
    network.begin();
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    const typing = network.end();
    await page.getByLabel(es.auth.email).fill(email);
    await page.getByLabel(es.auth.password).fill(PASSWORD);
    network.begin();
    await page.getByRole('button', { name: es.auth.submit }).click();
    await usable(page);
    return { login, typing, after: network.end() };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

function medianMeasure(measures: Measure[]): Measure {
  const byTime = [...measures].sort((a, b) => a.ms - b.ms);
  const middle = byTime[Math.floor((byTime.length - 1) / 2)]!;
  return { ms: middle.ms, kb: median(measures.map((m) => m.kb)), calls: middle.calls };
}

/** Each call with the second it was sent after the click; a batch's procedures share one. */
function callsLine(calls: Measure['calls']) {
  return calls.map((call) => `${call.name} ${(call.at / 1000).toFixed(2)}`).join(', ');
}

async function main() {
  if (!existsSync(SERVER_MAIN) || !existsSync(WEB_INDEX)) {
    out('bench:web measures the built app and builds nothing: run `npm run build` first.');
    out(`(missing ${existsSync(SERVER_MAIN) ? 'apps/web/dist' : 'apps/server/dist'})`);
    process.exit(1);
  }
  if (!readdirSync(join(WEB_INDEX, '..', 'assets')).some((file) => file.endsWith('.js.br'))) {
    out('apps/web/dist has no precompressed copies (.br): rebuild it with `npm run build`.');
  }
  out(
    `bench:web — ${machineLine()}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  out(`phone link: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT; median of ${RUNS} cold runs`);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const cases = [
      {
        page: "seller's 'Conversaciones'",
        email: 'vendedor@demo.test',
        returnUrl: '/contact',
        usable: conversationsUsable,
        budget: 3_000,
      },
      {
        page: "supervisor's 'Rendimiento'",
        email: 'supervisor@demo.test',
        returnUrl: '/',
        usable: performanceUsable,
        budget: 4_000,
      },
    ];
    const results: { name: string; loop: Measure; phone: Measure; budget: number }[] = [];
    const logins: Record<'loop' | 'phone', Measure[]> = { loop: [], phone: [] };
    const typings: Record<'loop' | 'phone', Measure[]> = { loop: [], phone: [] };
    for (const item of cases) {
      const runs: Record<'loop' | 'phone', Measure[]> = { loop: [], phone: [] };
      for (let run = 0; run < RUNS; run += 1) {
        for (const link of ['loop', 'phone'] as const) {
          const result = await journey(
            browser,
            server.url,
            link === 'phone',
            item.email,
            item.returnUrl,
            item.usable,
          );
          logins[link].push(result.login);
          typings[link].push(result.typing);
          runs[link].push(result.after);
        }
      }
      results.push({
        name: `login → ${item.page} usable`,
        loop: medianMeasure(runs.loop),
        phone: medianMeasure(runs.phone),
        budget: item.budget,
      });
    }
    results.unshift({
      name: 'login page usable',
      loop: medianMeasure(logins.loop),
      phone: medianMeasure(logins.phone),
      budget: 3_000,
    });

    out();
    out(
      `${'page'.padEnd(46)} ${'loopback'.padStart(9)} ${'phone'.padStart(9)} ${'target'.padStart(8)} ${'KB'.padStart(7)}  verdict`,
    );
    for (const row of results) {
      out(
        `${row.name.padEnd(46)} ${`${(row.loop.ms / 1000).toFixed(2)} s`.padStart(9)} ${`${(row.phone.ms / 1000).toFixed(2)} s`.padStart(9)} ${`≤ ${row.budget / 1000} s`.padStart(8)} ${row.phone.kb.toFixed(0).padStart(7)}  ${verdict(row.phone.ms <= row.budget)}`,
      );
    }
    out();
    const loginKb = results[0]!.phone.kb;
    const sellerKb = results[1]!.phone.kb;
    out(`login page transfer ${loginKb.toFixed(0)} KB (≤ 200 KB): ${verdict(loginKb <= 200)}`);
    const typing = medianMeasure(typings.phone);
    out(
      `then, while the user types, the app's frame: ${typing.kb.toFixed(0)} KB in ${(typing.ms / 1000).toFixed(2)} s on the phone link`,
    );
    out(
      `seller's first screen after login ${sellerKb.toFixed(0)} KB (≤ 350 KB): ${verdict(sellerKb <= 350)}`,
    );
    out();
    out('API calls after login (median phone run; s after the click):');
    for (const row of results.slice(1)) out(`  ${row.name}: ${callsLine(row.phone.calls)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
  out(
    `load afterwards ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
