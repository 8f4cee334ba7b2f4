import { sql, type SQL } from 'drizzle-orm';

/*
 * Where outbound webhooks meet the event log (issue #36 item 4). Every change the house announces
 * goes through `appendEvent` (realtime/event-store.ts) as the last statement of its transaction;
 * this part of that statement queues one delivery per active subscription of the tenant whose
 * types include the event's webhook type and whose owner may receive the event (the event's
 * audience, which the access layer computed: the same rule as `canReceive`). So a delivery is
 * stored in the change's transaction, and a rolled-back change queues nothing. Without a
 * subscription the statement only probes the subscriptions' index: the item and the owner are
 * read per subscription (lateral, `limit 1` keeps them from being planned as whole-table joins).
 */

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

/**
 * A part of the event's statement (`name as (…)`) that queues the deliveries of the event row
 * of the CTE `source` (`inserted` in appendEvent).
 */
export function queueWebhookDeliveries(source: SQL): SQL {
  return sql`webhooks_queued as (
    insert into webhook_deliveries (id, tenant_id, subscription_id, event_id, domain_event_id,
      type, contact_id, payload, occurred_at)
    select gen_random_uuid(), s.tenant_id, s.id, 'evt_' || e.id, e.id, typed.type,
      (e.payload->>'contactId')::uuid, ${webhookData}, e.created_at
    from ${source} e
    join webhook_subscriptions s on s.tenant_id = e.tenant_id and s.state = 'active'
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
    on conflict do nothing
  )`;
}
