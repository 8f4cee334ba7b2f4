import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { interactions, npsConfigs, npsCursors, npsSurveys } from '@cartera/db/schema';

/*
 * The NPS tables (issue #42 item 1): configurations, surveys and each company's cursor in its
 * event log. Every statement names the tenant.
 */

export function findConfigs(db: Executor, tenantId: string) {
  return db
    .select()
    .from(npsConfigs)
    .where(and(eq(npsConfigs.tenantId, tenantId), isNull(npsConfigs.deletedAt)))
    .orderBy(npsConfigs.createdAt, npsConfigs.id);
}

export async function findConfig(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(npsConfigs)
    .where(
      and(eq(npsConfigs.tenantId, tenantId), eq(npsConfigs.id, id), isNull(npsConfigs.deletedAt)),
    );
  return row;
}

/** The active configurations a trigger sends, oldest first. */
export function findTriggeredConfigs(
  db: Executor,
  tenantId: string,
  trigger: 'sale' | 'archiving',
) {
  return db
    .select()
    .from(npsConfigs)
    .where(
      and(
        eq(npsConfigs.tenantId, tenantId),
        eq(npsConfigs.trigger, trigger),
        eq(npsConfigs.active, true),
        isNull(npsConfigs.deletedAt),
      ),
    )
    .orderBy(npsConfigs.createdAt, npsConfigs.id);
}

/** Whether the contact got a survey (not a failed one) since `since`. */
export async function surveyedSince(
  db: Executor,
  tenantId: string,
  contactId: string,
  since: Date,
) {
  const [row] = await db
    .select({ id: npsSurveys.id })
    .from(npsSurveys)
    .where(
      and(
        eq(npsSurveys.tenantId, tenantId),
        eq(npsSurveys.contactId, contactId),
        gt(npsSurveys.createdAt, since),
        sql`${npsSurveys.status} <> 'failed'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function lockSurvey(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(npsSurveys)
    .where(and(eq(npsSurveys.tenantId, tenantId), eq(npsSurveys.id, id)))
    .for('update');
  return row;
}

export async function lockSurveyOfMessage(db: Executor, tenantId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(npsSurveys)
    .where(and(eq(npsSurveys.tenantId, tenantId), eq(npsSurveys.messageId, messageId)))
    .for('update');
  return row;
}

/**
 * The contact's newest survey still waiting for a reply through the channel (a score or a
 * comment), not cancelled.
 */
export async function lockAwaitingSurvey(
  db: Executor,
  tenantId: string,
  contactId: string,
  channelId: string,
) {
  const [row] = await db
    .select()
    .from(npsSurveys)
    .where(
      and(
        eq(npsSurveys.tenantId, tenantId),
        eq(npsSurveys.contactId, contactId),
        eq(npsSurveys.channelId, channelId),
        eq(npsSurveys.canceled, false),
        inArray(npsSurveys.status, ['pendingDispatch', 'sended', 'answered']),
        sql`${npsSurveys.awaiting} is not null`,
      ),
    )
    .orderBy(desc(npsSurveys.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateSurvey(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof npsSurveys.$inferInsert>,
) {
  const [row] = await db
    .update(npsSurveys)
    .set(values)
    .where(and(eq(npsSurveys.tenantId, tenantId), eq(npsSurveys.id, id)))
    .returning();
  return row!;
}

/** A timeline item's status and content (the survey's message, a customer's reply). */
export async function findItem(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({
      id: interactions.id,
      contactId: interactions.contactId,
      type: interactions.type,
      status: interactions.status,
      content: interactions.content,
      createdAt: interactions.createdAt,
    })
    .from(interactions)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
  return row;
}

/** Rewrites a timeline item's content (the survey's message and its `npsSurvey`). */
export async function updateItemContent(
  db: Executor,
  tenantId: string,
  id: string,
  content: Record<string, unknown>,
) {
  await db
    .update(interactions)
    .set({ content })
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
}

/** Starts a company's cursor at its last event (what happens from now on is read). */
export async function ensureCursor(db: Executor, tenantId: string) {
  await db.execute(sql`
    insert into ${npsCursors} (tenant_id, through)
    values (${tenantId}::uuid,
      (select coalesce(max(id), 0) from domain_events where tenant_id = ${tenantId}::uuid))
    on conflict (tenant_id) do nothing`);
}

/** Companies whose cursor is behind their event log, locked for this pass (others skip them). */
export async function lockBehindCursors(db: Executor, limit: number) {
  const result = await db.execute(sql`
    select c.tenant_id, c.through from ${npsCursors} c
    where c.through < (select coalesce(max(id), 0) from domain_events d
      where d.tenant_id = c.tenant_id)
    order by c.tenant_id
    limit ${limit}
    for update of c skip locked`);
  return (result as unknown as { rows: Array<{ tenant_id: string; through: string | number }> })
    .rows;
}

export interface NpsEventRow {
  id: number;
  type: string;
  payload: { contactId?: string; interactionId?: string; type?: string };
  actorUserId: string | null;
}

/**
 * The next events of a company after `through` (at most `limit`), those NPS reads among them:
 * sales, archivings and channel messages created or updated. `last` is where the cursor moves.
 */
export async function eventsAfter(db: Executor, tenantId: string, through: number, limit: number) {
  const result = await db.execute(sql`
    select id, type, payload, actor_user_id from domain_events
    where tenant_id = ${tenantId}::uuid and id > ${through}
    order by id
    limit ${limit}`);
  const rows = (
    result as unknown as {
      rows: Array<{ id: string | number; type: string; payload: unknown; actor_user_id: string }>;
    }
  ).rows.map((row): NpsEventRow => ({
    id: Number(row.id),
    type: row.type,
    payload: (row.payload ?? {}) as NpsEventRow['payload'],
    actorUserId: row.actor_user_id ?? null,
  }));
  return { rows, last: rows.at(-1)?.id ?? through };
}

export async function moveCursor(db: Executor, tenantId: string, through: number) {
  await db.update(npsCursors).set({ through }).where(eq(npsCursors.tenantId, tenantId));
}
