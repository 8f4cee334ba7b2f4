import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '@cartera/db/client';
import { channelMessages, contacts, interactions } from '@cartera/db/schema';
import {
  chatDirection,
  interactionEffects,
  metricsDay,
  type MetricEffect,
} from '@cartera/domain/metrics';
import { appendEvent } from '../../realtime/event-store';
import { audienceOfWatchers, contactAudience, contactWatchersQuery } from '../access/contacts';
import { addDayCounts, countsAlongside } from '../metrics/metrics.writer';
import { customerMessageSet, lastMessageOf, reopenedLine } from '../timeline/last-message';
import {
  recordInteraction,
  type AnnouncedContact,
  type NewTimelineItem,
} from '../timeline/timeline-writer';

/*
 * The inbox worker's writes of a customer's message in as few round trips as the rules allow
 * (bench:ingest, issue #31 item 12). An event's transaction is: begin, the sender's lock with
 * the contact's read and the provider id's claim (one statement), the item with the contact's
 * touch, the day's rollups and the event (one statement), commit. The rules are the timeline
 * writer's and the metrics writer's; only the statements are fewer.
 */

/** What `lockSenderAndClaim` found: the sender's contact, and whether the provider id is ours. */
export interface SenderClaim {
  contact: AnnouncedContact | undefined;
  /** Who watches the contact besides the tenant-wide roles (findContactWatchers' list). */
  watchers: string[] | undefined;
  /** True: claimed now; false: claimed before (a replay); undefined: no contact to claim for. */
  claimed: boolean | undefined;
}

/**
 * Takes the sender's lock, reads the sender's contact and, when there is one, claims the
 * provider's message id for the new item: one statement.
 *
 * The read sees the database as it was when the statement began, which may be before the lock
 * was granted: a contact it finds is the sender's (an older main contact cannot appear later),
 * but finding none may only mean that whoever held the lock was creating it. The caller then
 * reads again, now under the lock, and creates the contact only if there is still none.
 */
export async function lockSenderAndClaim(
  tx: Transaction,
  claim: {
    tenantId: string;
    lockKey: string;
    /** The sender's contact: the oldest main contact matching this condition. */
    matches: SQL;
    interactionId: string;
    createdAt: Date;
    channelId: string;
    providerMessageId: string;
  },
): Promise<SenderClaim> {
  // The claim reads `locked`, so the lock is held before the claim is tried, as when they were
  // two statements (another instance's transaction of the same message never waits for it
  // while holding a claim this one waits for).
  const result = await tx.execute(sql`
    with locked as (
      select pg_advisory_xact_lock(hashtextextended(${claim.lockKey}, 0)) as held
    ), found as (
      select id, agent_id, reserved_by, reserved_until from ${contacts}
      where tenant_id = ${claim.tenantId}::uuid and ${claim.matches} and parent_contact_id is null
      order by created_at, id
      limit 1
    ), claimed as (
      insert into ${channelMessages} (tenant_id, interaction_id, channel_id, contact_id, direction,
        provider_message_id, created_at)
      select ${claim.tenantId}::uuid, ${claim.interactionId}::uuid, ${claim.channelId}::uuid,
        found.id, 'in', ${claim.providerMessageId}, ${claim.createdAt.toISOString()}::timestamptz
      from found cross join locked
      on conflict (channel_id, provider_message_id) where provider_message_id is not null
      do nothing
      returning interaction_id
    )
    select found.id, found.agent_id as "agentId", found.reserved_by as "reservedBy",
      found.reserved_until as "reservedUntil",
      exists (select 1 from claimed) as claimed,
      (select array_agg(w.id::text order by w.rank) from (${contactWatchersQuery(
        sql`${claim.tenantId}::uuid`,
        sql`found.agent_id`,
      )}) w) as watchers
    from locked left join found on true`);
  const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  if (!row?.id) return { contact: undefined, watchers: undefined, claimed: undefined };
  const until = row.reservedUntil as string | Date | null;
  const agentId = (row.agentId as string | null) ?? null;
  return {
    watchers: agentId ? [...new Set([agentId, ...((row.watchers as string[] | null) ?? [])])] : [],
    contact: {
      id: String(row.id),
      tenantId: claim.tenantId,
      agentId,
      reservedBy: (row.reservedBy as string | null) ?? null,
      reservedUntil: until ? new Date(until) : null,
    },
    claimed: row.claimed === true,
  };
}

/** The condition of a contact having any of these written numbers (findContactByPhones'). */
export function hasAnyPhone(phones: string[]): SQL {
  return sql`phones && array[${sql.join(
    phones.map((phone) => sql`${phone}`),
    sql`, `,
  )}]::text[]`;
}

/** The condition of a contact known by this scoped id (findContactByScopedId's). */
export function hasScopedId(scopedId: string): SQL {
  return sql`channels @> ${JSON.stringify([{ config: { PSID: scopedId } }])}::jsonb`;
}

