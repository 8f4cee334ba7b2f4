import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@cartera/db/client';
import type { Group } from '@cartera/db/schema';
import { createTenant, createUser } from '@cartera/db/factories';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { tokenFor } from '../testing/test-app';
import { startTestRedis, type TestRedis } from '../testing/redis-server';
import { resolveSession } from '../modules/sessions/session.service';
import type { AuthUser } from '../modules/sessions/session.types';
import { EventBus } from './event-bus';
import { sequencePending } from './event-sequencer';
import { appendEvent, lastEventId } from './event-store';
import { memoryTransport, type EventTransportKind } from './event-transports';
import { openEventStream, type EventEnvelope } from './stream';

/*
 * The event bus on each transport (issue #37): events are numbered after commit, so two
 * transactions may commit in another order than they wrote; every reader still gets every event
 * once, in commit order, live and when resuming; an event left pending by a dead process, or
 * numbered and never published, still reaches the subscribers.
 */

const CONTACT_ID = '0190d6a4-0000-7000-8000-0000000000aa';
const logger = pino({ level: 'silent' });

let database: TestDatabase;
let tenant: Group;
let user: AuthUser;
let redis: TestRedis | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database.handle;
  tenant = await createTenant(db, { name: 'Bus' });
  const seller = await createUser(db, tenant, { email: 'bus@bus.test' });
  user = (await resolveSession(db, await tokenFor(database.handle, seller)))!.user;
  redis = await startTestRedis();
});

afterAll(async () => {
  await redis?.stop();
  await database?.destroy();
});

/** One change's event on the contact, labelled by `what`, in a transaction of `handle`. */
function write(handle: DatabaseHandle, what: string) {
  return handle.db.transaction((tx) =>
    appendEvent(tx, {
      tenantId: tenant.id,
      type: 'contact.updated',
      topic: `contact:${CONTACT_ID}`,
      payload: { contactId: CONTACT_ID, what },
    }),
  );
}

/** A stream of the user's events and what it has yielded so far. */
async function stream(bus: EventBus, handle: DatabaseHandle, lastEventId?: number) {
  const abort = new AbortController();
  const items = await openEventStream({
    bus,
    db: handle.db,
    user,
    lastEventId: lastEventId === undefined ? undefined : String(lastEventId),
    signal: abort.signal,
  });
  const received: EventEnvelope[] = [];
  let wake: (() => void) | undefined;
  const reading = (async () => {
    for await (const item of items) {
      received.push(item[1]);
      wake?.();
    }
  })();
  return {
    received,
    whats: () => received.map((event) => event.payload.what),
    /** Resolves once `count` events arrived; fails the test after 10 s. */
    async until(count: number) {
      const deadline = setTimeout(() => wake?.(), 10_000);
      const started = Date.now();
      while (received.length < count && Date.now() - started < 10_000) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      clearTimeout(deadline);
      expect(received.length, `events received: ${JSON.stringify(this.whats())}`).toBe(count);
    },
    async close() {
      abort.abort();
      await reading;
    },
  };
}

const TRANSPORTS: EventTransportKind[] = ['memory', 'postgres', 'redis'];

