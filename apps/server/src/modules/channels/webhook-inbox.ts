import { inArray, sql } from 'drizzle-orm';
import superjson from 'superjson';
import type { Executor } from '@cartera/db/client';
import { webhookInbox, type Channel } from '@cartera/db/schema';
import type { InboundEvent } from '../../providers/adapter';
import type { AppDeps } from '../../deps';
import { providerSlugFor } from '../../providers/registry';
import { keepListening } from '../../realtime/kept-listen';
import { findChannel } from './channels.repository';
import { insertDeadLetter } from './dead-letters.repository';
import { bellOf, WEBHOOK_INBOX_CHANNEL } from './webhook-inbox-bell';

/**
 * The webhook inbox: a provider's verified events are stored in one statement and answered at
 * once (the provider's acknowledgement never waits for the timelines), then this worker takes
 * them in, each customer's in the order they arrived: messages and receipts of a group of
 * customers in one transaction (ingestEventsTogether), anything else one event a transaction.
 * Every server instance runs one worker; rows are leased with SKIP LOCKED, so two never take the
 * same row (two instances may take one customer's consecutive rows at the same time).
 *
 * Nothing acknowledged is lost: a row is deleted only after its events are stored, and a crash
 * leaves it to be taken again when its lease ends. Taking an event in twice changes nothing (a
 * message's provider id is claimed once, a receipt never moves a status back, a connection
 * state already recorded is not announced again), so at-least-once here is exactly once on the
 * timelines. A failure (a provider call of a lead, the database) waits a backoff and is tried
 * again; after MAX_ATTEMPTS the row's events become a dead letter of their channel ('Mensajes no
 * procesados', dead-letters.service.ts), as do the events of a channel deleted since: nothing
 * acknowledged is dropped in silence.
 */

export { WEBHOOK_INBOX_CHANNEL };
/**
 * Rows a worker leases at a time. A batch ends when its slowest lane does, so the lanes wait
 * for each other once per batch: 64 rows halve that wait and the lease's and deletion's
 * statements against 32 (issue #31 item 12).
 */
const BATCH_SIZE = 64;
/**
 * Customers whose rows a worker takes in at the same time. bench:ingest: with about ten
 * statements an event, 4 delayed the acknowledgements (p99 61 ms) and 2 was kept; since an event
 * is four statements (inbound-writer.ts) a lane holds its connection and the event loop for
 * less than half as long, and 4 leave most of the pool of 10 to the acknowledgements.
 */
const LANES = 4;
/**
 * Customers a lane takes in in one transaction (ingestEventsTogether): a batch's lanes are
 * shared out so each of the LANES gets one group, at most this many customers each.
 */
const GROUP_MAX = 16;
/** How long a leased row is left alone before another worker may take it (a crashed one). */
const LEASE_SECONDS = 60;
/** How often a worker looks without being woken (leases that ended, backoffs that passed). */
const POLL_MS = 1_000;
/** Attempts before a row's events become a dead letter. */
export const MAX_ATTEMPTS = 10;

/**
 * Stores a channel's verified events inside the caller's transaction and wakes the workers when
 * it commits (NOTIFY): a dead letter sent back, tests. A provider's webhook uses
 * `acknowledgeWebhookEvents`.
 */
export async function enqueueWebhookEvents(db: Executor, channel: Channel, events: InboundEvent[]) {
  if (events.length === 0) return;
  await db.execute(sql`
    with stored as (${insertRow(channel, events)} returning id)
    select pg_notify(${WEBHOOK_INBOX_CHANNEL}, '') from stored`);
}

function insertRow(channel: Channel, events: InboundEvent[]) {
  const stored = JSON.stringify(superjson.serialize(events));
  return sql`insert into ${webhookInbox} (tenant_id, channel_id, events)
    values (${channel.tenantId}::uuid, ${channel.id}::uuid, ${stored}::jsonb)`;
}

/**
 * Counts a provider's webhook from its arrival to its answer (call the result once answered),
 * so the worker steps aside while a burst waits (`stepAside`).
 */
export function webhookReceived(deps: AppDeps): () => void {
  return bellOf(deps).received();
}

/**
 * A provider's verified events, stored before the provider is answered: one statement in its own
 * transaction, then the workers are woken (InboxBell).
 */
export async function acknowledgeWebhookEvents(
  deps: AppDeps,
  channel: Channel,
  events: InboundEvent[],
) {
  if (events.length === 0) return;
  await deps.db.execute(insertRow(channel, events));
  bellOf(deps).ring(deps);
}

