import type { TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { ZJsonObject } from '@cartera/domain/input';
import { documentedOutput } from '../trpc/documented-output';
import { watchSession } from '../modules/sessions/session-watch';
import { router, tenantProcedure } from '../trpc/init';
import { LIVE_EVENTS, type LiveEventType, type NoticeType } from './live-events';
import { openEventStream, SESSION_TOPIC, type EventEnvelope } from './stream';
import { TOPIC_FAMILY } from './topics';

export const ZEventStreamInput = z.object({
  /** Filled in by the client link after a reconnect. */
  lastEventId: z.string().max(30).nullish(),
  topics: z
    .array(
      z
        .string()
        .min(1)
        .max(200)
        .refine((topic) => !topic.includes('*') || TOPIC_FAMILY.test(topic)),
    )
    .max(50)
    .optional(),
});

/** A live event as the stream delivers it (stream.ts's EventEnvelope). */
export const ZEventEnvelope = z.object({
  /** The event's id (a notice carries the last event's). */
  id: z.number().int(),
  /** What happened: a kind of the catalogue (/api/docs/procedures, `liveEvents`). */
  type: z.enum(Object.keys(LIVE_EVENTS) as [LiveEventType, ...LiveEventType[]]),
  /** What it concerns, e.g. `contact:<id>`, `channel:<id>`, `session`. */
  topic: z.string(),
  /** The event's data (ids and the changed values; a notice's is empty). */
  payload: ZJsonObject,
  actorUserId: z.string().nullable(),
  createdAt: z.date(),
});

/**
 * Each item of the stream: `id` (the event's id as text, which `lastEventId` resumes after) and
 * `data`, the event. Documented, not checked: tRPC checks no subscription's items.
 */
const ZEventStreamItem = documentedOutput(z.object({ id: z.string(), data: ZEventEnvelope }), {
  stream: true,
}) as unknown as z.ZodType<AsyncIterable<TrackedEnvelope<EventEnvelope>, void>>;

export const realtimeRouter = router({
  events: tenantProcedure
    .meta({
      description:
        "The live event stream of the caller's company, filtered to what the caller may see and to `topics` when given (names such as `contact:<id>`, or families such as `contact:*`); events are tracked by id, and `lastEventId` resumes after the last one seen with what was missed (without it, only new events come). The session is watched while the stream is open: when it ends (logout, password change, deactivation, account switch) the stream ends with UNAUTHENTICATED within a second, and when the caller's access changes (roles, group, jail, feature flags) the filter follows from the next event and a stream with topic `session` gets a `session.changed` notice (no stored event; its id is the last event's). Every event type with its topic, payload and receivers: `liveEvents` in this reference.",
    })
    .input(ZEventStreamInput)
    .output(ZEventStreamItem)
    .subscription(async ({ ctx, input, signal }) => {
      let user = ctx.user;
      const ended = new AbortController();
      // Open tabs that listen on topic 'session' learn when the user's access changed (roles,
      // group, jail, flags set in 'Administración') and read `auth.me` again.
      let notice: ((type: NoticeType) => void) | undefined;
      const stopWatching = ctx.token
        ? watchSession(ctx.db, ctx.token, ctx.session, (check) => {
            if (check.kind === 'ended') ended.abort();
            else {
              user = check.session.user;
              notice?.('session.changed');
            }
          })
        : () => undefined;
      const streamSignal = signal ? AbortSignal.any([signal, ended.signal]) : ended.signal;
      streamSignal.addEventListener('abort', stopWatching, { once: true });
      // Opened before the procedure answers, so the client is told "started" only once the
      // stream holds every event from then on (an event right after is never skipped).
      let events: Awaited<ReturnType<typeof openEventStream>>;
      try {
        events = await openEventStream({
          bus: ctx.deps.events,
          db: ctx.db,
          user: () => user,
          lastEventId: input.lastEventId,
          topics: input.topics,
          signal: streamSignal,
          notices: input.topics?.includes(SESSION_TOPIC)
            ? (emit) => {
                notice = emit;
              }
            : undefined,
        });
      } catch (error) {
        stopWatching();
        throw error;
      }
      return (async function* () {
        try {
          yield* events;
          if (ended.signal.aborted) throw new DomainError('UNAUTHENTICATED');
        } finally {
          stopWatching();
        }
      })();
    }),
});
