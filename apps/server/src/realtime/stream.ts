import { tracked } from '@trpc/server';
import type { Database } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { AuthUser } from '../modules/sessions/session.types';
import { canReceive } from './audience';
import type { EventBus } from './event-bus';
import { eventsAfter, lastEventId as latestEventId } from './event-store';
import type { LiveEventType, NoticeType } from './live-events';
import { topicFilter, topicWanted } from './topics';

export interface EventEnvelope {
  id: number;
  type: LiveEventType;
  topic: string;
  payload: Record<string, unknown>;
  actorUserId: string | null;
  createdAt: Date;
}

export interface StreamOptions {
  bus: EventBus;
  db: Database;
  /** Who receives; a function when it may change while the stream is open (roles, group). */
  user: AuthUser | (() => AuthUser);
  /** The last id the client saw; omitted = only events from now on. */
  lastEventId?: string | null | undefined;
  /** Topic names and families (`contact:*`); none = every topic. */
  topics?: readonly string[] | undefined;
  signal?: AbortSignal | undefined;
  /**
   * Hands over a function that puts a notice of this connection (not a stored event) into the
   * stream, e.g. `session.changed` when the user's access changed. A notice carries the id of
   * the last event yielded, so resuming from it loses nothing.
   */
  notices?: ((emit: (type: NoticeType) => void) => void) | undefined;
}

/** A failed read of the log is tried again after this long (doubling, up to 5 s). */
const CATCH_UP_RETRY_MS = 200;
const CATCH_UP_RETRY_MAX_MS = 5_000;

/** Waits `ms`, or less when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The topic of the notices about the connection's own session. */
export const SESSION_TOPIC = 'session';

type Signal =
  { kind: 'event'; event: DomainEventRow } | { kind: 'gap' } | { kind: 'notice'; type: NoticeType };

function toEnvelope(event: DomainEventRow): EventEnvelope {
  return {
    id: event.id,
    // Stored only through appendEvent, which takes the catalogue's kinds alone.
    type: event.type as LiveEventType,
    topic: event.topic,
    payload: event.payload,
    actorUserId: event.actorUserId,
    createdAt: event.createdAt,
  };
}

/**
 * Opens the events a user may see, as tracked items: it subscribes to the bus and fixes where
 * the stream starts before it resolves, so an event committed once the caller has been told the
 * subscription started is never skipped. Reading the backlog after subscribing loses nothing
 * committed in between, and ids already yielded are skipped, so nothing repeats. The returned
 * generator ends the bus subscription when it finishes, and so does the signal, even when the
 * generator is never iterated.
 */
export async function openEventStream(options: StreamOptions) {
  const { bus, db, signal } = options;
  const userOf = typeof options.user === 'function' ? options.user : () => options.user as AuthUser;
  const { tenantId } = userOf();
  const topics = topicFilter(options.topics);
  const pending: Signal[] = [];
  let wake: (() => void) | undefined;
  const push = (item: Signal) => {
    pending.push(item);
    wake?.();
  };
  const wanted = (event: DomainEventRow) =>
    topicWanted(topics, event.topic) && canReceive(userOf(), event);
  // The tenant's ids are consecutive (event-sequencer.ts): `known` is the last id up to which
  // every event reached this stream, live or from the log. A later id than the next one means
  // some were missed or are late (several publishing instances): the log is read from the
  // cursor, which it holds complete. Events before the starting cursor is known wait for it.
  let known: number | undefined;
  const early: DomainEventRow[] = [];
  const onLive = (event: DomainEventRow) => {
    if (known === undefined) {
      early.push(event);
      return;
    }
    if (event.id <= known) return;
    const next = event.id === known + 1;
    known = event.id;
    if (!next) push({ kind: 'gap' });
    // Judged as the bus hands the event over: a subscriber it is not for is not even woken
    // (with a thousand subscribers of a tenant, most events are for a few of them).
    else if (wanted(event)) push({ kind: 'event', event });
  };
  const unsubscribe = bus.subscribe({
    tenantId,
    onEvent: onLive,
    onGap: () => push({ kind: 'gap' }),
  });
  const onAbort = () => {
    unsubscribe();
    wake?.();
  };
  signal?.addEventListener('abort', onAbort);
  const close = () => {
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  };

  let cursor: number;
  try {
    const resumeFrom = Number(options.lastEventId);
    cursor =
      options.lastEventId && Number.isSafeInteger(resumeFrom) && resumeFrom >= 0
        ? resumeFrom
        : // Subscribed already: what the bus delivered last is where "from now on" starts.
          (bus.lastDelivered(tenantId) ?? (await latestEventId(db, tenantId)));
  } catch (error) {
    close();
    throw error;
  }
  let catchUp = options.lastEventId != null;
  let retries = 0;
  known = cursor;
  for (const event of early.splice(0)) onLive(event);
  options.notices?.((type) => push({ kind: 'notice', type }));

  return (async function* () {
    try {
      while (!signal?.aborted) {
        if (catchUp) {
          catchUp = false;
          let page: DomainEventRow[];
          try {
            page = await eventsAfter(db, tenantId, cursor, { topics: options.topics });
          } catch {
            // The database is busy or away: the stream waits and reads again, never ends.
            catchUp = true;
            retries += 1;
            await pause(
              Math.min(CATCH_UP_RETRY_MS * 2 ** (retries - 1), CATCH_UP_RETRY_MAX_MS),
              signal,
            );
            continue;
          }
          retries = 0;
          for (const event of page) {
            cursor = event.id;
            if (wanted(event)) yield tracked(String(event.id), toEnvelope(event));
          }
          if (page.length >= 500) catchUp = true;
          else known = Math.max(known ?? cursor, cursor);
          continue;
        }
        const next = pending.shift();
        if (!next) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        if (next.kind === 'gap') {
          catchUp = true;
          continue;
        }
        if (next.kind === 'notice') {
          const notice: EventEnvelope = {
            id: cursor,
            type: next.type,
            topic: SESSION_TOPIC,
            payload: {},
            actorUserId: null,
            createdAt: new Date(),
          };
          yield tracked(String(cursor), notice);
          continue;
        }
        if (next.event.id <= cursor) continue;
        cursor = next.event.id;
        yield tracked(String(next.event.id), toEnvelope(next.event));
      }
    } finally {
      close();
    }
  })();
}
