import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { channelMessages, channels, contacts, interactions } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/** The oldest main contact having any of these written numbers (the equivalent forms of one). */
export async function findContactByPhones(db: Executor, tenantId: string, phones: string[]) {
  if (!phones.length) return undefined;
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        sql`${contacts.phones} && array[${sql.join(
          phones.map((phone) => sql`${phone}`),
          sql`, `,
        )}]::text[]`,
        isNull(contacts.parentContactId),
      ),
    )
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return row;
}

/** The numbers the contact last wrote from through a channel (as the provider wrote them). */
export async function recentSenderForms(
  db: Executor,
  tenantId: string,
  contactId: string,
  channelId: string,
) {
  const rows = await db
    .select({ from: sql<string | null>`${interactions.content}->>'from'` })
    .from(channelMessages)
    .innerJoin(
      interactions,
      idInTenant(interactions, channelMessages.tenantId, channelMessages.interactionId),
    )
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.contactId, contactId),
        eq(channelMessages.channelId, channelId),
        eq(channelMessages.direction, 'in'),
      ),
    )
    .orderBy(desc(channelMessages.interactionId))
    .limit(20);
  return rows.map((row) => row.from).filter((from): from is string => Boolean(from));
}

/**
 * The tenant's channel of these types whose provider account (number or page id) is `account`;
 * a sending number (`fromNumber`) is compared by its digits.
 */
export async function findChannelByAccount(
  db: Executor,
  tenantId: string,
  types: readonly string[],
  field: 'phoneNumberId' | 'pageId' | 'fromNumber',
  account: string,
) {
  const value =
    field === 'fromNumber'
      ? sql`regexp_replace(${channels.config}->>${field}, '[^0-9]', '', 'g')`
      : sql`${channels.config}->>${field}`;
  const [row] = await db
    .select()
    .from(channels)
    .where(
      and(
        eq(channels.tenantId, tenantId),
        inArray(channels.type, [...types]),
        sql`${value} = ${account}`,
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(asc(channels.createdAt), asc(channels.id))
    .limit(1);
  return row;
}
