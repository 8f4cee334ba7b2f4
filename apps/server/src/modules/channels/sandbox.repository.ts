import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages, contacts } from '@cartera/db/schema';

/**
 * Which of these customer messages (provider ids) a sandbox channel has taken in: they are on a
 * seller's timeline, so the customer's page shows them delivered (two ticks).
 */
export async function takenInProviderIds(
  db: Executor,
  channel: { tenantId: string; id: string },
  providerIds: string[],
): Promise<Set<string>> {
  if (!providerIds.length) return new Set();
  const rows = await db
    .select({ providerMessageId: channelMessages.providerMessageId })
    .from(channelMessages)
    .where(
      and(
        eq(channelMessages.tenantId, channel.tenantId),
        eq(channelMessages.channelId, channel.id),
        eq(channelMessages.direction, 'in'),
        inArray(channelMessages.providerMessageId, providerIds),
      ),
    );
  return new Set(rows.flatMap((row) => (row.providerMessageId ? [row.providerMessageId] : [])));
}

/** The demo seed's conversations: an agent's contacts that have a number, most recent first. */
export function findContactsWithPhone(
  db: Executor,
  tenantId: string,
  agentId: string,
  limit: number,
) {
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, phones: contacts.phones })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.agentId, agentId),
        isNull(contacts.parentContactId),
        sql`cardinality(${contacts.phones}) > 0`,
      ),
    )
    .orderBy(sql`${contacts.lastInteractionAt} desc nulls last`, asc(contacts.id))
    .limit(limit);
}
