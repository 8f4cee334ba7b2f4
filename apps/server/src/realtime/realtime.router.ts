import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { watchSession } from '../modules/sessions/session-watch';
import { router, tenantProcedure } from '../trpc/init';
import { streamEvents } from './stream';

export const ZEventStreamInput = z.object({
  /** Filled in by the client link after a reconnect. */
  lastEventId: z.string().max(30).nullish(),
  topics: z.array(z.string().min(1).max(200)).max(50).optional(),
});

/**
 * The event stream of the signed-in user's tenant, filtered to what the user may see. The
 * session is watched while the stream is open: when it ends (logout, password change,
 * deactivation, account switch) the stream ends with UNAUTHENTICATED within a second, and when
 * the user's access changes (roles, group) the filter follows it from the next event.
 */
export const realtimeRouter = router({
  events: tenantProcedure.input(ZEventStreamInput).subscription(async function* ({
    ctx,
    input,
    signal,
  }) {
    let user = ctx.user;
    const ended = new AbortController();
    const stopWatching = ctx.token
      ? watchSession(ctx.db, ctx.token, ctx.session, (check) => {
          if (check.kind === 'ended') ended.abort();
          else user = check.session.user;
        })
      : () => undefined;
    try {
      yield* streamEvents({
        bus: ctx.deps.events,
        db: ctx.db,
        user: () => user,
        lastEventId: input.lastEventId,
        topics: input.topics,
        signal: signal ? AbortSignal.any([signal, ended.signal]) : ended.signal,
      });
      if (ended.signal.aborted) throw new DomainError('UNAUTHENTICATED');
    } finally {
      stopWatching();
    }
  }),
});