/** How the worker takes events in (channel-inbound.service.ts). */
export interface InboxIngest {
  /** One event in its own transaction. */
  one: (channel: Channel, event: InboundEvent) => Promise<unknown>;
  /** Several customers' events in one transaction, all or none; those `batchable` says. */
  together?: (items: Array<{ channel: Channel; event: InboundEvent }>) => Promise<unknown>;
  batchable: (event: InboundEvent) => boolean;
}

interface LeasedRow {
  id: number;
  tenantId: string;
  channelId: string;
  events: InboundEvent[];
  attempts: number;
}

/** Leases the next rows that are due, oldest first. */
async function leaseRows(db: Executor): Promise<LeasedRow[]> {
  const result = await db.execute(sql`
    update ${webhookInbox}
    set attempts = attempts + 1,
      available_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from ${webhookInbox}
      where available_at <= now()
      order by id
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id, tenant_id as "tenantId", channel_id as "channelId", events, attempts`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows
    .map((row) => ({
      id: Number(row.id),
      tenantId: String(row.tenantId),
      channelId: String(row.channelId),
      events: superjson.deserialize<InboundEvent[]>(
        (typeof row.events === 'string' ? JSON.parse(row.events) : row.events) as never,
      ),
      attempts: Number(row.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** The wait before a failed row is tried again: 1 s, 2 s, 4 s… up to five minutes. */
function backoffSeconds(attempts: number) {
  return Math.min(2 ** Math.max(attempts - 1, 0), 300);
}

/**
 * A row failed: it waits its backoff (or is parked), and the customer's later rows leased with
 * it wait as long, so they are taken after it again (their lease is not counted as an attempt).
 */
async function recordFailure(db: Executor, row: LeasedRow, later: LeasedRow[], error: unknown) {
  const parked = row.attempts >= MAX_ATTEMPTS;
  const message = error instanceof Error ? error.message : String(error);
  const until = parked
    ? sql`'infinity'::timestamptz`
    : sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`;
  await db.execute(sql`
    update ${webhookInbox} set last_error = ${message.slice(0, 1000)}, available_at = ${until}
    where id = ${row.id}`);
  if (later.length) {
    await db.execute(sql`
      update ${webhookInbox} set attempts = attempts - 1, available_at = ${until}
      where id in (${sql.join(
        later.map((each) => sql`${each.id}`),
        sql`, `,
      )})`);
  }
  return parked;
}

/** What must be taken in in order: one customer's messages, one message's receipts. */
function orderKey(row: LeasedRow) {
  const event = row.events[0];
  const of = (() => {
    switch (event?.kind) {
      case 'message':
        return `from:${event.from.phone ?? event.from.scopedId ?? ''}`;
      case 'watermark':
        return `from:${event.recipient.scopedId}`;
      case 'status':
        return `message:${event.providerMessageId}`;
      case 'lead':
        return `lead:${event.providerLeadId}`;
      default:
        return 'channel';
    }
  })();
  return `${row.channelId}|${of}`;
}

/**
 * Takes in the leased rows: those of one customer (or one message's receipts) one after the
 * other in arrival order, up to LANES customers at a time. A row's events go one by one; when
 * one fails, the rest of that row and the customer's later rows of the batch wait for the
 * retry (those before it are not written twice).
 */
async function takeIn(deps: AppDeps, rows: LeasedRow[], ingest: InboxIngest) {
  const channels = new Map<string, Promise<Channel | undefined>>();
  const channelOf = (row: LeasedRow) => {
    const key = `${row.tenantId}:${row.channelId}`;
    if (!channels.has(key)) channels.set(key, findChannel(deps.db, row.tenantId, row.channelId));
    return channels.get(key)!;
  };
  const lanes = new Map<string, LeasedRow[]>();
  for (const row of rows) {
    const key = orderKey(row);
    lanes.set(key, [...(lanes.get(key) ?? []), row]);
  }
  const done: number[] = [];
  const bell = bellOf(deps);
  const takeLane = async (lane: LeasedRow[]) => {
    for (const [index, row] of lane.entries()) {
      await bell.stepAside();
      try {
        const channel = await channelOf(row);
        // A channel deleted since: its events have nowhere to go but the dead letters.
        if (channel) for (const event of row.events) await ingest.one(channel, event);
        else await keepAsDeadLetter(deps, row, 'CHANNEL_GONE', 'channel deleted');
        done.push(row.id);
      } catch (error) {
        // Given up: the dead letter is written before the row is parked, so whoever waits for
        // the inbox to settle finds it there.
        if (row.attempts >= MAX_ATTEMPTS) {
          const message = error instanceof Error ? error.message : String(error);
          await keepAsDeadLetter(deps, row, 'INGEST_FAILED', message);
        }
        const parked = await recordFailure(deps.db, row, lane.slice(index + 1), error);
        deps.logger[parked ? 'error' : 'warn'](
          { err: error, inboxId: row.id, channelId: row.channelId, attempts: row.attempts },
          parked ? 'webhooks: events given up after repeated failures' : 'webhooks: will retry',
        );
        if (parked) await deps.db.delete(webhookInbox).where(inArray(webhookInbox.id, [row.id]));
        return;
      }
    }
  };
  /**
   * Customers' rows taken in together in one transaction; when that fails (a replay that made a
   * contact, a deadlock, the database), nothing of it was written and each customer's rows are
   * taken in on their own, with their failures counted as before.
   */
  const takeGroup = async (group: LeasedRow[][]) => {
    await bell.stepAside();
    try {
      const items: Array<{ channel: Channel; event: InboundEvent }> = [];
      for (const row of group.flat()) {
        const channel = await channelOf(row);
        if (!channel) throw new Error('channel deleted');
        for (const event of row.events) items.push({ channel, event });
      }
      await ingest.together!(items);
      for (const row of group.flat()) done.push(row.id);
    } catch (error) {
      deps.logger.debug({ err: error }, 'webhooks: a batch is taken in customer by customer');
      for (const lane of group) await takeLane(lane);
    }
  };
  const together = ingest.together
    ? [...lanes.values()].filter((lane) =>
        lane.every((row) => row.events.every((event) => ingest.batchable(event))),
      )
    : [];
  const alone = [...lanes.values()].filter((lane) => !together.includes(lane));
  const size = Math.min(GROUP_MAX, Math.ceil(together.length / LANES));
  const work: Array<() => Promise<void>> = alone.map((lane) => () => takeLane(lane));
  for (let at = 0; at < together.length; at += size) {
    const group = together.slice(at, at + size);
    work.push(group.length > 1 ? () => takeGroup(group) : () => takeLane(group[0]!));
  }
  await Promise.all(
    Array.from({ length: Math.min(LANES, work.length) }, async () => {
      for (let next = work.shift(); next; next = work.shift()) await next();
    }),
  );
  if (done.length) await deps.db.delete(webhookInbox).where(inArray(webhookInbox.id, done));
}

/** A row's events kept as a dead letter of its channel, with a warning. */
async function keepAsDeadLetter(
  deps: AppDeps,
  row: LeasedRow,
  reason: 'CHANNEL_GONE' | 'INGEST_FAILED',
  detail: string,
) {
  const channel = await findChannel(deps.db, row.tenantId, row.channelId).catch(() => undefined);
  const serialized = superjson.serialize(row.events);
  const id = await insertDeadLetter(deps.db, {
    tenantId: row.tenantId,
    channelId: row.channelId,
    provider: (channel && providerSlugFor(channel.type)) ?? 'unknown',
    reason,
    detail,
    payload: serialized.json,
    events: serialized,
  });
  deps.logger.warn(
    { deadLetterId: id, tenantId: row.tenantId, channelId: row.channelId, reason, detail },
    'webhooks: event not taken in, kept as a dead letter',
  );
}

/**
 * Starts this instance's worker: woken by every stored webhook, and every second for leases and
 * backoffs that ended. `stop` lets the batch in hand finish.
 */
export async function startWebhookInbox(deps: AppDeps, ingest: InboxIngest) {
  let running = true;
  let working: Promise<void> | null = null;
  let again = false;

  const drain = async () => {
    while (running) {
      const rows = await leaseRows(deps.db);
      if (rows.length === 0) return;
      await takeIn(deps, rows, ingest);
    }
  };
  const wake = () => {
    if (!running) return;
    if (working) {
      again = true;
      return;
    }
    working = drain()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'webhooks: inbox pass failed'))
      .finally(() => {
        working = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const bell = bellOf(deps);
  bell.local = wake;
  const stopListening = await keepListening(deps.database, WEBHOOK_INBOX_CHANNEL, wake, {
    logger: deps.logger,
    label: 'webhooks',
    onBack: wake,
  });
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  wake();

  return {
    async stop() {
      running = false;
      if (bell.local === wake) bell.local = undefined;
      clearInterval(timer);
      await stopListening();
      await working;
    },
  };
}

/**
 * Resolves once no stored webhook is waiting to be taken in (rows waiting out a failure's
 * backoff do not count): the demo seed, and tests that read what a webhook wrote.
 */
export async function webhookInboxSettled(db: Executor, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await db.execute(sql`
      select count(*)::int as pending from ${webhookInbox}
      where last_error is null or available_at <= now()`);
    const [row] = (result as unknown as { rows: Array<{ pending: number }> }).rows;
    if (Number(row?.pending ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('webhook inbox not settled');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
