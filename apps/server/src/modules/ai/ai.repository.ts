import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { aiSettings, aiUsage, groups, interactions } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The company's monthly limit as set, or null when it never was (the default applies). */
export async function findMonthlyLimit(db: Executor, tenantId: string): Promise<number | null> {
  const [row] = await db
    .select({ monthlyLimit: aiSettings.monthlyLimit })
    .from(aiSettings)
    .where(eq(aiSettings.tenantId, tenantId));
  return row?.monthlyLimit ?? null;
}

export async function saveMonthlyLimit(db: Executor, tenantId: string, monthlyLimit: number) {
  await db
    .insert(aiSettings)
    .values({ tenantId, monthlyLimit })
    .onConflictDoUpdate({
      target: aiSettings.tenantId,
      set: { monthlyLimit, updatedAt: sql`now()` },
    });
}

/** The drafts the company asked for in the month (its first day, YYYY-MM-01). */
export async function findUsage(db: Executor, tenantId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ requests: aiUsage.requests })
    .from(aiUsage)
    .where(and(eq(aiUsage.tenantId, tenantId), eq(aiUsage.month, month)));
  return row?.requests ?? 0;
}

/**
 * Counts one more draft in the month unless the company already asked for `limit`: one
 * statement, so two sellers asking at once cannot both take the last one. Answers the count
 * after this draft, or null when the limit is reached.
 */
export async function takeOneRequest(
  db: Executor,
  tenantId: string,
  month: string,
  limit: number,
): Promise<number | null> {
  if (limit <= 0) return null;
  const [row] = await db
    .insert(aiUsage)
    .values({ tenantId, month, requests: 1 })
    .onConflictDoUpdate({
      target: [aiUsage.tenantId, aiUsage.month],
      set: { requests: sql`${aiUsage.requests} + 1` },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  return row?.requests ?? null;
}

/** The company's name (its root group's display name, else its name). */
export async function findCompanyName(db: Executor, tenantId: string): Promise<string> {
  const [row] = await db
    .select({ name: groups.name, displayName: groups.displayName })
    .from(groups)
    .where(idInTenant(groups, tenantId, tenantId));
  return row?.displayName || row?.name || '';
}

/**
 * The newest items of one contact's conversation of the given types, newest first. The caller
 * has checked that the user may see the contact (access/contacts): only its rows are read.
 */
export function findRecentItems(
  db: Executor,
  tenantId: string,
  contactId: string,
  types: readonly string[],
  limit: number,
) {
  return db
    .select({
      id: interactions.id,
      type: interactions.type,
      content: interactions.content,
      agentId: interactions.agentId,
      createdAt: interactions.createdAt,
    })
    .from(interactions)
    .where(
      and(
        eq(interactions.tenantId, tenantId),
        eq(interactions.contactId, contactId),
        inArray(interactions.type, [...types]),
      ),
    )
    .orderBy(desc(interactions.id))
    .limit(limit);
}
