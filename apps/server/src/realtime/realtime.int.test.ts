import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Group, User } from '@cartera/db/schema';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, tokenFor, type TestApp } from '../testing/test-app';
import { connectWs, waitFor } from '../testing/ws-client';
import { appendEvent, eventsAfter, lastEventId, type NewDomainEvent } from './event-store';
import { openEventStream, type EventEnvelope } from './stream';
import { resolveSession } from '../modules/sessions/session.service';

let database: TestDatabase;
let instanceA: TestApp;
let instanceB: TestApp;
let tenant: Group;
let north: Group;
let south: Group;
let seller: User;
let otherSeller: User;
let outsider: User;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database.handle;
  tenant = await createTenant(db, { name: 'Demo' });
  north = await createGroup(db, tenant, { name: 'Norte' });
  south = await createGroup(db, tenant, { name: 'Sur' });
  seller = await createUser(db, north, { email: 'norte@rt.test' });
  otherSeller = await createUser(db, south, { email: 'sur@rt.test' });
  const otherTenant = await createTenant(db, { name: 'Otra' });
  outsider = await createUser(db, otherTenant, { email: 'otra@rt.test' });
  // Two server instances sharing nothing but the database, as when scaled out.
  instanceA = await startTestApp(database.handle);
  instanceB = await startTestApp(database.connectAgain());
});

/** Watchers of the running test, stopped after it even when it failed half-way. */
const open = new Set<{ stop: () => void; isStarted: () => boolean }>();

afterEach(async () => {
  for (const watcher of open) watcher.stop();
  open.clear();
  // Each test starts with no subscriber left over from the one before.
  await waitFor(
    () =>
      instanceA.deps.events.subscriberCount === 0 && instanceB.deps.events.subscriberCount === 0,
    15_000,
    'subscribers to leave',
  );
});

afterAll(async () => {
  await instanceA?.stop();
  await instanceB?.stop();
  await database?.destroy();
});

/** A contact id for the events' payloads (the transport never reads it). */
const CONTACT_ID = '0190d6a4-0000-7000-8000-000000000001';

/**
 * Commits an event through instance B's own database connection: a `contact.updated` of the
 * catalogue (live-events.ts) whose `what` labels it.
 */
async function emitThroughB(
  event: Pick<NewDomainEvent, 'tenantId' | 'audience'> & { topic?: string; what?: string },
) {
  const { what = 'test', topic = 'test', ...rest } = event;
  await instanceB.deps.db.transaction((tx) =>
    appendEvent(tx, {
      type: 'contact.updated',
      topic,
      payload: { contactId: CONTACT_ID, what },
      ...rest,
    }),
  );
  // Numbered once committed, before the transaction resolved: the tenant's newest event.
  return { id: await lastEventId(instanceB.deps.db, event.tenantId) };
}

function subscribe(
  app: TestApp,
  user: User,
  input: { topics?: string[]; lastEventId?: string } = {},
) {
  return tokenFor(database.handle, user).then((token) => {
    const connection = connectWs(app.url, token);
    const received: Array<{ id: string; data: EventEnvelope }> = [];
    const errors: unknown[] = [];
    let started = false;
    const subscription = connection.client.realtime.events.subscribe(
      { lastEventId: null, ...input },
      {
        onStarted: () => (started = true),
        onData: (item) => received.push(item as { id: string; data: EventEnvelope }),
        onError: (error) => errors.push(error),
      },
    );
    const watcher = {
      connection,
      received,
      errors,
      isStarted: () => started,
      ids: () => received.map((item) => Number(item.id)),
      stop: () => {
        subscription.unsubscribe();
        connection.close();
        open.delete(watcher);
      },
    };
    open.add(watcher);
    return watcher;
  });
}

/**
 * Waits until the instance has the subscribers on its event bus and every open watcher was told
 * its subscription started: only then is where each stream starts fixed (an event committed
 * between the bus subscription and that moment may count as before the stream).
 */
async function ready(app: TestApp, count: number) {
  await waitFor(
    () =>
      app.deps.events.subscriberCount >= count && [...open].every((watcher) => watcher.isStarted()),
    15_000,
    'subscription',
  );
}

