import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { replayTimeline, type Replay, type RollupCounts } from '@cartera/domain/metrics';
import type { Executor } from './client';
import { contacts, interactions, metricContactDays, metricRollups } from './schema';

/** Contacts replayed together: their timelines are the only ones held in memory at a time. */
const CONTACTS_PER_BATCH = 2_000;

/** Rows inserted per statement. */
const CHUNK = 1_000;

/**
 * Replays a tenant's timelines a batch of contacts at a time (keyset on the contact id), with the
 * definitions of packages/domain/src/metrics.ts, and hands each batch's replay to `visit`. A
 * contact's whole timeline is always in one batch, so the batches' counts add up to the recount.
 */
async function replayInBatches(
  db: Executor,
  tenantId: string,
  visit: (replay: Replay) => Promise<void> | void,
  only?: SQL,
) {
  let after: string | null = null;
  for (;;) {
    const contactRows = await db
      .select({
        id: contacts.id,
        firstAgentId: contacts.firstAgentId,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          after === null ? undefined : gt(contacts.id, after),
          only,
        ),
      )
      .orderBy(asc(contacts.id))
      .limit(CONTACTS_PER_BATCH);
    if (contactRows.length === 0) return;
    const itemRows = await db
      .select({
        contactId: interactions.contactId,
        type: interactions.type,
        content: interactions.content,
        agentId: interactions.agentId,
        createdBySystem: interactions.createdBySystem,
        createdAt: interactions.createdAt,
      })
      .from(interactions)
      .where(
        and(
          eq(interactions.tenantId, tenantId),
          inArray(
            interactions.contactId,
            contactRows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(interactions.contactId, interactions.createdAt, interactions.id);
    await visit(replayTimeline(contactRows, itemRows));
    after = contactRows[contactRows.length - 1]!.id;
  }
}

function addCounts(into: RollupCounts, from: RollupCounts) {
  for (const [key, value] of from) into.set(key, (into.get(key) ?? 0) + value);
}

/**
 * The performance rollups counted again from a tenant's contacts and timelines (issue #16). The
 * server keeps the rollups item by item in the transaction of each event; this recount is their
 * check (tests, bench:dashboard).
 */
export async function recountRollups(db: Executor, tenantId: string): Promise<RollupCounts> {
  const counts: RollupCounts = new Map();
  await replayInBatches(db, tenantId, (replay) => addCounts(counts, replay.counts));
  return counts;
}

/**
 * The contacts whose timelines can hold a figure of `userId`: those first assigned to them, and
 * those with an item they made or a transfer to them (every figure is credited to an item's
 * author or to the contact's agent, who became it at creation, by a transfer or by taking it).
 */
function touchedBy(userId: string): SQL {
  return or(
    eq(contacts.firstAgentId, userId),
    sql`exists (
      select 1 from ${interactions} i
      where i.tenant_id = ${contacts.tenantId} and i.contact_id = ${contacts.id}
        and (i.agent_id = ${userId}::uuid or i.content -> 'toUser' ->> '_id' = ${userId})
    )`,
  )!;
}

/**
 * One user's rollups and follow-up days counted again from the timelines that can hold them,
 * with the same definitions as the whole tenant's recount (and as the live writer): what the
 * rollups of that user must hold.
 */
export async function recountUserRollups(db: Executor, tenantId: string, userId: string) {
  const counts: RollupCounts = new Map();
  const contactDays = new Set<string>();
  const prefix = `${userId}|`;
  await replayInBatches(
    db,
    tenantId,
    (replay) => {
      for (const [key, value] of replay.counts) {
        if (key.startsWith(prefix)) counts.set(key, (counts.get(key) ?? 0) + value);
      }
      for (const key of replay.contactDays) if (key.startsWith(prefix)) contactDays.add(key);
    },
    touchedBy(userId),
  );
  return { counts, contactDays };
}

/**
 * Replaces one user's rollups and follow-up days by a recount (`recountUserRollups`). The caller
 * holds the tenant's rollups lock exclusive in its transaction, so no item is counted twice or missed
 * meanwhile. Answers the counts written.
 */
export async function rebuildUserRollups(db: Executor, tenantId: string, userId: string) {
  const { counts, contactDays } = await recountUserRollups(db, tenantId, userId);
  await db
    .delete(metricRollups)
    .where(and(eq(metricRollups.tenantId, tenantId), eq(metricRollups.userId, userId)));
  await db
    .delete(metricContactDays)
    .where(and(eq(metricContactDays.tenantId, tenantId), eq(metricContactDays.userId, userId)));
  const days = [...contactDays].map((key) => {
    const [, day, contactId] = key.split('|') as [string, string, string];
    return { tenantId, userId, day, contactId };
  });
  for (let at = 0; at < days.length; at += CHUNK) {
    await db.insert(metricContactDays).values(days.slice(at, at + CHUNK));
  }
  const rollups = [...counts]
    .filter(([, value]) => value !== 0)
    .map(([key, value]) => {
      const [, day, metric, dimension] = key.split('|') as [string, string, string, string];
      return { tenantId, userId, day, metric, dimension, value };
    });
  for (let at = 0; at < rollups.length; at += CHUNK) {
    await db.insert(metricRollups).values(rollups.slice(at, at + CHUNK));
  }
  return counts;
}

/** What the rollups of a tenant hold, keyed like a recount's counts (zeros left out). */
export async function storedRollups(db: Executor, tenantId: string) {
  const rows = await db.select().from(metricRollups).where(eq(metricRollups.tenantId, tenantId));
  return new Map(
    rows
      .filter((row) => row.value !== 0)
      .map((row) => [`${row.userId}|${row.day}|${row.metric}|${row.dimension}`, row.value]),
  );
}

/**
 * Replaces a tenant's rollups, follow-up days and answer waits by a recount: the catch-up for
 * data written without the timeline writer (the demo seed, data older than migration 0014).
 * Follow-up days and waits are written batch by batch; only the rollups' counts (sellers × days
 * × metrics, never the timelines) are held until the end.
 */
export async function rebuildRollups(db: Executor, tenantId: string) {
  await db.delete(metricRollups).where(eq(metricRollups.tenantId, tenantId));
  await db.delete(metricContactDays).where(eq(metricContactDays.tenantId, tenantId));
  await db
    .update(contacts)
    .set({ awaitingReplySince: null })
    .where(and(eq(contacts.tenantId, tenantId), sql`${contacts.awaitingReplySince} is not null`));
  const counts: RollupCounts = new Map();
  await replayInBatches(db, tenantId, async (replay) => {
    addCounts(counts, replay.counts);
    const days = [...replay.contactDays].map((key) => {
      const [userId, day, contactId] = key.split('|') as [string, string, string];
      return { tenantId, userId, day, contactId };
    });
    for (let at = 0; at < days.length; at += CHUNK) {
      await db.insert(metricContactDays).values(days.slice(at, at + CHUNK));
    }
    const waiting = [...replay.waiting];
    if (waiting.length > 0) {
      const waits = JSON.stringify(waiting.map(([id, since]) => ({ id, since })));
      await db.execute(sql`
        update ${contacts} set awaiting_reply_since = waits.since
        from json_to_recordset(${waits}::json) as waits(id uuid, since timestamptz)
        where ${contacts.tenantId} = ${tenantId} and ${contacts.id} = waits.id`);
    }
  });
  const rollups = [...counts].map(([key, value]) => {
    const [userId, day, metric, dimension] = key.split('|') as [string, string, string, string];
    return { tenantId, userId, day, metric, dimension, value };
  });
  for (let at = 0; at < rollups.length; at += CHUNK) {
    await db.insert(metricRollups).values(rollups.slice(at, at + CHUNK));
  }
  return { rows: rollups.length };
}
