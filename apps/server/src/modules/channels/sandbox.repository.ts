import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages } from '@cartera/db/schema';

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
