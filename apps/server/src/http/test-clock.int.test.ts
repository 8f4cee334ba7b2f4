import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../env';
import { now } from '../lib/clock';
import { sendScheduledMessageJob } from '../modules/channels/channels.jobs';
import { useDemoApp } from '../testing/demo-app';
import { SELLER } from '../testing/demo-users';

/*
 * The tests' seam for time (shared ARCHITECTURE "Tests that need time or servers"): only a
 * server of this machine started with TEST_CLOCK serves it; it moves the server's clock ahead
 * and starts the jobs due by then at once.
 */
const env = useDemoApp({ JOBS_ENABLED: 'false', TEST_CLOCK: 'true' });

describe('el reloj de las pruebas', () => {
  it('adelanta el reloj del servidor y los trabajos vencidos para entonces empiezan ya', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const id = await env.app.deps.jobs.send(
      sendScheduledMessageJob,
      { tenantId: env.demo.demo.id, interactionId: '00000000-0000-7000-8000-00000000c10c' },
      { startAfter: inAnHour },
    );
    const startOf = async () => {
      const result = (await env.database.handle.db.execute(
        sql`select start_after <= now() as due from pgboss.job where id = ${id}`,
      )) as unknown as { rows: Array<{ due: boolean }> };
      return result.rows[0]?.due;
    };
    expect(await startOf()).toBe(false);

    const anonymous = await fetch(`${env.app.url}/api/test/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 7_200_000 }),
    });
    expect(anonymous.status).toBe(401);
    expect(await startOf()).toBe(false);

    const before = Date.now();
    const moved = await env.rest<{ now: string }>(SELLER, 'POST', '/api/test/clock', {
      advanceMs: 7_200_000,
    });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.now).getTime()).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(now().getTime()).toBeGreaterThanOrEqual(before + 7_200_000);
    expect(await startOf()).toBe(true);
  });

  it('no existe fuera de esta máquina ni sin pedirlo', () => {
    expect(() =>
      loadEnv({ TEST_CLOCK: 'true', PUBLIC_URL: 'https://cartera.example', SESSION_SECRET: 'x' }),
    ).toThrow(/TEST_CLOCK/);
    expect(loadEnv({ SESSION_SECRET: 'x', CARTERA_DATA_DIR: '/tmp' }).testClock).toBe(false);
  });
});
