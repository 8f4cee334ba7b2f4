import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { goals } from '@cartera/db/schema';
import { reachedSellersCondition, type ReachedSellerIds } from '../access/sellers';

/** Weekly goals of some sellers whose week starts between two days. */
export async function findGoals(
  db: Executor,
  tenantId: string,
  userIds: ReachedSellerIds,
  from: string,
  to: string,
) {
  if (!userIds.length) return [];
  return db
    .select()
    .from(goals)
    .where(
      and(
        eq(goals.tenantId, tenantId),
        reachedSellersCondition(goals.userId, userIds),
        gte(goals.start, from),
        lte(goals.start, to),
      ),
    )
    .orderBy(asc(goals.start));
}

/** Sets a seller's goal of a week (one per seller and week). */
export async function upsertGoal(
  db: Executor,
  values: { tenantId: string; userId: string; start: string; targets: Record<string, number> },
) {
  const [row] = await db
    .insert(goals)
    .values(values)
    .onConflictDoUpdate({
      target: [goals.tenantId, goals.userId, goals.start],
      set: { targets: values.targets, updatedAt: new Date() },
    })
    .returning();
  return row!;
}
