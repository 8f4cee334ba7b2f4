import { sql } from 'drizzle-orm';
import type { Database } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { Logger } from '../logger';

/*
 * The event sequencer (issue #37). A change's transaction writes its event to `pending_events`
 * without any lock; after the commit, one short statement moves the tenant's pending events to
 * `domain_events`, numbering them from the tenant's counter (`event_counters`), and hands them to
 * the transport that publishes them. The counter row is the only lock, held by that statement
 * alone: writes to different contacts of a tenant never wait for each other, and writes of
 * different tenants share nothing. Numbers are consecutive per tenant and grow in commit order
 * (a statement numbers after the previous one committed), so a reader resuming "after id N"
 * misses nothing and a reader that sees N + 2 before N + 1 knows to catch up.
 */

/**
 * The NOTIFY channel of the 'postgres' transport. Payload: the event row as JSON (`tenantId`,
 * `id`, `type`, `topic`, `payload`, `audience`, `actorUserId`, `createdAt`), or only
 * `{tenantId, id}` when the row would not fit in a notification; listeners then read it.
 */
export const EVENTS_CHANNEL = 'cartera_events';

/** PostgreSQL refuses notification payloads of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;

/** What a transport hands over: the whole event, or only its key when it was too large. */
export type AnnouncedEvent =
  | { tenantId: string; id: number; type?: undefined }
  | (Omit<DomainEventRow, 'createdAt'> & { createdAt: string | Date });

/** Pending events older than this are the sweeper's: their process died before moving them. */
export const SWEEP_AFTER_MS = 5_000;

/** Who publishes what the sequencer numbered: the event bus's transport. */
export interface EventPublisher {
  /** True when the numbering statement itself must NOTIFY (the 'postgres' transport). */
  readonly notifies: boolean;
  /** Publishes events just numbered, oldest first; never rejects. */
  publish(events: DomainEventRow[]): Promise<void>;
  readonly logger?: Logger | undefined;
}

/**
 * Without an event bus (a script, the seed), numbering notifies: a server listening with the
 * 'postgres' transport still hears of it, and any other catches up from the log.
 */
const NOTIFY_ONLY: EventPublisher = { notifies: true, publish: async () => {} };

/**
 * Moves a tenant's committed pending events to the log with its next ids, in one statement, and
 * answers them oldest first. Rows are locked in id order, so two statements of one tenant never
 * deadlock; the second waits for the first, skips what it moved and numbers after it.
 */
export async function sequencePending(
  db: Database,
  tenantId: string,
  notify: boolean,
): Promise<DomainEventRow[]> {
  const announce = notify
    ? sql`, pg_notify(${EVENTS_CHANNEL}, case when octet_length(announcement) < ${MAX_NOTIFY_BYTES}
        then announcement else json_build_object('tenantId', tenant_id, 'id', id)::text end)`
    : sql``;
  const result = await db.execute(sql`
    with taken as (
      select tenant_id, id from pending_events where tenant_id = ${tenantId}::uuid
      order by id
      for update
    ), moved as (
      delete from pending_events p using taken
      where p.tenant_id = taken.tenant_id and p.id = taken.id
      returning p.*
    ), counter as (
      insert into event_counters as c (tenant_id, last_id)
      select ${tenantId}::uuid, count(*) from moved having count(*) > 0
      on conflict (tenant_id) do update set last_id = c.last_id + excluded.last_id
      returning last_id
    ), inserted as (
      insert into domain_events (tenant_id, id, type, topic, payload, audience, actor_user_id,
        created_at)
      select m.tenant_id, counter.last_id - m.total + m.position, m.type, m.topic, m.payload,
        m.audience, m.actor_user_id, m.created_at
      from (
        select moved.*, row_number() over (order by moved.id) as position,
          count(*) over () as total
        from moved) m
      cross join counter
      returning *
    ), announced as (
      select inserted.*, json_build_object('tenantId', tenant_id, 'id', id, 'type', type,
        'topic', topic, 'payload', payload, 'audience', audience, 'actorUserId', actor_user_id,
        'createdAt', created_at)::text as announcement
      from inserted
    )
    select tenant_id as "tenantId", id, type, topic, payload, audience,
      actor_user_id as "actorUserId", created_at as "createdAt" ${announce}
    from announced
    order by id`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((row) => ({
    tenantId: String(row.tenantId),
    id: Number(row.id),
    type: String(row.type),
    topic: String(row.topic),
    payload: row.payload as Record<string, unknown>,
    audience: row.audience as DomainEventRow['audience'],
    actorUserId: (row.actorUserId as string | null) ?? null,
    createdAt: new Date(row.createdAt as string | Date),
  }));
}

/**
 * One per database handle. Runs of a tenant follow each other; a flush asked for while one runs
 * waits for the next, which takes every event committed meanwhile (many writes, one statement).
 */
export class EventSequencer {
  private readonly tenants = new Map<string, { tail: Promise<void>; next?: Promise<void> }>();
  private publisher: EventPublisher = NOTIFY_ONLY;

  constructor(private readonly db: Database) {}

  /** The bus's transport publishes from now on; `undefined` goes back to notifying only. */
  usePublisher(publisher: EventPublisher | undefined) {
    this.publisher = publisher ?? NOTIFY_ONLY;
  }

  /** Numbers and publishes the tenant's committed pending events. Never rejects. */
  flush(tenantId: string): Promise<void> {
    const state = this.tenants.get(tenantId) ?? { tail: Promise.resolve() };
    if (state.next) return state.next;
    const next: Promise<void> = state.tail.then(() => {
      // Started: what commits from now on needs a run after this one.
      if (state.next === next) state.next = undefined;
      return this.run(tenantId);
    });
    state.next = next;
    state.tail = next;
    this.tenants.set(tenantId, state);
    void next.then(() => {
      if (state.tail === next) this.tenants.delete(tenantId);
    });
    return next;
  }

  /** Moves what was left pending longer than SWEEP_AFTER_MS (a process died after a commit). */
  async sweep(): Promise<number> {
    const result = await this.db.execute(sql`
      select distinct tenant_id as "tenantId" from pending_events
      where created_at < now() - make_interval(secs => ${SWEEP_AFTER_MS / 1000})`);
    const tenants = (result as unknown as { rows: Array<{ tenantId: string }> }).rows;
    await Promise.all(tenants.map((row) => this.flush(row.tenantId)));
    return tenants.length;
  }

  /** Resolves once every run asked for so far has finished. */
  async idle(): Promise<void> {
    while (this.tenants.size) await Promise.all([...this.tenants.values()].map((s) => s.tail));
  }

  private async run(tenantId: string): Promise<void> {
    const { publisher } = this;
    try {
      const events = await sequencePending(this.db, tenantId, publisher.notifies);
      if (events.length) await publisher.publish(events);
    } catch (error) {
      // Committed and still pending: the next flush of the tenant or the sweeper moves it.
      publisher.logger?.warn({ err: error, tenantId }, 'realtime: could not sequence events');
    }
  }
}

const sequencers = new WeakMap<Database, EventSequencer>();

/** The sequencer of a database handle's `db` (the one `afterCommit` hooks are given). */
export function sequencerOf(db: Database): EventSequencer {
  let sequencer = sequencers.get(db);
  if (!sequencer) {
    sequencer = new EventSequencer(db);
    sequencers.set(db, sequencer);
  }
  return sequencer;
}
