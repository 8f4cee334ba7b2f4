import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { advanceClock } from '../lib/clock';
import { restRoute } from './rest';

/** The most a test moves the clock at once: a scheduled message is at most weeks ahead. */
const MAX_ADVANCE_MS = 90 * 24 * 60 * 60 * 1000;

const ZAdvance = z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) });

/**
 * The tests' seam for time (only with TEST_CLOCK, on a server of this machine): moves the
 * server's clock ahead, and the queued jobs that became due by then (a scheduled message, a
 * retry's backoff) start at once, so a browser test reaches a later moment without waiting.
 * Any signed-in user of a test server may move it.
 */
export function registerTestClockRoute(app: FastifyInstance, deps: AppDeps) {
  if (!deps.env.testClock) return;
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/test/clock',
    tags: ['system'],
    summary: "Tests only: moves the server's clock ahead and starts the jobs due by then",
    auth: 'session',
    body: ZAdvance,
    response: z.object({ now: z.string() }),
    handler: async ({ body }) => {
      const moment = advanceClock(body.advanceMs);
      await deps.db.execute(
        sql`update pgboss.job set start_after = now()
            where state in ('created', 'retry') and start_after > now()
              and start_after <= ${moment.toISOString()}::timestamptz`,
      );
      return { now: moment.toISOString() };
    },
  });
}