/**
 * The day's rollups of several customers' messages taken in by one transaction (the inbox's
 * batches, webhook-inbox.ts): added up and written once, last, so the rows every message adds to
 * (a seller's messages of the day) are held from that statement to the commit only, as when each
 * message had its transaction.
 */
export class DeferredRollups {
  private readonly days = new Map<
    string,
    { tenantId: string; day: string; effects: MetricEffect[] }
  >();

  add(tenantId: string, day: string, effects: readonly MetricEffect[]) {
    if (!effects.length) return;
    const key = `${tenantId}|${day}`;
    const entry = this.days.get(key) ?? { tenantId, day, effects: [] };
    entry.effects.push(...effects);
    this.days.set(key, entry);
  }

  /** One statement a tenant and day, in key order (writers take rollup rows in one order). */
  async write(tx: Transaction) {
    const keys = [...this.days.keys()].sort();
    for (const key of keys) {
      const { tenantId, day, effects } = this.days.get(key)!;
      await addDayCounts(tx, tenantId, day, effects);
    }
    this.days.clear();
  }
}

/**
 * A customer's message on the contact's timeline, as `recordInteraction` writes it, in one
 * statement: the item, the contact's last interaction and answer wait ('start': a customer's
 * message waits for an answer), its unread count and preview (an archived conversation
 * reopens, with a timeline line saying so), the day's rollups and the event. Only for a new item id of a message from the customer (its claim was just made);
 * anything else goes through `recordInteraction`.
 */
export async function recordInboundItem(
  tx: Transaction,
  contact: AnnouncedContact,
  item: NewTimelineItem & { createdAt: Date },
  /** The contact's watchers when the sender's claim read them (one round trip less). */
  watchers?: readonly string[],
  /** In a batch of messages: the rollups are added up here and written at its end. */
  deferred?: DeferredRollups,
) {
  const metricItem = {
    type: item.type,
    content: item.content,
    actorId: null,
    createdBySystem: item.createdBySystem ?? true,
    contactAgentId: contact.agentId,
  };
  if (chatDirection(metricItem) !== 'in') {
    await recordInteraction(tx, null, contact, item);
    return;
  }
  const at = item.createdAt;
  const inserted = tx.insert(interactions).values({
    id: item.id,
    tenantId: contact.tenantId,
    contactId: contact.id,
    type: item.type,
    content: item.content,
    agentId: null,
    via: item.via ?? 'web',
    status: item.status ?? null,
    createdBySystem: item.createdBySystem ?? true,
    suggestions: item.suggestions ?? [],
    createdAt: at,
  });
  // touchContactWait's 'start', and the inbox's unread count, preview and reopening (issue #33).
  const touched = tx
    .update(contacts)
    .set({
      lastInteractionAt: at,
      awaitingReplySince: sql`coalesce(${contacts.awaitingReplySince}, ${at.toISOString()}::timestamptz)`,
      ...customerMessageSet(at, lastMessageOf({ ...metricItem, actorId: null }, at, null)),
    })
    .where(and(eq(contacts.tenantId, contact.tenantId), eq(contacts.id, contact.id)));
  // touchForInteraction's counts of a message in: no response and no follow-up (no actor).
  const effects = interactionEffects(metricItem);
  deferred?.add(contact.tenantId, metricsDay(at), effects);
  const rollups = deferred
    ? undefined
    : countsAlongside({
        tenantId: contact.tenantId,
        contactId: contact.id,
        day: metricsDay(at),
        effects,
        followUp: null,
      });
  const audienceContact = {
    tenantId: contact.tenantId,
    agentId: contact.agentId,
    reservedBy: contact.reservedBy ?? null,
    reservedUntil: contact.reservedUntil ?? null,
  };
  const audience = watchers
    ? audienceOfWatchers(audienceContact, watchers)
    : await contactAudience(tx, audienceContact);
  await appendEvent(
    tx,
    {
      tenantId: contact.tenantId,
      type: 'interaction.created',
      topic: `contact:${contact.id}`,
      // The holder lets a screen skip asking whether the message concerns its user (issue #33).
      payload: {
        contactId: contact.id,
        interactionId: item.id,
        type: item.type,
        holderId: contact.agentId,
      },
      audience,
      actorUserId: null,
    },
    {
      alongside: sql.join(
        [
          sql`inbound_item as (${inserted.getSQL()})`,
          sql`inbound_touch as (${touched.getSQL()})`,
          reopenedLine(contact.tenantId, contact.id, at),
          rollups,
        ].filter((part): part is SQL => part !== undefined),
        sql`, `,
      ),
    },
  );
}

/**
 * A receipt's change of an item (its status, its content), as a part of its announcement's
 * statement (`announceInteraction`'s `alongside`): one statement instead of two.
 */
export function itemStateAlongside(
  tx: Transaction,
  tenantId: string,
  interactionId: string,
  values: { status: string | null; content: Record<string, unknown> },
): SQL {
  const updated = tx
    .update(interactions)
    .set(values)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, interactionId)));
  return sql`receipt_state as (${updated.getSQL()})`;
}
