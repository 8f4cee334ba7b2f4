import { and, asc, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  campaignRecipients,
  campaigns,
  channelSendSlots,
  companyContacts,
  contactOptOuts,
  contacts,
  interactions,
  type CampaignSegment,
} from '@cartera/db/schema';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';

/*
 * The campaigns' statements (issue #42 item 2): segments, recipients, the shared send throttle
 * and the figures.
 */

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findCampaign(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  return row;
}

export function listCampaignRows(db: Executor, tenantId: string) {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.tenantId, tenantId))
    .orderBy(desc(campaigns.createdAt))
    .limit(200);
}

/** Locks the campaign's row for a change of its status (start, pause, resume, cancel). */
export async function lockCampaign(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)))
    .for('update');
  return row;
}

/**
 * The segment's conditions on `contacts`: main contacts (not sub-conversations) of the tenant
 * with every condition given.
 */
export function segmentConditions(tenantId: string, segment: CampaignSegment): SQL[] {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId), isNull(contacts.parentContactId)];
  if (segment.statusTag) conditions.push(eq(contacts.statusTag, segment.statusTag));
  if (segment.origin) conditions.push(eq(contacts.origin, segment.origin));
  if (segment.agentId) conditions.push(eq(contacts.agentId, segment.agentId));
  if (segment.companyId) {
    conditions.push(sql`exists (select 1 from ${companyContacts}
      where ${companyContacts.tenantId} = ${contacts.tenantId}
        and ${companyContacts.companyId} = ${segment.companyId}::uuid
        and ${companyContacts.contactId} = ${contacts.id})`);
  }
  if (segment.customField) {
    conditions.push(
      sql`${contacts.additionalData} ->> ${segment.customField.code} = ${segment.customField.value}`,
    );
  }
  if (segment.lastInteraction) {
    const since = sql`now() - make_interval(days => ${segment.lastInteraction.days})`;
    conditions.push(
      segment.lastInteraction.direction === 'newer'
        ? gte(contacts.lastInteractionAt, since)
        : sql`(${contacts.lastInteractionAt} is null or ${contacts.lastInteractionAt} < ${since})`,
    );
  }
  return conditions;
}

/** How many contacts a segment holds, and a sample of them (the preview). */
export async function segmentPreview(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  segment: CampaignSegment,
  sample: number,
) {
  const visible = scopeCondition(db, tenantId, scope);
  const where = and(...segmentConditions(tenantId, segment), ...(visible ? [visible] : []));
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(where);
  const rows = await db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      emails: contacts.emails,
      govId: contacts.govId,
      additionalData: contacts.additionalData,
    })
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.id))
    .limit(sample);
  return { count: Number(counted?.count ?? 0), sample: rows };
}

