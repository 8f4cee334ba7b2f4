import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { DatabaseHandle } from '@cartera/db/client';
import { buildApp, type App } from '../app';
import { loadEnv } from '../env';
import { createSession } from '../modules/sessions/session.service';

export interface TestApp extends App {
  /** http://127.0.0.1:PORT of the listening instance. */
  url: string;
  /** Stops the instance and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * Starts a real server instance on 127.0.0.1 with a random port, on the given database (the
 * test file's own, from createTestDatabase). Jobs run, the web app is not served.
 */
export async function startTestApp(
  database: DatabaseHandle,
  overrides: Record<string, string> = {},
  /** Runs before the instance listens, e.g. to add a route only a test needs. */
  configure?: (app: App) => void,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cartera-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    CARTERA_DATA_DIR: dataDir,
    CARTERA_SEED_DEMO: 'false',
    SESSION_SECRET: 'test-secret-not-for-production',
    ...overrides,
  });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), serveWeb: false });
  configure?.(app);
  const address = await app.listen();
  const url = address.replace('[::1]', '127.0.0.1');
  // Signed links must point at the port the instance actually got.
  Object.assign(env, { publicUrl: url });
  return {
    ...app,
    url,
    async stop() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bearer token for a user, as login would give (login itself arrives with identity). */
export async function tokenFor(
  database: DatabaseHandle,
  user: { tenantId: string; id: string },
): Promise<string> {
  const { token } = await createSession(database.db, { tenantId: user.tenantId, userId: user.id });
  return token;
}
