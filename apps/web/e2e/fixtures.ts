import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dayjs, { type Dayjs } from 'dayjs';
import pg from 'pg';
import { newId } from '@cartera/domain/ids';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { FAKE_PLACES_API_KEY, placesURL } from '../playwright.config';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../server/src/providers/whatsapp-cloud/whatsapp-cloud.fake';
import { startFakeNylas, type FakeNylas } from '../../server/src/testing/fake-nylas';
import { startFakeMeetings, type FakeMeetings } from '../../server/src/testing/fake-meetings';
import { startFakeAi, type FakeAi } from '../../server/src/testing/fake-ai';

/** The bundled server (`npm run build -w @cartera/server`). */
const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));
/** How long a server may take to answer /api/health (migrations and the demo seed). */
const SERVER_START_TIMEOUT = 120_000;
/** How long a server may take to stop before it is killed (it forces its own exit at 20 s). */
const SERVER_STOP_TIMEOUT = 25_000;
/** The end of the server's output kept for failures. */
const SERVER_LOG_LIMIT = 200_000;
/** How much of it a failed test prints (the rest is in its attachment). */
const SERVER_OUTPUT_PRINTED = 6_000;

/** The access token of the WhatsApp Cloud API fake: a channel configured with it may send. */
export const WHATSAPP_ACCESS_TOKEN = 'e2e-whatsapp-access-token';

/** One worker's own server: its address and everything it has written so far. */
interface AppServer {
  url: string;
  /** stdout and stderr interleaved, the last SERVER_LOG_LIMIT characters. */
  log(): string;
  /** Characters written since the start (to cut the part written during one test). */
  written(): number;
  /** Why the server is no longer running, when it stopped by itself. */
  exited(): string | undefined;
}