describe('tiempo real entre instancias', () => {
  it('un suscriptor conectado a la instancia A recibe el evento causado en la instancia B', async () => {
    const watcher = await subscribe(instanceA, seller);
    await ready(instanceA, 1);
    const event = await emitThroughB({ tenantId: tenant.id, what: 'hola' });
    await waitFor(() => watcher.received.length === 1, 15_000, 'event');
    expect(watcher.received[0]!.id).toBe(String(event.id));
    expect(watcher.received[0]!.data).toMatchObject({
      type: 'contact.updated',
      payload: { contactId: CONTACT_ID, what: 'hola' },
    });
    expect(watcher.received[0]!.data.createdAt).toBeInstanceOf(Date);
    watcher.stop();
  });

  it('una suscripción abierta ya tiene todo evento posterior, aunque todavía no se haya leído', async () => {
    // What "started" promises a client: the stream is open and its starting point fixed before
    // the procedure answers, so an event committed right after is delivered, not skipped.
    const token = await tokenFor(database.handle, seller);
    const user = (await resolveSession(database.handle.db, token))!.user;
    const stop = new AbortController();
    const stream = await openEventStream({
      bus: instanceA.deps.events,
      db: instanceA.deps.db,
      user,
      lastEventId: null,
      signal: stop.signal,
    });
    try {
      const event = await emitThroughB({ tenantId: tenant.id, what: 'justo después' });
      const first = await stream.next();
      // A tracked item: [id, envelope].
      expect(first.value?.[0]).toBe(String(event.id));
    } finally {
      stop.abort();
      await stream.return(undefined);
    }
  });

  it('un evento demasiado grande para el aviso llega igual, leído de la tabla', async () => {
    const watcher = await subscribe(instanceA, seller);
    await ready(instanceA, 1);
    const text = 'x'.repeat(9_000);
    const small = await emitThroughB({ tenantId: tenant.id, what: 'corto' });
    const large = await emitThroughB({ tenantId: tenant.id, what: text });
    await waitFor(() => watcher.received.length === 2, 15_000, 'events');
    expect(watcher.ids()).toEqual([small.id, large.id]);
    expect(watcher.received[1]!.data.payload).toEqual({ contactId: CONTACT_ID, what: text });
    expect(watcher.received[1]!.data.createdAt).toBeInstanceOf(Date);
    watcher.stop();
  });

  it('tras una desconexión forzada retoma sin perder ni repetir eventos', async () => {
    const watcher = await subscribe(instanceA, seller);
    await ready(instanceA, 1);
    const first = await emitThroughB({ tenantId: tenant.id, what: '1' });
    await waitFor(() => watcher.received.length === 1, 15_000, 'first event');

    // Cut every socket of instance A, then commit events while the client is away.
    const sockets = instanceA.server.websocketServer.clients;
    for (const socket of sockets) socket.terminate();
    const missed = [];
    for (let n = 2; n <= 4; n += 1) {
      missed.push(await emitThroughB({ tenantId: tenant.id, what: String(n) }));
    }
    await waitFor(() => watcher.connection.openCount >= 2, 15_000, 'reconnect');
    const last = await emitThroughB({ tenantId: tenant.id, what: '5' });

    await waitFor(() => watcher.received.length >= 5, 15_000, 'catch-up');
    // Give a duplicate the chance to show up before asserting there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.ids()).toEqual([first.id, ...missed.map((event) => event.id), last.id]);
    expect(watcher.received.map((item) => item.data.payload.what)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    watcher.stop();
  });

  it('solo entrega a quien puede ver el evento y nunca cruza empresas', async () => {
    const northWatcher = await subscribe(instanceA, seller);
    const southWatcher = await subscribe(instanceB, otherSeller);
    const outsiderWatcher = await subscribe(instanceA, outsider);
    await ready(instanceA, 2);
    await ready(instanceB, 1);

    await emitThroughB({ tenantId: tenant.id, topic: 'team', audience: { groupIds: [north.id] } });
    await emitThroughB({
      tenantId: tenant.id,
      topic: 'team',
      audience: { userIds: [otherSeller.id] },
    });
    await emitThroughB({ tenantId: tenant.id, topic: 'all' });

    await waitFor(() => northWatcher.received.length === 2 && southWatcher.received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(northWatcher.received.map((item) => item.data.topic)).toEqual(['team', 'all']);
    expect(southWatcher.received.map((item) => item.data.topic)).toEqual(['team', 'all']);
    expect(outsiderWatcher.received).toEqual([]);
    expect(south.ancestors).toEqual([tenant.id]);
    northWatcher.stop();
    southWatcher.stop();
    outsiderWatcher.stop();
  });

  it('filtra por tema cuando el suscriptor lo pide', async () => {
    const watcher = await subscribe(instanceA, seller, { topics: ['contact:1'] });
    await ready(instanceA, 1);
    await emitThroughB({ tenantId: tenant.id, topic: 'contact:2' });
    await emitThroughB({ tenantId: tenant.id, topic: 'contact:1' });
    await waitFor(() => watcher.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(watcher.received.map((item) => item.data.topic)).toEqual(['contact:1']);
    watcher.stop();
  });

  it('filtra por familia de temas (contact:*), en vivo y al retomar desde un evento', async () => {
    // One tab keeps one stream: the inbox follows every contact, a screen a single one.
    const before = await emitThroughB({ tenantId: tenant.id, topic: 'test' });
    await emitThroughB({ tenantId: tenant.id, topic: 'channel:1', what: 'missed.channel' });
    await emitThroughB({ tenantId: tenant.id, topic: 'contact:9', what: 'missed.contact' });
    const watcher = await subscribe(instanceA, seller, {
      topics: ['contact:*', 'training'],
      lastEventId: String(before.id),
    });
    await ready(instanceA, 1);
    await emitThroughB({ tenantId: tenant.id, topic: 'contactless' });
    await emitThroughB({ tenantId: tenant.id, topic: 'channel:2' });
    await emitThroughB({ tenantId: tenant.id, topic: 'training', what: 'live.training' });
    await emitThroughB({ tenantId: tenant.id, topic: 'contact:10', what: 'live.contact' });
    // Events come in order: once the last one is here, none of the others can still come.
    await waitFor(() => watcher.received.some((item) => item.data.payload.what === 'live.contact'));
    expect(watcher.received.map((item) => item.data.payload.what)).toEqual([
      'missed.contact',
      'live.training',
      'live.contact',
    ]);
    watcher.stop();
  });

  it('rechaza una familia de temas mal escrita', async () => {
    const token = await tokenFor(database.handle, seller);
    const connection = connectWs(instanceA.url, token);
    const error = await new Promise<unknown>((resolve) => {
      connection.client.realtime.events.subscribe(
        { lastEventId: null, topics: ['*'] },
        { onError: resolve, onData: () => resolve(new Error('unexpected data')) },
      );
    });
    connection.close();
    expect(error).toMatchObject({ data: { domainCode: 'INVALID_REQUEST_BODY' } });
  });

  it('un cambio revertido no anuncia nada', async () => {
    const watcher = await subscribe(instanceA, seller);
    await ready(instanceA, 1);
    await expect(
      instanceB.deps.db.transaction(async (tx) => {
        await appendEvent(tx, {
          tenantId: tenant.id,
          type: 'contact.updated',
          topic: 'test',
          payload: { contactId: CONTACT_ID, what: 'test.rolled-back' },
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await emitThroughB({ tenantId: tenant.id, what: 'test.committed' });
    await waitFor(() => watcher.received.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(watcher.received.map((item) => item.data.payload.what)).toEqual(['test.committed']);
    watcher.stop();
  });

  it('no guarda un evento de un tipo que el catálogo no documenta', async () => {
    await expect(
      instanceB.deps.db.transaction((tx) =>
        appendEvent(tx, {
          tenantId: tenant.id,
          type: 'contact.forgotten' as 'contact.updated',
          topic: 'test',
          payload: { contactId: CONTACT_ID, what: 'x' },
        }),
      ),
    ).rejects.toThrow('unknown event type contact.forgotten');
    expect(
      await eventsAfter(database.handle.db, tenant.id, 0, { topics: ['test'] }),
    ).not.toContainEqual(expect.objectContaining({ type: 'contact.forgotten' }));
  });

  it('rechaza la suscripción de quien no inició sesión', async () => {
    const connection = connectWs(instanceA.url);
    const error = await new Promise<unknown>((resolve) => {
      connection.client.realtime.events.subscribe(
        { lastEventId: null },
        { onError: resolve, onData: () => resolve(new Error('unexpected data')) },
      );
    });
    connection.close();
    expect(error).toMatchObject({ data: { domainCode: 'UNAUTHENTICATED' } });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'recupera lo perdido cuando se corta la conexión LISTEN con Postgres',
    async () => {
      const watcher = await subscribe(instanceA, seller);
      await ready(instanceA, 1);
      await instanceB.deps.db.execute(
        // Kills the LISTEN connections of both instances: they must reconnect and catch up.
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'cartera-listen' and datname = current_database()` as never,
      );
      const event = await emitThroughB({ tenantId: tenant.id, what: 'test.after-cut' });
      await waitFor(() => watcher.received.length === 1, 15_000, 'event after LISTEN cut');
      expect(watcher.ids()).toEqual([event.id]);
      watcher.stop();
    },
  );
});
