import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';

/*
 * Where outbound webhooks meet the event log (issue #36 item 4). Every change the house announces
 * records a row in `domain_events` (realtime/event-store.ts) in its own transaction. Each active
 * subscription keeps a cursor, `queued_through`: the last event id of its company it has looked
 * at. A pass of the dispatcher (webhook-delivery.service) first moves every cursor forward: in one
 * transaction it reads the events after it, queues one delivery for each whose webhook type the
 * subscription takes and whose audience includes the subscription's owner (the access layer's
 * rule, as `canReceive`), and stores the new cursor. So queueing is off the writes' hot path (it
 * used to run inside the event's statement), and still durable: a
 * crash before that commit leaves the cursor where it was and the next pass queues the same
 * events again. Complete because a tenant's event ids are given in commit order, after each
 * change commits (realtime/event-sequencer.ts), for this cursor as for `realtime.events`. A new or resumed
 * subscription starts at its company's last event: it receives what happens from then on; a
 * subscription being paused first queues what happened before the pause.
 */

/** Events one subscription's cursor moves over in a pass; subscriptions moved per statement. */
const EVENTS_PER_SUBSCRIPTION = 1_000;
const SUBSCRIPTIONS_PER_STATEMENT = 50;

/**
 * The webhook type of an event row `e` (with its timeline item `i`, null when none is readable),
 * or null when no webhook type describes it.
 */
const webhookType = sql`case
  when e.type = 'interaction.created' and e.payload->>'type' = 'channelMessage'
    and e.actor_user_id is null then 'message.received'
  when e.type = 'interaction.updated' and e.payload->>'type' = 'channelMessage'
    then 'message.status'
  when e.type = 'interaction.created' and e.payload->>'type' = 'transfer'
    then 'contact.transferred'
  when e.type = 'interaction.created' and e.payload->>'type' = 'archiving'
    and coalesce(i.content->>'to', '') <> '' then 'contact.archived'
  when e.type = 'interaction.created' and e.payload->>'type' = 'sale'
    and i.content->>'type' in ('state-change', 'cancellation') then 'receipt.status_changed'
  when e.type = 'interaction.created' and e.payload->>'type' = 'saleupdate'
    and i.content->>'type' = 'created' then 'request_sale.created'
  when e.type = 'interaction.created' and e.payload->>'type' = 'saleupdate'
    and i.content->>'type' in ('updated', 'state-change') then 'request_sale.updated'
  when e.type = 'interaction.created' then 'interaction.created'
  when e.type in ('contact.created', 'contact.updated') then e.type
  else null end`;

/** The `data` of a delivery: ids and the item's kind, never the tenant. */
const webhookData = sql`jsonb_strip_nulls(jsonb_build_object(
  'contactId', e.payload->>'contactId',
  'interactionId', e.payload->>'interactionId',
  'itemType', e.payload->>'type',
  'what', e.payload->>'what',
  'receiptId', case when e.payload->>'type' = 'sale' then i.content->'sale'->>'_id' end,
  'status', case when e.payload->>'type' = 'sale' then i.content->>'status'
    when e.payload->>'type' = 'saleupdate' then i.content->>'state' end,
  'requestSaleId', case when e.payload->>'type' = 'saleupdate'
    then i.content->>'requestsaleid' end))`;

/** Whether the owner `u` (with its group) is in the event's audience (an empty one reaches everyone). */
const ownerReceives = sql`(
  coalesce(jsonb_array_length(e.audience->'userIds'), 0)
    + coalesce(jsonb_array_length(e.audience->'groupIds'), 0)
    + coalesce(jsonb_array_length(e.audience->'roles'), 0) = 0
  or jsonb_exists(coalesce(e.audience->'userIds', '[]'), u.id::text)
  or jsonb_exists_any(coalesce(e.audience->'groupIds', '[]'),
    array_append(u.ancestors::text[], u.group_id::text))
  or jsonb_exists_any(coalesce(e.audience->'roles', '[]'), u.roles))`;

/** The last event id of the subscription's company, for a cursor that starts now. */
export const lastEventOfTenant = (tenantId: SQL) =>
  sql`(select coalesce(max(id), 0) from domain_events where tenant_id = ${tenantId})`;

/**
 * Moves the cursors of up to SUBSCRIPTIONS_PER_STATEMENT active subscriptions that are behind
 * their company's events (skipping those another instance is moving), queueing their deliveries.
 * Answers how many subscriptions moved, so the caller repeats while some did.
 */
export async function queuePendingDeliveries(
  db: Executor,
  /** Only this subscription, waiting for it if another instance is moving it (before a pause). */
  only?: { tenantId: string; id: string },
): Promise<number> {
  const which = only
    ? sql`and s.tenant_id = ${only.tenantId}::uuid and s.id = ${only.id}::uuid`
    : sql``;
  const result = await db.execute(sql`
    with behind as (
      select s.id, s.tenant_id, s.queued_through from webhook_subscriptions s
      where s.state = 'active' and s.queued_through < ${lastEventOfTenant(sql`s.tenant_id`)}
        ${which}
      order by s.id
      limit ${SUBSCRIPTIONS_PER_STATEMENT}
      for update of s ${only ? sql`` : sql`skip locked`}
    ), read as (
      select e.*, behind.id as subscription_id from behind
      cross join lateral (
        select * from domain_events d
        where d.tenant_id = behind.tenant_id and d.id > behind.queued_through
        order by d.id
        limit ${EVENTS_PER_SUBSCRIPTION}) e
    ), queued as (
      insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, domain_event_id,
        type, contact_id, payload, occurred_at)
      select gen_random_uuid(), s.tenant_id, s.id, 'evt_' || e.id, e.id, typed.type,
        (e.payload->>'contactId')::uuid, ${webhookData}, e.created_at
      from read e
      join webhook_subscriptions s on s.id = e.subscription_id
      left join lateral (
        select i.content from interactions i
        where i.tenant_id = e.tenant_id
          and i.id = case when e.payload->>'interactionId' ~ '^[0-9a-f-]{36}$'
            then (e.payload->>'interactionId')::uuid end
        limit 1) i on true
      cross join lateral (select ${webhookType} as type) typed
      join lateral (
        select u.id, u.roles, g.id as group_id, g.ancestors from users u
        join groups g on g.tenant_id = u.tenant_id and g.id = u.group_id
        where u.tenant_id = s.tenant_id and u.id = s.created_by
        limit 1) u on true
      where typed.type = any(s.event_types) and ${ownerReceives}
      order by e.id
      on conflict do nothing
    ), moved as (
      update webhook_subscriptions s set queued_through = last.id
      from (select subscription_id, max(id) as id from read group by subscription_id) last
      where s.id = last.subscription_id
      returning s.id
    )
    select count(*)::int as moved from moved`);
  const [row] = (result as unknown as { rows: Array<{ moved: number }> }).rows;
  return row?.moved ?? 0;
}