/** A port on 127.0.0.1 that nothing listens on now. */
async function freePort(): Promise<number> {
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

/**
 * A new, empty database for one worker's server on the PostgreSQL server of TEST_DATABASE_URL
 * (what `npm test` and CI use for the server tests too), or undefined without one: the server
 * then uses its embedded database. On PostgreSQL the database work runs in PostgreSQL's own
 * processes instead of the server's event loop, which is most of what a test waits for.
 */
async function createWorkerDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `cartera_e2e_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts the built server on a free port with a fresh, empty data folder (stored files, and the
 * embedded database unless PostgreSQL is given) seeded with the demo data, and waits until
 * /api/health answers. The output is kept, not printed: a failed test gets it as an attachment,
 * a failed start in its error.
 */
async function startAppServer(
  extraEnv: Record<string, string>,
): Promise<AppServer & { stop(): Promise<void> }> {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run \`npm run build -w @cartera/server\` first.`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cartera-e2e-'));
  const database = await createWorkerDatabase();
  const child = spawn(process.execPath, [SERVER_MAIN], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CARTERA_DATA_DIR: dataDir,
      CARTERA_SEED_DEMO: 'true',
      // The worker's own database on the PostgreSQL server of TEST_DATABASE_URL, else the
      // embedded one in the data folder.
      DATABASE_URL: database?.url ?? '',
      // The origin guard accepts only this origin: the worker's own.
      PUBLIC_URL: url,
      GOOGLE_PLACES_API_KEY: FAKE_PLACES_API_KEY,
      GOOGLE_PLACES_BASE_URL: placesURL,
      ...extraEnv,
    },
  });

  let log = '';
  let written = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    written += text.length;
    log = (log + text).slice(-SERVER_LOG_LIMIT);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitReason = `the server exited (${signal ?? `code ${code}`})`;
      resolve();
    });
    child.once('error', (error) => {
      exitReason = `the server could not be started: ${error.message}`;
      resolve();
    });
  });
  // A worker that ends without its teardown (an uncaught error) still takes its server along.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    if (!exitReason) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), SERVER_STOP_TIMEOUT);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  const deadline = Date.now() + SERVER_START_TIMEOUT;
  let healthy = false;
  let lastProblem = 'no answer yet';
  while (!healthy && !exitReason && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      healthy = response.ok;
      lastProblem = `/api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    // Asks again a moment later, or stops asking as soon as the server exits.
    if (!healthy) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  if (!healthy) {
    const reason =
      exitReason ?? `no healthy answer within ${SERVER_START_TIMEOUT / 1000} s (${lastProblem})`;
    await stop();
    throw new Error(
      `The server for ${url} did not start: ${reason}. Its output:\n${log || '(none)'}`,
    );
  }

  return {
    url,
    log: () => log,
    written: () => written,
    exited: () => exitReason,
    stop,
  };
}

/** Opens another user's window (a browser context of its own) signed in as `email`. */
export type SignedInPage = (email: string, password?: string) => Promise<Page>;

/**
 * Each worker runs its own server with its own database: tests change the demo data,
 * so two workers never share one. `baseURL` points `page`, `request`, `page.request` and every
 * context a test opens at the worker's server. A failed test gets the server output written
 * during it (all of it and the reason, if the server has stopped) as the attachment
 * 'server-output', when there is any.
 *
 * Every test also collects what the browser reports as broken: console errors (a CSP violation
 * is one) and uncaught page errors. Tests assert the list is empty, or `unexpectedErrors(...)`
 * when the test itself provokes an error answer from the server (a wrong password, say).
 */
export const test = base.extend<
  {
    browserErrors: string[];
    serverOutputOnFailure: void;
    signedInPage: SignedInPage;
  },
  {
    appServer: AppServer;
    whatsappCloud: WhatsappCloudFake;
    nylas: FakeNylas;
    aiModel: FakeAi;
    meetings: FakeMeetings;
  }
>({
  // The worker's own fake of the WhatsApp Cloud (Graph) API on 127.0.0.1: its server sends there
  // (META_GRAPH_BASE_URL), and tests play the customer and Meta's receipts through it.
  whatsappCloud: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it.
    async ({}, use) => {
      const fake = await startWhatsappCloudFake({ accessToken: WHATSAPP_ACCESS_TOKEN });
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  // The worker's own fake of Nylas v3 on 127.0.0.1: its server has Nylas configured against it
  // (NYLAS_*), so 'Correo personal' offers 'Conectar con Google' and 'Conectar con Microsoft',
  // whose hosted authentication the fake plays (the browser goes there and back to /settings).
  nylas: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it.
    async ({}, use) => {
      const fake = await startFakeNylas();
      await use(fake);
      await fake.stop();
    },
    { scope: 'worker' },
  ],
  // The worker's own fake of the AI drafts' chat-completions endpoint (issue #44 item 3): its
  // server drafts replies there (AI_BASE_URL); tests read what it received and make it fail.
  aiModel: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it.
    async ({}, use) => {
      const fake = await startFakeAi({ apiKey: 'e2e-ai-key' });
      await use(fake);
      await fake.stop();
    },
    { scope: 'worker' },
  ],
  // The worker's own fake of Google's OAuth and Calendar API and of Zoom's (issue #40): its
  // server makes Meet and Zoom links there (GOOGLE_*, ZOOM_*).
  meetings: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it.
    async ({}, use) => {
      const fake = await startFakeMeetings();
      await use(fake);
      await fake.close();
    },
    { scope: 'worker' },
  ],
  appServer: [
    async ({ whatsappCloud, nylas, aiModel, meetings }, use) => {
      const server = await startAppServer({
        META_GRAPH_BASE_URL: `${whatsappCloud.url}/v22.0`,
        // Nylas sends the user back to PUBLIC_URL/settings (NYLAS_REDIRECT_URI's default).
        NYLAS_API_KEY: nylas.apiKey,
        NYLAS_CLIENT_ID: nylas.clientId,
        NYLAS_API_URI: nylas.url,
        NYLAS_WEBHOOK_SECRET: nylas.webhookSecret,
        AI_BASE_URL: aiModel.url,
        AI_API_KEY: aiModel.apiKey,
        AI_MODEL: 'e2e-model',
        GOOGLE_CLIENT_ID: meetings.google.clientId,
        GOOGLE_CLIENT_SECRET: meetings.google.clientSecret,
        GOOGLE_OAUTH_BASE_URL: meetings.url,
        GOOGLE_TOKEN_URL: `${meetings.url}/token`,
        GOOGLE_CALENDAR_BASE_URL: meetings.url,
        ZOOM_OAUTH_BASE_URL: meetings.url,
        ZOOM_API_BASE_URL: meetings.url,
        // The side menu's 'Soporte' (issue #44 item 4).
        SUPPORT_URL: 'mailto:soporte@cartera.test',
        // The provider fakes listen on 127.0.0.1, which the outbound guard refuses otherwise.
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        // A customer's file the fake did not give is tried again within seconds, 4 tries in all.
        MEDIA_FETCH_RETRY_SECONDS: '1,1,1',
        MEDIA_FETCH_ATTEMPTS: '4',
        // The tests' seam for time: POST /api/test/clock moves the server ahead (scheduled work).
        TEST_CLOCK: 'true',
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: SERVER_START_TIMEOUT + SERVER_STOP_TIMEOUT + 10_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  serverOutputOnFailure: [
    async ({ appServer }, use, testInfo) => {
      const from = appServer.written();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const exited = appServer.exited();
      // What it wrote during the test; all that is kept when it has stopped (maybe before).
      const writtenSince = exited ? Infinity : appServer.written() - from;
      const output = writtenSince > 0 ? appServer.log().slice(-writtenSince) : '';
      const body = [output.trim(), exited ?? ''].filter(Boolean).join('\n\n');
      if (!body) return;
      await testInfo.attach('server-output', { body, contentType: 'text/plain' });
      // CI keeps only the run's output, not the attachments: the end of it goes there too.
      process.stderr.write(
        `\n--- server output during "${testInfo.title}" (the last ${SERVER_OUTPUT_PRINTED} characters) ---\n` +
          `${body.slice(-SERVER_OUTPUT_PRINTED)}\n--- end of server output ---\n`,
      );
    },
    { auto: true },
  ],
  browserErrors: async ({ page }, use, testInfo) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    await use(errors);
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    // CI keeps only the end of its output, where a failure's text attachments are printed (300
    // characters each): where the page was, what it alerted, and what the browser reported.
    const alerts = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => []);
    const state = [`url: ${page.url()}`, ...alerts.map((text) => `alert: ${text}`), ...errors];
    await testInfo.attach('page-state', { body: state.join('\n'), contentType: 'text/plain' });
  },
  // Another user beside `page`: a window of its own (its own cookies) signed in as `email`.
  // Every window it opened is closed after the test.
  signedInPage: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email, password) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const other = await context.newPage();
      await signIn(other, email, password);
      return other;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };

/** The errors left once the browser's own notes about the given HTTP statuses are removed. */
export function unexpectedErrors(errors: string[], allowedStatuses: number[]): string[] {
  return errors.filter(
    (error) =>
      !allowedStatuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );
}

/** Password of every demo user (apps/server seed). */
export const DEMO_PASSWORD = 'Demo1234';

/** Signs the page's browser context in through the REST login (no form, no screen). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.ok(), `login ${email}: ${response.status()}`).toBe(true);
}

/** The signed-in shell is on screen for the given user (its user menu names them). */
export async function expectShellFor(page: Page, fullName: string) {
  await expect(
    page.getByRole('button', { name: `${es.shell.userMenu}: ${fullName}`, exact: true }),
  ).toBeAttached();
}

type MeUser = Record<string, unknown>;

/**
 * Rewrites the user in every `auth.me` answer with `patch()` (when it returns something), to
 * show screens the demo data does not reach on its own (a presentation not yet seen, say).
 */
export async function patchMe(page: Page, patch: () => MeUser | undefined) {
  await page.route(/\/api\/trpc\/auth\.me\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Array<{
      result?: { data?: { json?: { user?: MeUser } } };
    }>;
    const data = body[0]?.result?.data?.json;
    const changes = patch();
    if (data?.user && changes) data.user = { ...data.user, ...changes };
    await route.fulfill({ response, json: body });
  });
}

/** The next call of a procedure answers a server error (the one after it goes through). */
export async function failOnce(page: Page, path: string) {
  await page.route(
    `**/api/trpc/${path}?*`,
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { json: { message: 'Error', code: -32603, data: { httpStatus: 500 } } } },
        ]),
      }),
    { times: 1 },
  );
}

/** Waits for running CSS transitions and animations (menus, dialogs) to end: before a screenshot. */
export async function settle(page: Page) {
  // Two frames first: what repositions itself on the next frame (a menu's floating dropdown after
  // a resize) has moved before anything is measured. An animation cancelled meanwhile (an element
  // removed, a state changed) is settled too. One that never ends (a loader's spin) is not waited
  // for: its promise would never resolve.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Moves the worker's server clock ahead (the tests' seam for time, TEST_CLOCK): the jobs due by
 * then start at once. The server's clock never goes back: later tests see it ahead too.
 */
export async function advanceServerClock(page: Page, ms: number) {
  const response = await page.request.post('/api/test/clock', { data: { advanceMs: ms } });
  expect(response.status(), 'POST /api/test/clock').toBe(200);
}

/**
 * Switches one of the demo company's feature flags as its administrator (null: back to unset),
 * leaving `page` signed in as the administrator.
 */
export async function companyFlag(page: Page, flag: string, value: 1 | null) {
  await signIn(page, 'admin@demo.test');
  const me = await trpcQuery<{ tenant: { id: string } }>(page, 'auth.me', undefined);
  await trpcMutation(page, 'admin.setFlag', { groupId: me.tenant.id, flag, value });
}

/** Switches the company's 'Correo personal' flag as its administrator (null: back to unset). */
export function personalEmailFlag(page: Page, value: 1 | null) {
  return companyFlag(page, 'personalEmail', value);
}

/** A tRPC query over HTTP with the page's session (superjson envelope), for test setup. */
export async function trpcQuery<T = unknown>(page: Page, path: string, input: unknown): Promise<T> {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const response = await page.request.get(`/api/trpc/${path}?input=${query}`);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** A tRPC mutation over HTTP with the page's session, for test setup and clean-up. */
export async function trpcMutation<T = unknown>(
  page: Page,
  path: string,
  input: unknown,
): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: { json: input } });
  // A refusal names its code and input, so a failed set-up says why.
  expect(
    response.ok(),
    `${path}: ${response.status()} ${response.ok() ? '' : await response.text()} for ${JSON.stringify(input)}`,
  ).toBe(true);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/**
 * The demo's sandbox WhatsApp channel ('Canal de prueba') as the signed-in comercial reads it:
 * its customer page's address and the key of its customer API (`/api/sandbox/whatsapp/<key>`).
 */
export async function demoSandbox(page: Page) {
  const channels = await trpcQuery<Array<{ name: string; sandboxUrl: string | null }>>(
    page,
    'channel.list',
    undefined,
  );
  const sandboxUrl = channels.find(
    (each) => each.name === es.channels.sandbox.channelName && each.sandboxUrl,
  )?.sandboxUrl;
  expect(sandboxUrl, 'the demo sandbox channel').toBeTruthy();
  return { sandboxUrl: sandboxUrl!, key: sandboxUrl!.split('/').at(-1)! };
}

/**
 * A contact made through the API as the signed-in user (test setup), with a unique last name and
 * mobile unless given; its id and full name.
 */
export async function createTestContact(
  page: Page,
  firstName: string,
  options: { lastName?: string; phones?: string[]; statusTag?: string } = {},
): Promise<{ id: string; name: string }> {
  const lastName = options.lastName ?? uniqueLetters();
  const phones = options.phones ?? [uniqueMobile()];
  const { id } = await trpcMutation<{ id: string }>(page, 'contact.create', {
    firstName,
    lastName,
    phones: phones.map((phone) => ({ phone, extensionNumber: '' })),
    statusTag: options.statusTag,
  });
  return { id, name: `${firstName} ${lastName}` };
}

let uniqueCounter = 0;

/** Lower-case letters unique to this run and call: a name that searches find nowhere else. */
export function uniqueLetters(): string {
  uniqueCounter += 1;
  return (Date.now() * 100 + uniqueCounter)
    .toString(26)
    .split('')
    .map((digit) => String.fromCharCode(97 + parseInt(digit, 26)))
    .join('')
    .slice(-7);
}

/** A valid Uruguayan mobile (09[1-9] + 6 digits) unique to this run and call. */
export function uniqueMobile(): string {
  uniqueCounter += 1;
  const stamp = (Date.now() * 3 + uniqueCounter * 7919 + 4_321) % 9_000_000;
  const digits = String(stamp).padStart(7, '0');
  return `09${1 + (Number(digits[0]) % 9)}${digits.slice(1)}`;
}

/**
 * Puts the open conversation's composer in note mode and returns its text box. With channels
 * configured (the demo has its 'Canal de prueba') the composer starts in a channel's mode.
 */
export async function noteComposer(page: Page) {
  await page.getByRole('tab', { name: es.conversation.composer.note }).click();
  return page.getByRole('textbox', { name: es.conversation.composer.note, exact: true });
}

/** A UUIDv7 as the app makes for a timeline item (the one generator of packages/domain). */
export function clientId(): string {
  return newId();
}

/**
 * Today in the browser's time zone (America/Montevideo, playwright.config.ts), at noon: the
 * test process runs in UTC, whose date is another for three hours a day.
 */
export async function browserToday(page: Page): Promise<Dayjs> {
  const [year, month, day] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth(), now.getDate()] as const;
  });
  return dayjs(new Date(year, month, day, 12));
}

/**
 * A new seller of the demo company's root group, made by the admin on `page`, signed in on a
 * page of their own (password changed as the first sign-in asks): tests whose unread counts or
 * notices must not reach other tests' users. `viewport` sizes the seller's window.
 */
export async function newSellerPage(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  who: {
    name: string;
    lastname: string;
    viewport?: { width: number; height: number };
    /** Roles other than a seller's (issue #43: a comercial who is also a supervisor). */
    roles?: string[];
  },
): Promise<Page> {
  await signIn(page, 'admin@demo.test');
  const [root] = await trpcQuery<Array<{ id: string }>>(page, 'admin.groups', {});
  const email = `${uniqueLetters()}.${uniqueLetters()}@demo.test`;
  const created = await trpcMutation<{ id: string }>(page, 'admin.createUser', {
    name: who.name,
    lastname: who.lastname,
    email,
    roles: who.roles ?? ['user'],
    groupId: root!.id,
    password: 'Inicial1',
  });
  const context = await browser.newContext({ baseURL, viewport: who.viewport });
  const seller = await context.newPage();
  await signIn(seller, email, 'Inicial1');
  await trpcMutation(seller, 'auth.changePassword', {
    currentPassword: 'Inicial1',
    newPassword: 'Propia123',
    repeatPassword: 'Propia123',
  });
  madeSellers.push(created.id);
  return seller;
}

const madeSellers: string[] = [];

/**
 * Signs in as a shared demo user and closes every notice they have not closed, so a notice a
 * test caused (a contact transferred to them, a comment on their request) does not sit over
 * later tests' screens (issue #41's system notices).
 */
export async function closeNoticesOf(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
  const notices = await trpcQuery<Array<{ id: string; closedAt: string | null }>>(
    page,
    'notification.list',
    {},
  );
  for (const notice of notices.filter((each) => !each.closedAt)) {
    await trpcMutation(page, 'notification.track', { id: notice.id, action: 'closed' });
  }
}

/**
 * Deactivates the sellers `newSellerPage` made (each test's `afterEach`), so the demo company's
 * rosters, rankings and counts that later tests read are the demo's again.
 */
export async function retireNewSellers(page: Page) {
  if (madeSellers.length === 0) return;
  await signIn(page, 'admin@demo.test');
  for (const id of madeSellers.splice(0)) {
    await trpcMutation(page, 'admin.setUserActive', { id, active: false });
  }
}