describe.each(TRANSPORTS)('el bus de eventos por %s', (transport) => {
  let handleA: DatabaseHandle;
  let handleB: DatabaseHandle;
  let busA: EventBus;
  let busB: EventBus;

  beforeAll(async () => {
    // Two instances with their own connections; B writes, A delivers.
    handleA = database.connectAgain();
    handleB = database.connectAgain();
    const options = { transport, redisUrl: redis?.url, maintenanceMs: 3_600_000 };
    busA = new EventBus(handleA, logger, options);
    busB = new EventBus(handleB, logger, options);
    await busA.start();
    await busB.start();
  });

  afterAll(async () => {
    await busA?.stop();
    await busB?.stop();
  });

  it('entrega en vivo lo escrito en otra instancia, numerado seguido', async () => {
    const before = await lastEventId(handleA.db, tenant.id);
    const live = await stream(busA, handleA);
    await write(handleB, 'uno');
    await write(handleB, 'dos');
    await live.until(2);
    expect(live.whats()).toEqual(['uno', 'dos']);
    expect(live.received.map((event) => event.id)).toEqual([before + 1, before + 2]);
    await live.close();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'dos transacciones que confirman al revés de como escribieron llegan las dos, en orden de confirmación, en vivo y al retomar',
    async () => {
      const before = await lastEventId(handleA.db, tenant.id);
      const live = await stream(busA, handleA);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      // The first transaction writes first and commits last.
      const first = handleB.db.transaction(async (tx) => {
        await appendEvent(tx, {
          tenantId: tenant.id,
          type: 'contact.updated',
          topic: `contact:${CONTACT_ID}`,
          payload: { contactId: CONTACT_ID, what: 'escrito primero' },
        });
        wrote();
        await gate;
      });
      await written;
      await write(handleA, 'confirmado primero');
      await live.until(1);
      release();
      await first;
      await live.until(2);
      expect(live.whats()).toEqual(['confirmado primero', 'escrito primero']);
      const resumed = await stream(busA, handleA, before);
      await resumed.until(2);
      expect(resumed.received).toEqual(live.received);
      await Promise.all([live.close(), resumed.close()]);
    },
  );

  it('un evento que dejó pendiente un proceso caído llega por el barrido', async () => {
    const live = await stream(busA, handleA);
    // Committed as a transaction of a process that died before numbering it.
    await handleB.db.execute(sql`
      insert into pending_events (tenant_id, type, topic, payload, created_at)
      values (${tenant.id}::uuid, 'contact.updated', ${`contact:${CONTACT_ID}`},
        ${JSON.stringify({ contactId: CONTACT_ID, what: 'huérfano' })}::jsonb,
        now() - interval '1 minute')`);
    await write(handleB, 'después');
    await live.until(2);
    // The next write of the tenant numbers what was pending too, in order.
    expect(live.whats()).toEqual(['huérfano', 'después']);
    await handleB.db.execute(sql`
      insert into pending_events (tenant_id, type, topic, payload, created_at)
      values (${tenant.id}::uuid, 'contact.updated', ${`contact:${CONTACT_ID}`},
        ${JSON.stringify({ contactId: CONTACT_ID, what: 'solo' })}::jsonb,
        now() - interval '1 minute')`);
    // Without another write, the sweeper numbers and publishes it.
    await busB.maintain();
    await live.until(3);
    expect(live.whats()).toEqual(['huérfano', 'después', 'solo']);
    await live.close();
  });

  it('un evento numerado cuya publicación se perdió llega por la reconciliación', async () => {
    const live = await stream(busA, handleA);
    await busA.maintain(); // the tenant's first round: what A has delivered so far
    await handleB.db.execute(sql`
      insert into pending_events (tenant_id, type, topic, payload)
      values (${tenant.id}::uuid, 'contact.updated', ${`contact:${CONTACT_ID}`},
        ${JSON.stringify({ contactId: CONTACT_ID, what: 'sin publicar' })}::jsonb)`);
    // Numbered, and the process dies before publishing it.
    const [lost] = await sequencePending(handleB.db, tenant.id, false);
    expect(lost?.payload).toEqual({ contactId: CONTACT_ID, what: 'sin publicar' });
    await busA.maintain(); // counts it
    expect(live.received).toEqual([]);
    await busA.maintain(); // a round later, still not delivered: the subscribers catch up
    await live.until(1);
    expect(live.received.map((event) => event.id)).toEqual([lost!.id]);
    await live.close();
  });
});

it('el transporte de Redis recupera lo perdido mientras Redis estuvo caído', async () => {
  const handle = database.connectAgain();
  const options = { transport: 'redis' as const, redisUrl: redis!.url, maintenanceMs: 3_600_000 };
  const bus = new EventBus(handle, logger, options);
  await bus.start();
  const live = await stream(bus, handle);
  await write(handle, 'antes');
  await live.until(1);
  await redis!.kill();
  // Committed while Redis is down: its publish fails, the change stands.
  await write(handle, 'con Redis caído');
  await redis!.restart();
  await write(handle, 'de vuelta');
  await live.until(3);
  expect(live.whats()).toEqual(['antes', 'con Redis caído', 'de vuelta']);
  await live.close();
  await bus.stop();
});

it('un evento que llega antes que el anterior espera, y el bus lee el hueco una vez para todos los suscriptores', async () => {
  const handle = database.connectAgain();
  const options = { transport: 'memory' as const, maintenanceMs: 3_600_000 };
  const bus = new EventBus(handle, logger, options);
  await bus.start();
  // 200 tabs of the tenant on this instance. Their own connection is closed once they are open:
  // a stream that had to read the log itself would get nothing, so whatever arrives came from
  // the bus, which read the hole once.
  const first = await stream(bus, handle);
  await write(handle, 'base');
  await first.until(1);
  const tabsHandle = database.connectAgain();
  const tabs = await Promise.all(Array.from({ length: 200 }, () => stream(bus, tabsHandle)));
  await tabsHandle.close();
  // Two events numbered and not yet published: the second one's publish comes first, and the
  // first one's never (its instance is slow, or died between commit and publish).
  const writer = database.connectAgain();
  for (const what of ['primero', 'segundo']) {
    await writer.db.execute(sql`
      insert into pending_events (tenant_id, type, topic, payload)
      values (${tenant.id}::uuid, 'contact.updated', ${`contact:${CONTACT_ID}`},
        ${JSON.stringify({ contactId: CONTACT_ID, what })}::jsonb)`);
  }
  const numbered = await sequencePending(writer.db, tenant.id, false);
  expect(numbered.map((event) => event.payload.what)).toEqual(['primero', 'segundo']);
  await memoryTransport(handle).publish([numbered[1]!]);
  for (const tab of tabs) await tab.until(1 + 1);
  for (const tab of tabs) expect(tab.whats()).toEqual(['primero', 'segundo']);
  await first.until(3);
  expect(first.whats()).toEqual(['base', 'primero', 'segundo']);
  await Promise.all([first.close(), ...tabs.map((tab) => tab.close())]);
  await bus.stop();
  await writer.close();
  await handle.close();
});
