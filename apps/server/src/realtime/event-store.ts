import { and, asc, eq, gt, inArray, isNull, like, lt, max, or, sql, type SQL } from 'drizzle-orm';
import { afterCommit, type Executor, type Transaction } from '@cartera/db/client';
import {
  domainEvents,
  eventCounters,
  groups,
  pendingEvents,
  type DomainEventRow,
  type EventAudience,
} from '@cartera/db/schema';
import { isLiveEventType, type LiveEventPayload, type StoredLiveEventType } from './live-events';
import { sequencerOf } from './event-sequencer';
import { topicFilter } from './topics';

/** An event to store: its `type` and `payload` are one kind of the catalogue (live-events.ts). */
export interface NewDomainEvent<T extends StoredLiveEventType = StoredLiveEventType> {
  tenantId: string;
  type: T;
  topic: string;
  payload: LiveEventPayload<T>;
  audience?: EventAudience;
  actorUserId?: string | null;
}

/** Tenants whose events a transaction wrote, so each is sequenced once after its commit. */
const sequencedAfterCommit = new WeakMap<Transaction, Set<string>>();

/**
 * Records an event inside the caller's transaction, without any lock: a rolled-back change
 * records nothing. Once the transaction commits, the sequencer gives it the tenant's next id and
 * publishes it (event-sequencer.ts), before the caller's `db.transaction` resolves; if the
 * process dies in between, the sweeper does it. `alongside` are more parts of the insert's
 * statement (`name as (…)`, comma-separated) that save a round trip: an item's rollups, its
 * contact's preview. Outbound webhooks are queued from the log (modules/webhooks).
 */
export async function appendEvent<T extends StoredLiveEventType>(
  tx: Transaction,
  event: NewDomainEvent<T>,
  options: { alongside?: SQL | undefined } = {},
): Promise<void> {
  // The catalogue types every caller; this refuses a kind forced past it (a cast).
  if (!isLiveEventType(event.type))
    throw new Error(`appendEvent: unknown event type ${event.type}`);
  const alongside = options.alongside ? sql`${options.alongside},` : sql``;
  await tx.execute(sql`
    with ${alongside} inserted as (
      insert into ${pendingEvents} (tenant_id, type, topic, payload, audience, actor_user_id)
      values (${event.tenantId}::uuid, ${event.type}, ${event.topic},
        ${JSON.stringify(event.payload ?? {})}::jsonb, ${JSON.stringify(event.audience ?? {})}::jsonb,
        ${event.actorUserId ?? null}::uuid)
      returning id
    )
    select id from inserted`);
  let tenants = sequencedAfterCommit.get(tx);
  if (!tenants) {
    tenants = new Set();
    sequencedAfterCommit.set(tx, tenants);
  }
  if (tenants.has(event.tenantId)) return;
  tenants.add(event.tenantId);
  const tenantId = event.tenantId;
  afterCommit(tx, (db) => sequencerOf(db).flush(tenantId));
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

/** Each tenant's last event id (its counter), for the bus's reconciliation. */
export async function lastIdsOf(db: Executor, tenantIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ tenantId: eventCounters.tenantId, lastId: eventCounters.lastId })
    .from(eventCounters)
    .where(inArray(eventCounters.tenantId, tenantIds));
  return new Map(rows.map((row) => [row.tenantId, Number(row.lastId)]));
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
