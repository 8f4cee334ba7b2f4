/**
 * Issue #6 Done-when: the server process is killed (SIGKILL, no graceful shutdown) while notes
 * are being written; after a restart every note it acknowledged is stored, a retry of the others
 * stores each once, and an open timeline subscription catches up without gaps or duplicates.
 * The server runs as a real child process (src/main.ts through tsx) on the file's own database:
 * its PostgreSQL database, or an embedded data folder when the suite runs on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@cartera/domain/ids';
import { seedDemo } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { childServer } from '../../testing/child-server';
import { restLogin, typedCall } from '../../testing/http-client';
import { connectWs, waitFor } from '../../testing/ws-client';
import type { EventEnvelope } from '../../realtime/stream';

let database: TestDatabase;
const server = childServer('cartera-crash-');

const baseUrl = () => server.url;

const startServer = () =>
  server.start({
    SESSION_SECRET: 'crash-test-secret',
    JOBS_ENABLED: 'false',
    CARTERA_SEED_DEMO: database.url ? 'false' : 'true',
    DATABASE_URL: database.url,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  await server.open();
  if (database.url) {
    await seedDemo(database.handle.db);
    // The child process owns the database from here on.
    await database.handle.close();
  }
}, 120_000);

afterAll(async () => {
  await server.close();
  await database?.destroy();
});

describe('un corte del servidor mientras se escriben notas', () => {
  it('conserva cada nota confirmada y la línea de tiempo abierta se pone al día', async () => {
    await startServer();
    const { token } = (await restLogin(baseUrl(), 'vendedor@demo.test')).body;
    const created = await typedCall(
      baseUrl(),
      'contact.create',
      {
        firstName: 'Corte',
        lastName: 'De Luz',
        phones: [{ phone: '094 707 070', extensionNumber: '' }],
      },
      { token },
    );
    expect(created.status).toBe(200);
    const contactId = created.data.id;

    // An open timeline: subscribed to the contact's events, resuming by event id.
    const connection = connectWs(baseUrl(), token);
    const events: EventEnvelope[] = [];
    let started = false;
    const subscription = connection.client.realtime.events.subscribe(
      { lastEventId: null, topics: [`contact:${contactId}`] },
      {
        onStarted: () => (started = true),
        onData: (item) => events.push((item as { data: EventEnvelope }).data),
      },
    );
    await waitFor(() => started, 30_000, 'the subscription');

    // Four writers send notes until the server dies under them.
    const acknowledged: string[] = [];
    const unacknowledged: Array<{ id: string; body: string }> = [];
    let alive = true;
    const writer = async (name: string) => {
      for (let n = 1; alive || n === 1; n += 1) {
        const note = { id: newId(), body: `${name} ${n}` };
        try {
          const result = await typedCall(
            baseUrl(),
            'interaction.createNote',
            { contactId, ...note },
            { token },
          );
          if (result.status === 200) acknowledged.push(note.id);
          else unacknowledged.push(note);
        } catch {
          unacknowledged.push(note);
          return;
        }
      }
    };
    const writers = ['A', 'B', 'C', 'D'].map((name) => writer(name));
    await waitFor(() => acknowledged.length >= 20, 60_000, '20 acknowledged notes');
    await server.kill();
    alive = false;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    await startServer();
    const stored = new Map<string, number>();
    let before: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'interaction.timeline'>>> = await typedCall(
        baseUrl(),
        'interaction.timeline',
        { contactId, before },
        { token, method: 'GET' },
      );
      expect(page.status).toBe(200);
      for (const item of page.data.items) stored.set(item.id, (stored.get(item.id) ?? 0) + 1);
      before = page.data.nextBefore;
    } while (before);
    for (const id of acknowledged) expect(stored.get(id), `acknowledged note ${id}`).toBe(1);

    // The client retries what it never saw acknowledged: each is stored once.
    for (const note of unacknowledged) {
      const retry = await typedCall(
        baseUrl(),
        'interaction.createNote',
        { contactId, ...note },
        { token },
      );
      expect(retry.status).toBe(200);
    }
    const everything = [...acknowledged, ...unacknowledged.map((note) => note.id)];
    const after = await typedCall(
      baseUrl(),
      'interaction.search',
      { contactId, types: ['note'] },
      { token, method: 'GET' },
    );
    expect(after.data.map((match) => match.id).sort()).toEqual([...everything].sort());

    // The open timeline reconnected by itself and caught up: every note once, nothing else.
    await waitFor(
      () => new Set(events.map((event) => event.payload.interactionId)).size >= everything.length,
      60_000,
      'the timeline to catch up',
    );
    const delivered = events.map((event) => String(event.payload.interactionId));
    expect(new Set(delivered).size).toBe(delivered.length);
    expect([...delivered].sort()).toEqual([...everything].sort());
    expect(connection.openCount).toBeGreaterThanOrEqual(2);
    subscription.unsubscribe();
    connection.close();
  }, 240_000);
});
