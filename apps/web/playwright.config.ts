import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real production build: the bundled server (apps/server/dist) serving
 * the built web app (apps/web/dist) with a fresh embedded database seeded with demo data.
 * Build both first: `npm run build -w @cartera/server && npm run build -w @cartera/web`.
 *
 * Playwright never downloads a browser here: it drives the system Chromium (CHROMIUM_PATH).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The fake of Google Places (New) the server's real adapter talks to (address search). */
const placesPort = Number(process.env.FAKE_PLACES_PORT ?? 3199);
const placesURL = `http://127.0.0.1:${placesPort}`;
const FAKE_PLACES_API_KEY = 'e2e-key';

/**
 * A fresh, empty data folder per run (embedded database and stored files). Playwright loads this
 * file again in every worker; they inherit the folder through the environment instead of making
 * their own, and the process that made it deletes it on exit, after the server has stopped.
 */
function runDataDir(): string {
  const inherited = process.env.CARTERA_E2E_DATA_DIR;
  if (inherited) return inherited;
  const created = mkdtempSync(join(tmpdir(), 'cartera-e2e-'));
  process.env.CARTERA_E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
  return created;
}

const dataDir = runDataDir();

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'es-UY',
    timezoneId: 'America/Montevideo',
    trace: 'retain-on-failure',
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
    {
      command: 'node ../server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        CARTERA_DATA_DIR: dataDir,
        CARTERA_SEED_DEMO: 'true',
        // Always the embedded database, even when the shell running the tests points at a
        // PostgreSQL server.
        DATABASE_URL: '',
        PUBLIC_URL: baseURL,
        GOOGLE_PLACES_API_KEY: FAKE_PLACES_API_KEY,
        GOOGLE_PLACES_BASE_URL: placesURL,
      },
    },
  ],
});