/** The segment's contacts, a page at a time by id (the recipients are written from them). */
export function segmentPage(
  db: Executor,
  tenantId: string,
  segment: CampaignSegment,
  after: string | null,
  limit: number,
) {
  const conditions = segmentConditions(tenantId, segment);
  if (after) conditions.push(sql`${contacts.id} > ${after}::uuid`);
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      emails: contacts.emails,
      govId: contacts.govId,
      additionalData: contacts.additionalData,
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

export type RecipientInsert = typeof campaignRecipients.$inferInsert;

export async function insertRecipients(db: Executor, rows: RecipientInsert[]) {
  if (!rows.length) return;
  await db.insert(campaignRecipients).values(rows).onConflictDoNothing();
}

/**
 * Contacts of the tenant (among `contactIds`) who wrote one of the opt-out words as a whole
 * message and are not recorded yet: recorded now. Answers every opted-out contact among them.
 */
export async function recordOptOuts(
  db: Executor,
  tenantId: string,
  contactIds: string[],
  words: string[],
) {
  if (!contactIds.length) return new Set<string>();
  const ids = sql`array[${sql.join(
    contactIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
  const folded = sql`array[${sql.join(
    words.map((word) => sql`${word}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(sql`
    insert into ${contactOptOuts} (tenant_id, contact_id, word, interaction_id)
    select distinct on (i.contact_id) i.tenant_id, i.contact_id,
      lower(trim(both ' .!¡?¿' from i.content -> 'message' ->> 'text')), i.id
    from ${interactions} i
    where i.tenant_id = ${tenantId}::uuid and i.contact_id = any(${ids})
      and i.type = 'channelMessage' and i.agent_id is null
      and i.content ->> 'origin' = 'contact'
      and lower(trim(both ' .!¡?¿' from i.content -> 'message' ->> 'text')) = any(${folded})
    order by i.contact_id, i.id
    on conflict do nothing`);
  const rows = await db
    .select({ contactId: contactOptOuts.contactId })
    .from(contactOptOuts)
    .where(
      and(eq(contactOptOuts.tenantId, tenantId), sql`${contactOptOuts.contactId} = any(${ids})`),
    );
  return new Set(rows.map((row) => row.contactId));
}

/** Every opt-out word the company's campaigns named, besides the default ones. */
export async function companyOptOutWords(db: Executor, tenantId: string) {
  const rows = await db
    .selectDistinct({ word: campaigns.optOutWord })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), sql`${campaigns.optOutWord} is not null`));
  return rows.map((row) => row.word!).filter(Boolean);
}

/**
 * Takes the next pending recipient of a campaign for sending: marked 'sending' (committed before
 * the provider is called, so a server that dies now leaves it 'sending', never pending again).
 */
export async function takeNextRecipient(db: Executor, tenantId: string, campaignId: string) {
  const result = await db.execute(sql`
    update ${campaignRecipients} set state = 'sending', taken_at = now()
    where (tenant_id, campaign_id, contact_id) = (
      select tenant_id, campaign_id, contact_id from ${campaignRecipients}
      where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid
        and state = 'pending'
      order by contact_id
      limit 1
      for update skip locked
    )
    returning contact_id as "contactId", phone`);
  const [row] = (result as unknown as { rows: Array<{ contactId: string; phone: string }> }).rows;
  return row;
}

export async function setRecipient(
  db: Executor,
  key: { tenantId: string; campaignId: string; contactId: string },
  values: Partial<
    Pick<
      typeof campaignRecipients.$inferInsert,
      'state' | 'reason' | 'detail' | 'interactionId' | 'sentAt'
    >
  >,
) {
  await db
    .update(campaignRecipients)
    .set(values)
    .where(
      and(
        eq(campaignRecipients.tenantId, key.tenantId),
        eq(campaignRecipients.campaignId, key.campaignId),
        eq(campaignRecipients.contactId, key.contactId),
      ),
    );
}

/**
 * Recipients left 'sending' by a sender that is gone (a server killed mid-send): the provider
 * may or may not have the message, so they become 'unknown' and are never sent again.
 */
export async function markInFlightUnknown(db: Executor, tenantId: string, campaignId: string) {
  const result = await db
    .update(campaignRecipients)
    .set({ state: 'unknown' })
    .where(
      and(
        eq(campaignRecipients.tenantId, tenantId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.state, 'sending'),
      ),
    )
    .returning({ contactId: campaignRecipients.contactId });
  return result.length;
}

/**
 * The channel's next send slot, shared by every server instance: the slot is the later of now
 * and the channel's `next_at`, which moves on by `stepMs` in the same statement. The caller
 * waits until the answered instant before calling the provider.
 */
export async function takeSendSlot(
  db: Executor,
  tenantId: string,
  channelId: string,
  stepMs: number,
): Promise<Date> {
  const step = sql`make_interval(secs => ${stepMs / 1000})`;
  const result = await db.execute(sql`
    insert into ${channelSendSlots} (tenant_id, channel_id, next_at)
    values (${tenantId}::uuid, ${channelId}::uuid, clock_timestamp() + ${step})
    on conflict (tenant_id, channel_id) do update
      set next_at = greatest(${channelSendSlots.nextAt}, clock_timestamp()) + ${step}
    returning next_at - ${step} as slot`);
  const [row] = (result as unknown as { rows: Array<{ slot: string | Date }> }).rows;
  return new Date(row!.slot);
}

/** Whether any recipient of the campaign is still to send. */
export async function hasPending(db: Executor, tenantId: string, campaignId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.tenantId, tenantId),
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.state, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A campaign's figures: its recipients by state and skip or failure reason; of those sent, by
 * the status their message reached (delivered, read, error) and how many answered after it, and
 * how many of them opted out by answering.
 */
export async function campaignFigures(db: Executor, tenantId: string, campaignId: string) {
  const states = await db
    .select({
      state: campaignRecipients.state,
      reason: campaignRecipients.reason,
      count: sql<number>`count(*)::int`,
    })
    .from(campaignRecipients)
    .where(
      and(eq(campaignRecipients.tenantId, tenantId), eq(campaignRecipients.campaignId, campaignId)),
    )
    .groupBy(campaignRecipients.state, campaignRecipients.reason);
  const result = await db.execute(sql`
    select
      count(*) filter (where i.status in ('delivered', 'read'))::int as delivered,
      count(*) filter (where i.status = 'read')::int as read,
      count(*) filter (where i.status = 'error')::int as errored,
      count(*) filter (where exists (
        select 1 from ${interactions} reply
        where reply.tenant_id = r.tenant_id and reply.contact_id = r.contact_id
          and reply.type = 'channelMessage' and reply.content ->> 'origin' = 'contact'
          and reply.id > r.interaction_id
      ))::int as replied,
      count(*) filter (where exists (
        select 1 from ${contactOptOuts} o
        where o.tenant_id = r.tenant_id and o.contact_id = r.contact_id
          and o.interaction_id > r.interaction_id
      ))::int as "optedOut"
    from ${campaignRecipients} r
    join ${interactions} i on i.tenant_id = r.tenant_id and i.id = r.interaction_id
    where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid
      and r.state = 'sent'`);
  const [figures] = (
    result as unknown as {
      rows: Array<{
        delivered: number;
        read: number;
        errored: number;
        replied: number;
        optedOut: number;
      }>;
    }
  ).rows;
  return { states, figures: figures! };
}

/** The recipients' last changes, newest first (the statistics' list). */
export function recipientsPage(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  campaignId: string,
  state: string | undefined,
  limit: number,
) {
  const visible = scopeCondition(db, tenantId, scope);
  const conditions = [
    eq(campaignRecipients.tenantId, tenantId),
    eq(campaignRecipients.campaignId, campaignId),
    ...(visible ? [visible] : []),
  ];
  if (state) conditions.push(eq(campaignRecipients.state, state));
  return db
    .select({
      contactId: campaignRecipients.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: campaignRecipients.phone,
      state: campaignRecipients.state,
      reason: campaignRecipients.reason,
      detail: campaignRecipients.detail,
      sentAt: campaignRecipients.sentAt,
    })
    .from(campaignRecipients)
    .innerJoin(
      contacts,
      and(
        eq(contacts.tenantId, campaignRecipients.tenantId),
        eq(contacts.id, campaignRecipients.contactId),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(campaignRecipients.contactId))
    .limit(limit);
}
