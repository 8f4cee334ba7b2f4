import { and, asc, eq, gt, inArray, lt, max, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '@cartera/db/client';
import { domainEvents, type DomainEventRow, type EventAudience } from '@cartera/db/schema';

/** The NOTIFY channel every instance listens on. Payload: `{"tenantId":…,"id":…}`. */
export const EVENTS_CHANNEL = 'cartera_events';

/** First key of the per-tenant append lock (the second is a hash of the tenant id). */
const APPEND_LOCK_CLASS = 7_261;

export interface NewDomainEvent {
  tenantId: string;
  type: string;
  topic: string;
  payload?: Record<string, unknown>;
  audience?: EventAudience;
  actorUserId?: string | null;
}

/**
 * Records an event inside the caller's transaction and announces it on commit (NOTIFY is
 * transactional: a rolled-back change announces nothing). The per-tenant lock makes event ids of
 * a tenant grow in commit order, so "everything after id N" is a complete catch-up. Call it as
 * the last statement of the transaction: the lock is held until commit.
 */
export async function appendEvent(tx: Transaction, event: NewDomainEvent): Promise<DomainEventRow> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${APPEND_LOCK_CLASS}, hashtext(${event.tenantId}))`,
  );
  const [row] = await tx.insert(domainEvents).values(event).returning();
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ tenantId: row!.tenantId, id: row!.id })})`,
  );
  return row!;
}

export async function findEvent(db: Executor, tenantId: string, id: number) {
  const [row] = await db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.tenantId, tenantId), eq(domainEvents.id, id)));
  return row;
}

/** Events of a tenant after `afterId`, oldest first, optionally only some topics. */
export async function eventsAfter(
  db: Executor,
  tenantId: string,
  afterId: number,
  options: { topics?: readonly string[] | undefined; limit?: number } = {},
): Promise<DomainEventRow[]> {
  const filters = [eq(domainEvents.tenantId, tenantId), gt(domainEvents.id, afterId)];
  if (options.topics?.length) filters.push(inArray(domainEvents.topic, [...options.topics]));
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
