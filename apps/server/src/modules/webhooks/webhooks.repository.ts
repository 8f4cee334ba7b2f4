import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  webhookDeliveries,
  webhookSubscriptions,
  type WebhookDelivery,
  type WebhookSubscription,
} from '@cartera/db/schema';
import { lastEventOfTenant } from './webhook-queue';

/** The SQL of outbound webhooks: subscriptions, their deliveries, and the delivery queue. */

export async function listSubscriptions(db: Executor, tenantId: string) {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.tenantId, tenantId))
    .orderBy(desc(webhookSubscriptions.createdAt));
}

export async function findSubscription(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)));
  return row;
}

export async function insertSubscription(
  db: Executor,
  values: Pick<
    WebhookSubscription,
    'tenantId' | 'url' | 'eventTypes' | 'secretSealed' | 'createdBy'
  >,
) {
  // It receives what happens from now on (webhook-queue.ts).
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ ...values, queuedThrough: lastEventOfTenant(sql`${values.tenantId}::uuid`) })
    .returning();
  return row!;
}

export async function updateSubscription(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<Pick<WebhookSubscription, 'url' | 'eventTypes' | 'state' | 'failingSince'>> & {
    /** Resuming: the cursor moves to the company's last event (webhook-queue.ts). */
    queuedThroughNow?: true;
  },
) {
  const { queuedThroughNow, ...changes } = values;
  const [row] = await db
    .update(webhookSubscriptions)
    .set({
      ...changes,
      ...(queuedThroughNow ? { queuedThrough: lastEventOfTenant(sql`${tenantId}::uuid`) } : {}),
    })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning();
  return row;
}

export async function deleteSubscription(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, id)))
    .returning();
  return row;
}

/** A subscription's last deliveries, newest first. */
export async function listDeliveries(
  db: Executor,
  tenantId: string,
  subscriptionId: string,
  limit: number,
) {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function insertDelivery(
  db: Executor,
  values: Pick<
    WebhookDelivery,
    'tenantId' | 'subscriptionId' | 'eventId' | 'type' | 'payload' | 'occurredAt'
  >,
) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  return row!;
}

/** Puts a delivery back in the queue, due now, with a new retry window. */
export async function requeueDelivery(db: Executor, tenantId: string, id: string, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ state: 'pending', nextAttemptAt: now, retrySince: now, leasedUntil: null })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  delivery: WebhookDelivery;
  url: string;
  secretSealed: string;
  subscriptionFailingSince: Date | null;
  createdBy: string;
}

/**
 * Leases up to `limit` due deliveries of active subscriptions for `leaseSeconds`, oldest due
 * first, skipping rows another instance holds and those of `except`. A delivery waits while an earlier one of the same
 * contact and subscription is still pending (in order per contact).
 */
export async function claimDueDeliveries(
  db: Executor,
  now: Date,
  limit: number,
  leaseSeconds: number,
  /** Deliveries attempted already in this pass. */
  except: readonly string[] = [],
): Promise<ClaimedDelivery[]> {
  const skipped = except.length
    ? sql`and d.id <> all(array[${sql.join(
        except.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}])`
    : sql``;
  const result = await db.execute(sql`
    with due as (
      select d.id
      from webhook_deliveries d
      join webhook_subscriptions s on s.id = d.subscription_id and s.state = 'active'
      where d.state = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
        and (d.leased_until is null or d.leased_until < ${now.toISOString()}::timestamptz)
        ${skipped}
        and (d.contact_id is null or not exists (
          select 1 from webhook_deliveries p
          where p.subscription_id = d.subscription_id and p.contact_id = d.contact_id
            and p.state = 'pending'
            and (p.domain_event_id, p.created_at, p.id) < (d.domain_event_id, d.created_at, d.id)))
      order by d.next_attempt_at, d.domain_event_id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries w
    set leased_until = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds})
    from due, webhook_subscriptions s
    where w.id = due.id and s.id = w.subscription_id
    returning w.id, s.url, s.secret_sealed as "secretSealed",
      s.failing_since as "subscriptionFailingSince", s.created_by as "createdBy"`);
  const rows = (
    result as unknown as {
      rows: Array<{
        id: string;
        url: string;
        secretSealed: string;
        subscriptionFailingSince: string | Date | null;
        createdBy: string;
      }>;
    }
  ).rows;
  if (!rows.length) return [];
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(
      sql`${webhookDeliveries.id} in (${sql.join(
        rows.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})`,
    );
  return rows.map((row) => ({
    delivery: deliveries.find((each) => each.id === row.id)!,
    url: row.url,
    secretSealed: row.secretSealed,
    subscriptionFailingSince: row.subscriptionFailingSince
      ? new Date(row.subscriptionFailingSince)
      : null,
    createdBy: row.createdBy,
  }));
}

/** Writes an attempt's outcome and ends the lease. */
export async function recordDeliveryAttempt(
  db: Executor,
  id: string,
  values: Pick<WebhookDelivery, 'state' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError'>,
) {
  await db
    .update(webhookDeliveries)
    .set({ ...values, attempts: sql`${webhookDeliveries.attempts} + 1`, leasedUntil: null })
    .where(eq(webhookDeliveries.id, id));
}

export async function findDelivery(
  db: Executor,
  tenantId: string,
  subscriptionId: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

/** Deletes the delivered and failed deliveries created before `before`; answers how many. */
export async function deleteSettledDeliveriesBefore(db: Executor, before: Date) {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.state, ['delivered', 'failed']),
        lt(webhookDeliveries.createdAt, before),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
