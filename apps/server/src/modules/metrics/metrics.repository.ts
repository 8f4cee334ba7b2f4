import { and, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, metricContactDays, metricRollups } from '@cartera/db/schema';
import type { MetricEffect } from '@cartera/domain/metrics';
import { reachedSellersCondition, type ReachedSellerIds } from '../access/sellers';
import { idInTenant } from '../../lib/sql';

/**
 * First key of the tenant's rollups lock: every writer of rollups takes it shared (writers never
 * wait for each other), a recount takes it exclusive (`lockTenantRollups`).
 */
const TENANT_LOCK_CLASS = 7_261;

function mergedEffects(effects: readonly MetricEffect[]) {
  const merged = new Map<string, MetricEffect>();
  for (const effect of effects) {
    const key = `${effect.userId}\u0000${effect.metric}\u0000${effect.dimension ?? ''}`;
    const current = merged.get(key);
    merged.set(key, current ? { ...current, value: current.value + effect.value } : effect);
  }
  // Rows are upserted in key order.
  return [...merged.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(
      ([, effect]) =>
        sql`(${effect.userId}::uuid, ${effect.metric}::text, ${effect.dimension ?? ''}::text, ${effect.value}::bigint)`,
    );
}

/**
 * Adds to a tenant's daily rollups in a statement of its own: a new contact's own dimension,
 * written as the contact is created. An item's counts go with its event (`rollupsAlongside`).
 */
export async function addToRollups(
  db: Executor,
  tenantId: string,
  day: string,
  effects: readonly MetricEffect[],
) {
  const rows = mergedEffects(effects);
  if (!rows.length) return;
  await db.execute(sql`
    insert into ${metricRollups} (tenant_id, user_id, day, metric, dimension, value)
    select ${tenantId}::uuid, added.user_id, ${day}::date, added.metric, added.dimension, added.value
    from (values ${sql.join(rows, sql`, `)}) as added(user_id, metric, dimension, value)
    on conflict (tenant_id, user_id, day, metric, dimension)
    do update set value = ${metricRollups.value} + excluded.value`);
}

/**
 * An item's counts as parts of its event's statement (realtime/event-store.ts `appendEvent`):
 * the follow-up day of the contact (a first one that day also counts in singleTracing) and the
 * additions to the day's rollups, one row per seller, day, metric and dimension. Writers take the
 * tenant's rollups lock shared, so they never wait for each other, only for a recount (which
 * takes it exclusive and must see no addition half done). Each row is upserted in key order, so
 * two writers that add to the same rows take them in one order and never deadlock. Being one
 * statement with the event, a row is held from that statement to the commit only.
 */
export function rollupsAlongside(change: {
  tenantId: string;
  day: string;
  effects: readonly MetricEffect[];
  followUp: { userId: string; contactId: string } | null;
}): SQL | undefined {
  const rows = mergedEffects(change.effects);
  const { tenantId, day, followUp } = change;
  if (!rows.length && !followUp) return undefined;
  const firstFollowUp = followUp
    ? sql`insert into ${metricContactDays} (tenant_id, user_id, day, contact_id)
        select ${tenantId}::uuid, ${followUp.userId}::uuid, ${day}::date, ${followUp.contactId}::uuid
        from rollup_guard
        on conflict do nothing
        returning user_id`
    : sql`select null::uuid as user_id where false`;
  const added = rows.length
    ? sql`select * from (values ${sql.join(rows, sql`, `)}) as listed(user_id, metric, dimension, value)
        union all `
    : sql``;
  return sql`rollup_guard as (
      select pg_advisory_xact_lock_shared(${TENANT_LOCK_CLASS}, hashtext(${tenantId})) as held
    ),
    first_follow_up as (${firstFollowUp}),
    rollups as (
      insert into ${metricRollups} (tenant_id, user_id, day, metric, dimension, value)
      select ${tenantId}::uuid, added.user_id, ${day}::date, added.metric, added.dimension, added.value
      from (${added}select user_id, 'singleTracing'::text, ''::text, 1::bigint from first_follow_up)
        as added(user_id, metric, dimension, value), rollup_guard
      order by added.user_id, added.metric, added.dimension
      on conflict (tenant_id, user_id, day, metric, dimension)
      do update set value = ${metricRollups.value} + excluded.value)`;
}

/**
 * Moves the contact's answer wait: 'start' keeps the oldest unanswered message's time, 'end'
 * clears it and answers what it was. Also touches `last_interaction_at`.
 */
export async function touchContactWait(
  db: Executor,
  tenantId: string,
  contactId: string,
  at: Date,
  wait: 'start' | 'end' | 'keep',
): Promise<Date | null> {
  if (wait !== 'end') {
    await db
      .update(contacts)
      .set({
        lastInteractionAt: at,
        ...(wait === 'start'
          ? {
              awaitingReplySince: sql`coalesce(${contacts.awaitingReplySince}, ${at.toISOString()}::timestamptz)`,
            }
          : {}),
      })
      .where(idInTenant(contacts, tenantId, contactId));
    return null;
  }
  const result = await db.execute(sql`
    update ${contacts} as c
    set last_interaction_at = ${at.toISOString()}::timestamptz, awaiting_reply_since = null
    from (
      select awaiting_reply_since from ${contacts}
      where tenant_id = ${tenantId} and id = ${contactId} for update
    ) as previous
    where c.tenant_id = ${tenantId} and c.id = ${contactId}
    returning previous.awaiting_reply_since as "since"`);
  const [row] = (result as unknown as { rows: Array<{ since: string | Date | null }> }).rows;
  return row?.since ? new Date(row.since) : null;
}

/** The rollup rows of some sellers over some days (a dashboard read: sellers × days rows). */
export async function findRollups(
  db: Executor,
  tenantId: string,
  userIds: ReachedSellerIds,
  from: string,
  to: string,
) {
  if (!userIds.length) return [];
  return db
    .select({
      userId: metricRollups.userId,
      day: metricRollups.day,
      metric: metricRollups.metric,
      dimension: metricRollups.dimension,
      value: metricRollups.value,
    })
    .from(metricRollups)
    .where(
      and(
        eq(metricRollups.tenantId, tenantId),
        reachedSellersCondition(metricRollups.userId, userIds),
        gte(metricRollups.day, from),
        lte(metricRollups.day, to),
      ),
    );
}

/**
 * The sellers' contacts as they are now: open ones (not archived, as 'Conversaciones' lists them
 * with its 'Sin atender (+24 h)' filter, inbox.repository.ts) waiting for an answer longer than
 * `unattendedBefore`, with a pending reminder due by `dueBy`, and overdue (before `now`).
 */
export async function findContactStates(
  db: Executor,
  tenantId: string,
  userIds: ReachedSellerIds,
  moments: { unattendedBefore: Date; now: Date; dueBy: Date },
) {
  if (!userIds.length) return [];
  const reminderAt = sql`(${contacts.reminder}->>'reminderDate')::timestamptz`;
  const result = await db
    .select({
      userId: contacts.agentId,
      unattended:
        sql<number>`count(*) filter (where ${contacts.awaitingReplySince} < ${moments.unattendedBefore.toISOString()}::timestamptz and ${contacts.archivingReason} is null)`.mapWith(
          Number,
        ),
      remindersDue:
        sql<number>`count(*) filter (where ${reminderAt} >= ${moments.now.toISOString()}::timestamptz and ${reminderAt} < ${moments.dueBy.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      remindersOverdue:
        sql<number>`count(*) filter (where ${reminderAt} < ${moments.now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        reachedSellersCondition(contacts.agentId, userIds),
        sql`(${contacts.awaitingReplySince} is not null or ${contacts.reminder} is not null)`,
      ),
    )
    .groupBy(contacts.agentId);
  return result;
}

/** Every tenant (root group), for the daily pruning done tenant by tenant. */
export async function findTenantIds(db: Executor) {
  const rows = await db.select({ id: groups.id }).from(groups).where(isNull(groups.parentId));
  return rows.map((row) => row.id);
}

/** Deletes a tenant's follow-up days before a day (they were counted already). */
export async function deleteContactDaysBefore(db: Executor, tenantId: string, before: string) {
  const rows = await db
    .delete(metricContactDays)
    .where(and(eq(metricContactDays.tenantId, tenantId), lt(metricContactDays.day, before)))
    .returning({ day: metricContactDays.day });
  return rows.length;
}

/**
 * Takes the tenant's rollups lock exclusive until commit: writers, which take it shared before
 * adding, wait meanwhile, and those already adding have committed first.
 */
export async function lockTenantRollups(db: Executor, tenantId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${TENANT_LOCK_CLASS}, hashtext(${tenantId}))`);
}

/** A seller's rollups added up per metric over every day. */
export async function findUserTotals(db: Executor, tenantId: string, userId: string) {
  return db
    .select({ metric: metricRollups.metric, value: sql<number>`sum(${metricRollups.value})::int` })
    .from(metricRollups)
    .where(and(eq(metricRollups.tenantId, tenantId), eq(metricRollups.userId, userId)))
    .groupBy(metricRollups.metric);
}
