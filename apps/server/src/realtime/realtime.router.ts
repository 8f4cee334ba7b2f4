import { z } from 'zod';
import { router, tenantProcedure } from '../trpc/init';
import { streamEvents } from './stream';

export const ZEventStreamInput = z.object({
  /** Filled in by the client link after a reconnect. */
  lastEventId: z.string().max(30).nullish(),
  topics: z.array(z.string().min(1).max(200)).max(50).optional(),
});

/** The event stream of the signed-in user's tenant, filtered to what the user may see. */
export const realtimeRouter = router({
  events: tenantProcedure.input(ZEventStreamInput).subscription(({ ctx, input, signal }) =>
    streamEvents({
      bus: ctx.deps.events,
      db: ctx.db,
      user: ctx.user,
      lastEventId: input.lastEventId,
      topics: input.topics,
      signal,
    }),
  ),
});
