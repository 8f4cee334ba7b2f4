import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real production build: the bundled server (apps/server/dist) serving
 * the built web app (apps/web/dist) with a fresh database seeded with demo data: one of its own on
 * the PostgreSQL server of TEST_DATABASE_URL when that is set (as in `npm test` and CI), else the
 * embedded one.
 * Build both first: `npm run build -w @cartera/server && npm run build -w @cartera/web`.
 *
 * Tests change the demo data, so no two workers share a server: each worker starts its own on a
 * free port with its own data folder (the worker fixture `appServer` in e2e/fixtures.ts, which
 * also points `baseURL` at it) and stops it and deletes the folder when the worker ends. Test
 * files are spread over the workers (2 by default, E2E_WORKERS to change it); the tests of one
 * file run in order on one worker. Only the fake of Google Places is started here, once: it keeps
 * no state the tests can see. The fakes of the WhatsApp Cloud API, of Nylas v3 and of the AI
 * drafts' chat-completions endpoint, whose state tests read and script, are started per worker
 * with its server on a free port (the worker fixtures `whatsappCloud`, `nylas` and `aiModel`).
 *
 * Playwright never downloads a browser here: it drives the system Chromium (CHROMIUM_PATH).
 */
/** The fake of Google Places (New) the servers' real adapter talks to (address search). */
const placesPort = Number(process.env.FAKE_PLACES_PORT ?? 3199);
export const placesURL = `http://127.0.0.1:${placesPort}`;
export const FAKE_PLACES_API_KEY = 'e2e-key';

const workers = Number(process.env.E2E_WORKERS || 2);
if (!Number.isInteger(workers) || workers < 1) {
  throw new Error(`E2E_WORKERS must be a whole number from 1 up, not ${process.env.E2E_WORKERS}`);
}

/** The trace mode of E2E_TRACE (off when unset); screencasts are never recorded. */
function traceMode(value: string | undefined) {
  const modes = ['off', 'on', 'retain-on-failure', 'on-first-retry'] as const;
  const mode = modes.find((each) => each === (value || 'off'));
  if (!mode) throw new Error(`E2E_TRACE must be one of ${modes.join(', ')}, not ${value}`);
  return { mode, screenshots: false };
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    // No trace unless asked for (E2E_TRACE=retain-on-failure, say): recording one costs about a
    // sixth of the suite's time on two cores (143 s against 171 s for three files), and CI keeps
    // only the run's output. A failed test still gets its screenshot, call log and server output.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
            // Voice notes (issue #13): a fake microphone, granted without asking.
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx ../server/src/testing/fake-google-places-main.ts',
      url: `${placesURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_PLACES_PORT: String(placesPort), FAKE_PLACES_API_KEY },
    },
  ],
});
