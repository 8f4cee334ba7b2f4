import { and, eq, inArray, sql } from 'drizzle-orm';
import { replayTimeline, type Replay } from '@cartera/domain/metrics';
import type { Executor } from './client';
import { contacts, interactions, metricContactDays, metricRollups } from './schema';

/**
 * The performance rollups counted again from a tenant's contacts and timelines (issue #16), with
 * the definitions of packages/domain/src/metrics.ts. The server keeps the rollups item by item in
 * the transaction of each event; this recount is their check (tests, bench:dashboard) and their
 * catch-up for data written without the writer (the demo seed, data older than migration 0014).
 */
export async function recountRollups(db: Executor, tenantId: string): Promise<Replay> {
  const [contactRows, itemRows] = await Promise.all([
    db
      .select({
        id: contacts.id,
        firstAgentId: contacts.firstAgentId,
        createdAt: contacts.createdAt,
      })
      .from(contacts)
      .where(eq(contacts.tenantId, tenantId)),
    db
      .select({
        contactId: interactions.contactId,
        type: interactions.type,
        content: interactions.content,
        agentId: interactions.agentId,
        createdBySystem: interactions.createdBySystem,
        createdAt: interactions.createdAt,
      })
      .from(interactions)
      .where(eq(interactions.tenantId, tenantId))
      .orderBy(interactions.contactId, interactions.createdAt, interactions.id),
  ]);
  return replayTimeline(contactRows, itemRows);
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

const CHUNK = 1_000;

/** Replaces a tenant's rollups, follow-up days and answer waits by a recount. */
export async function rebuildRollups(db: Executor, tenantId: string) {
  const replay = await recountRollups(db, tenantId);
  await db.delete(metricRollups).where(eq(metricRollups.tenantId, tenantId));
  await db.delete(metricContactDays).where(eq(metricContactDays.tenantId, tenantId));
  const rollups = [...replay.counts].map(([key, value]) => {
    const [userId, day, metric, dimension] = key.split('|') as [string, string, string, string];
    return { tenantId, userId, day, metric, dimension, value };
  });
  for (let at = 0; at < rollups.length; at += CHUNK) {
    await db.insert(metricRollups).values(rollups.slice(at, at + CHUNK));
  }
  const days = [...replay.contactDays].map((key) => {
    const [userId, day, contactId] = key.split('|') as [string, string, string];
    return { tenantId, userId, day, contactId };
  });
  for (let at = 0; at < days.length; at += CHUNK) {
    await db.insert(metricContactDays).values(days.slice(at, at + CHUNK));
  }
  await db
    .update(contacts)
    .set({ awaitingReplySince: null })
    .where(and(eq(contacts.tenantId, tenantId), sql`${contacts.awaitingReplySince} is not null`));
  for (const [contactId, since] of replay.waiting) {
    await db
      .update(contacts)
      .set({ awaitingReplySince: since })
      .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, [contactId])));
  }
  return { rows: rollups.length };
}
