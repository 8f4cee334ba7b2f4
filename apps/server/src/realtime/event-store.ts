import { and, asc, eq, gt, inArray, isNull, like, lt, max, or, sql, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '@cartera/db/client';
import { domainEvents, groups, type DomainEventRow, type EventAudience } from '@cartera/db/schema';
import { isLiveEventType, type LiveEventPayload, type StoredLiveEventType } from './live-events';
import { topicFilter } from './topics';

/**
 * The NOTIFY channel every instance listens on. Payload: the event row as JSON (`tenantId`, `id`,
 * `type`, `topic`, `payload`, `audience`, `actorUserId`, `createdAt`), or only `{tenantId, id}`
 * when the row would not fit in a notification; listeners then read it from the table.
 */
export const EVENTS_CHANNEL = 'cartera_events';

/** PostgreSQL refuses notification payloads of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;

/** First key of the per-tenant append lock (the second is a hash of the tenant id). */
const APPEND_LOCK_CLASS = 7_261;

/** An event to store: its `type` and `payload` are one kind of the catalogue (live-events.ts). */
export interface NewDomainEvent<T extends StoredLiveEventType = StoredLiveEventType> {
  tenantId: string;
  type: T;
  topic: string;
  payload: LiveEventPayload<T>;
  audience?: EventAudience;
  actorUserId?: string | null;
}

/** What a notification on EVENTS_CHANNEL carries. */
export type AnnouncedEvent =
  | { tenantId: string; id: number; type?: undefined }
  | (Omit<DomainEventRow, 'createdAt'> & { createdAt: string });

/**
 * Records an event inside the caller's transaction and announces it on commit (NOTIFY is
 * transactional: a rolled-back change announces nothing). The per-tenant lock makes event ids of
 * a tenant grow in commit order, so "everything after id N" is a complete catch-up. Call it as
 * the last statement of the transaction: the lock is held until commit. Lock, insert and notify
 * are one statement (one round trip while the lock is held), and the notification carries the
 * row, so listeners deliver it without reading it back. `alongside` are more parts of that
 * statement (`name as (…)`, comma-separated; they may read `locked`, which holds the lock) for
 * writes that must happen under the lock: an item's rollups. Nothing else may follow in the
 * transaction but its commit, so the lock is never held across a round trip to this process.
 * Outbound webhooks are queued after commit, from the log (modules/webhooks/webhook-queue.ts).
 */
export async function appendEvent<T extends StoredLiveEventType>(
  tx: Transaction,
  event: NewDomainEvent<T>,
  options: { alongside?: SQL | undefined } = {},
): Promise<DomainEventRow> {
  // The catalogue types every caller; this refuses a kind forced past it (a cast).
  if (!isLiveEventType(event.type))
    throw new Error(`appendEvent: unknown event type ${event.type}`);
  const alongside = options.alongside ? sql`${options.alongside},` : sql``;
  const result = await tx.execute(sql`
    with locked as (
      select pg_advisory_xact_lock(${APPEND_LOCK_CLASS}, hashtext(${event.tenantId}))
    ), ${alongside} inserted as (
      insert into ${domainEvents} (tenant_id, type, topic, payload, audience, actor_user_id)
      select ${event.tenantId}::uuid, ${event.type}, ${event.topic},
        ${JSON.stringify(event.payload ?? {})}::jsonb, ${JSON.stringify(event.audience ?? {})}::jsonb,
        ${event.actorUserId ?? null}::uuid
      from locked
      returning *
    ), announced as (
      select inserted.*, json_build_object('tenantId', tenant_id, 'id', id, 'type', type,
        'topic', topic, 'payload', payload, 'audience', audience, 'actorUserId', actor_user_id,
        'createdAt', created_at)::text as announcement
      from inserted
    )
    select id, created_at as "createdAt", pg_notify(${EVENTS_CHANNEL},
      case when octet_length(announcement) < ${MAX_NOTIFY_BYTES} then announcement
        else json_build_object('tenantId', tenant_id, 'id', id)::text end)
    from announced`);
  const [row] = (result as unknown as { rows: Array<{ id: number | string; createdAt: unknown }> })
    .rows;
  return {
    tenantId: event.tenantId,
    id: Number(row!.id),
    type: event.type,
    topic: event.topic,
    payload: event.payload ?? {},
    audience: event.audience ?? {},
    actorUserId: event.actorUserId ?? null,
    createdAt: new Date(row!.createdAt as string | Date),
  };
}

export async function findEvent(db: Executor, tenantId: string, id: number) {
  const [row] = await db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.tenantId, tenantId), eq(domainEvents.id, id)));
  return row;
}

/**
 * Events of a tenant after `afterId`, oldest first, optionally only some topics (names, and
 * families `<kind>:*`, see topics.ts).
 */
export async function eventsAfter(
  db: Executor,
  tenantId: string,
  afterId: number,
  options: { topics?: readonly string[] | undefined; limit?: number } = {},
): Promise<DomainEventRow[]> {
  const filters: Array<SQL | undefined> = [
    eq(domainEvents.tenantId, tenantId),
    gt(domainEvents.id, afterId),
  ];
  const wanted = topicFilter(options.topics);
  if (wanted) {
    filters.push(
      or(
        wanted.exact.length ? inArray(domainEvents.topic, wanted.exact) : undefined,
        // A family's prefix is letters, '_' and '-' then ':' (TOPIC_FAMILY): '_' is escaped.
        ...wanted.prefixes.map((prefix) =>
          like(domainEvents.topic, `${prefix.replaceAll('_', '\\_')}%`),
        ),
      ),
    );
  }
  return db
    .select()
    .from(domainEvents)
    .where(and(...filters))
    .orderBy(asc(domainEvents.id))
    .limit(options.limit ?? 500);
}

export async function lastEventId(db: Executor, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(domainEvents.id) })
    .from(domainEvents)
    .where(eq(domainEvents.tenantId, tenantId));
  return row?.id ?? 0;
}

export async function deleteEventsBefore(db: Executor, tenantId: string, before: Date) {
  const deleted = await db
    .delete(domainEvents)
    .where(and(eq(domainEvents.tenantId, tenantId), lt(domainEvents.createdAt, before)))
    .returning({ id: domainEvents.id });
  return deleted.length;
}

/**
 * The event log exists so reconnecting clients can catch up; a client away longer than the
 * retention reloads its screen instead. Pruned per tenant so the delete uses the tenant index.
 */
export async function pruneEventsBefore(db: Executor, before: Date) {
  const tenants = await db.select({ id: groups.id }).from(groups).where(isNull(groups.parentId));
  let count = 0;
  for (const tenant of tenants) count += await deleteEventsBefore(db, tenant.id, before);
  return count;
}
