import { and, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { deadLetters, type DeadLetter } from '@cartera/db/schema';

export interface NewDeadLetter {
  tenantId: string | null;
  channelId: string | null;
  provider: string;
  reason: string;
  detail?: string | null;
  payload: unknown;
  events?: unknown;
}

export async function insertDeadLetter(db: Executor, letter: NewDeadLetter) {
  const [row] = await db
    .insert(deadLetters)
    .values({
      tenantId: letter.tenantId,
      channelId: letter.channelId,
      provider: letter.provider,
      reason: letter.reason,
      detail: letter.detail?.slice(0, 1000) ?? null,
      payload: letter.payload as never,
      events: (letter.events ?? null) as never,
    })
    .returning({ id: deadLetters.id });
  return row!.id;
}

/** A page of the dead letters `where` names, newest first, and how many there are in all. */
async function deadLetterPage(db: Executor, where: SQL | undefined, limit: number) {
  const [total] = await db.select({ value: count() }).from(deadLetters).where(where);
  const rows = await db
    .select()
    .from(deadLetters)
    .where(where)
    .orderBy(desc(deadLetters.createdAt), desc(deadLetters.id))
    .limit(limit);
  return { count: Number(total?.value ?? 0), rows };
}

/** A channel's dead letters not yet taken in, newest first, and how many there are. */
export async function findChannelDeadLetters(
  db: Executor,
  tenantId: string,
  channelId: string,
  limit: number,
) {
  const where = and(
    eq(deadLetters.tenantId, tenantId),
    eq(deadLetters.channelId, channelId),
    isNull(deadLetters.resolvedAt),
  );
  return deadLetterPage(db, where, limit);
}

/** Dead letters that matched no company (platform administrators), newest first. */
export async function findTenantlessDeadLetters(db: Executor, limit: number) {
  const where = and(isNull(deadLetters.tenantId), isNull(deadLetters.resolvedAt));
  return deadLetterPage(db, where, limit);
}

/** How many dead letters without a company arrived since `since` (their storage is capped). */
export async function countTenantlessSince(db: Executor, since: Date) {
  const [row] = await db
    .select({ value: count() })
    .from(deadLetters)
    .where(and(isNull(deadLetters.tenantId), gte(deadLetters.createdAt, since)));
  return Number(row?.value ?? 0);
}

/** One of a channel's dead letters, locked for a retry. */
export async function lockDeadLetter(
  db: Executor,
  tenantId: string,
  channelId: string,
  id: string,
): Promise<DeadLetter | undefined> {
  const [row] = await db
    .select()
    .from(deadLetters)
    .where(
      and(
        eq(deadLetters.tenantId, tenantId),
        eq(deadLetters.channelId, channelId),
        eq(deadLetters.id, id),
      ),
    )
    .for('update');
  return row;
}

/** A retry's outcome: taken in (resolved) or still waiting, with why. */
export async function markRetried(
  db: Executor,
  id: string,
  outcome: { resolved: boolean; reason?: string; detail?: string | null },
) {
  await db
    .update(deadLetters)
    .set({
      retriedAt: sql`now()`,
      ...(outcome.resolved ? { resolvedAt: sql`now()` } : {}),
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      ...(outcome.detail !== undefined ? { detail: outcome.detail?.slice(0, 1000) ?? null } : {}),
    })
    .where(eq(deadLetters.id, id));
}
