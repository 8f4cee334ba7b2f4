import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, interactions, type Contact, type User } from '@cartera/db/schema';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { restLogin, typedCall } from '../../testing/http-client';
import { startTestApp, tokenFor, type TestApp } from '../../testing/test-app';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { ZInteraction } from './interactions.service';

const ZTimelinePage = z.object({ items: z.array(ZInteraction), nextBefore: z.string().nullable() });

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;
let contact: Contact;

const SELLER = 'vendedor@demo.test';

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  contact = await createContact(database.handle.db, demo.demo, {
    firstName: 'Cronología',
    agentId: demo.users[SELLER]!.id,
  });
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

async function tokenOf(email: string) {
  return (await restLogin(app.url, email)).body.token;
}

async function watch(user: User, topic: string) {
  return watchTopic(app.url, await tokenFor(database.handle, user), topic);
}

describe('notes and the timeline (03 §3, §9)', () => {
  it('stores a note once even when the client retries it, and touches the contact', async () => {
    const token = await tokenOf(SELLER);
    const id = newId();
    const input = { contactId: contact.id, id, body: '  Llamar el lunes  ' };
    const first = await typedCall(app.url, 'interaction.createNote', input, { token });
    const retry = await typedCall(app.url, 'interaction.createNote', input, { token });
    expect(first.data).toEqual({ id });
    expect(retry.data).toEqual({ id });
    const rows = await database.handle.db
      .select()
      .from(interactions)
      .where(eq(interactions.contactId, contact.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      type: 'note',
      content: { body: 'Llamar el lunes', files: [] },
      agentId: demo.users[SELLER]!.id,
      via: 'web',
      createdBySystem: false,
    });
    const [row] = await database.handle.db
      .select({ lastInteractionAt: contacts.lastInteractionAt })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.lastInteractionAt).toBeInstanceOf(Date);
  });

  it('refuses an empty note and a contact out of sight', async () => {
    const empty = await typedCall(
      app.url,
      'interaction.createNote',
      { contactId: contact.id, id: newId(), body: '   ' },
      { token: await tokenOf(SELLER) },
    );
    expect(empty.status).toBe(400);
    const foreign = await typedCall(
      app.url,
      'interaction.createNote',
      { contactId: contact.id, id: newId(), body: 'Hola' },
      { token: await tokenOf('vendedora@demo.test') },
    );
    expect(foreign.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('pages 50 at a time by keyset, oldest first within a page', async () => {
    const { db } = database.handle;
    const long = await createContact(db, demo.demo, {
      firstName: 'Larga',
      agentId: demo.users[SELLER]!.id,
    });
    const ids: string[] = [];
    for (let n = 1; n <= 120; n += 1) ids.push(newId());
    await db.insert(interactions).values(
      ids.map((id, index) => ({
        id,
        tenantId: demo.demo.id,
        contactId: long.id,
        type: 'note',
        content: { body: `Nota ${index + 1}` },
      })),
    );
    const token = await tokenOf(SELLER);
    const bodies: string[][] = [];
    let before: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'interaction.timeline'>>> = await typedCall(
        app.url,
        'interaction.timeline',
        { contactId: long.id, before },
        { token, method: 'GET' },
      );
      // The page's contract, which the procedure does not check on every call.
      expect(() => ZTimelinePage.parse(page.data)).not.toThrow();
      bodies.push(page.data.items.map((item) => String(item.content.body)));
      before = page.data.nextBefore;
    } while (before);
    expect(bodies.map((page) => page.length)).toEqual([50, 50, 20]);
    expect(bodies[0]![0]).toBe('Nota 71');
    expect(bodies[0]![49]).toBe('Nota 120');
    expect(bodies[2]![0]).toBe('Nota 1');
    const after = await typedCall(
      app.url,
      'interaction.after',
      { contactId: long.id, after: ids[117] },
      { token, method: 'GET' },
    );
    expect(after.data.map((item) => item.content.body)).toEqual(['Nota 119', 'Nota 120']);
    expect(() => z.array(ZInteraction).parse(after.data)).not.toThrow();
  });
});

describe('who may read a timeline (checked inside the page query)', () => {
  it('answers the pages to who sees the contact and CONTACT_NOT_FOUND to anyone else', async () => {
    const { db } = database.handle;
    const watched = await createContact(db, demo.demo, {
      firstName: 'Vigilada',
      agentId: demo.users[SELLER]!.id,
    });
    const ids = [newId(), newId(), newId()];
    await db.insert(interactions).values(
      ids.map((id, index) => ({
        id,
        tenantId: demo.demo.id,
        contactId: watched.id,
        type: 'note',
        content: { body: `Privada ${index + 1}` },
      })),
    );
    const empty = await createContact(db, demo.demo, {
      firstName: 'Sin historia',
      agentId: demo.users[SELLER]!.id,
    });
    const page = async (email: string, contactId: string) =>
      typedCall(
        app.url,
        'interaction.timeline',
        { contactId },
        { token: await tokenOf(email), method: 'GET' },
      );
    const after = async (email: string) =>
      typedCall(
        app.url,
        'interaction.after',
        { contactId: watched.id, after: ids[0]! },
        { token: await tokenOf(email), method: 'GET' },
      );

    // The seller, their supervisor and a comercial user read it; an empty timeline is just empty.
    for (const email of [SELLER, 'supervisor@demo.test', 'comercial@demo.test']) {
      const answer = await page(email, watched.id);
      expect(answer.status, email).toBe(200);
      expect(answer.data.items.map((item) => item.content.body)).toEqual([
        'Privada 1',
        'Privada 2',
        'Privada 3',
      ]);
    }
    const none = await page(SELLER, empty.id);
    expect(none.data).toEqual({ items: [], nextBefore: null });

    // Another team's seller, a seller of another company: not found, with no items given away.
    for (const email of ['vendedora@demo.test', 'vendedor@otra.test']) {
      for (const refused of [await page(email, watched.id), await after(email)]) {
        expect(refused.status, email).toBe(404);
        expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
        expect(refused.data).toBeUndefined();
      }
    }
  });
});

describe('items changed in place (issue #6 §3)', () => {
  it('answers the given items as they are now, only of that contact and only to who sees it', async () => {
    const { db } = database.handle;
    const other = await createContact(db, demo.demo, {
      firstName: 'Ajena',
      agentId: demo.users[SELLER]!.id,
    });
    const callId = newId();
    const foreignId = newId();
    await db.insert(interactions).values([
      {
        id: callId,
        tenantId: demo.demo.id,
        contactId: contact.id,
        type: 'phoneCall',
        content: { phone: '+59899123456', state: 'calling' },
        agentId: demo.users[SELLER]!.id,
      },
      {
        id: foreignId,
        tenantId: demo.demo.id,
        contactId: other.id,
        type: 'note',
        content: { body: 'De otro contacto' },
      },
    ]);
    await db
      .update(interactions)
      .set({ content: { phone: '+59899123456', state: 'done' } })
      .where(eq(interactions.id, callId));
    const input = { contactId: contact.id, ids: [callId, foreignId] };
    const answer = await typedCall(app.url, 'interaction.items', input, {
      token: await tokenOf(SELLER),
      method: 'GET',
    });
    expect(answer.data).toHaveLength(1);
    expect(() => z.array(ZInteraction).parse(answer.data)).not.toThrow();
    expect(answer.data[0]).toMatchObject({
      id: callId,
      type: 'phoneCall',
      content: { state: 'done' },
      agent: { id: demo.users[SELLER]!.id },
    });
    const refused = await typedCall(app.url, 'interaction.items', input, {
      token: await tokenOf('vendedora@demo.test'),
      method: 'GET',
    });
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });
});

describe('in-conversation search (03 §2.1)', () => {
  it('finds notes by text without accents or case, oldest first, within the contact only', async () => {
    const { db } = database.handle;
    const searched = await createContact(db, demo.demo, {
      firstName: 'Buscada',
      agentId: demo.users[SELLER]!.id,
    });
    const other = await createContact(db, demo.demo, {
      firstName: 'Otra',
      agentId: demo.users[SELLER]!.id,
    });
    const token = await tokenOf(SELLER);
    const write = (contactId: string, body: string) =>
      typedCall(app.url, 'interaction.createNote', { contactId, id: newId(), body }, { token });
    await write(searched.id, 'Pidió la cotización del camión');
    await write(searched.id, 'Sin novedades');
    await write(searched.id, 'Envió COTIZACION firmada');
    await write(other.id, 'Cotización de otro contacto');
    const result = await typedCall(
      app.url,
      'interaction.search',
      { contactId: searched.id, text: 'cotizacion' },
      { token, method: 'GET' },
    );
    expect(result.data).toHaveLength(2);
    const bodies = await db
      .select({ id: interactions.id, content: interactions.content })
      .from(interactions)
      .where(eq(interactions.contactId, searched.id));
    const byId = new Map(bodies.map((row) => [row.id, row.content.body]));
    expect(result.data.map((match) => byId.get(match.id))).toEqual([
      'Pidió la cotización del camión',
      'Envió COTIZACION firmada',
    ]);
  });
});

describe('live timeline (03 §2.1, issue #6 §3)', () => {
  it("reaches the agent and the agent's supervisor, never another seller or tenant", async () => {
    const topic = `contact:${contact.id}`;
    const agent = await watch(demo.users[SELLER]!, topic);
    const supervisor = await watch(demo.users['supervisor@demo.test']!, topic);
    const southSeller = await watch(demo.users['vendedora@demo.test']!, topic);
    const southSupervisor = await watch(demo.users['carla.sur@demo.test']!, topic);
    const stranger = await watch(demo.users['vendedor@otra.test']!, topic);
    try {
      const id = newId();
      const result = await typedCall(
        app.url,
        'interaction.createNote',
        { contactId: contact.id, id, body: 'En vivo' },
        { token: await tokenOf(SELLER) },
      );
      expect(result.status).toBe(200);
      await waitFor(
        () => agent.received.length === 1 && supervisor.received.length === 1,
        15_000,
        'the note event',
      );
      expect(agent.received[0]).toMatchObject({
        type: 'interaction.created',
        topic,
        payload: { contactId: contact.id, interactionId: id, type: 'note' },
      });
      // A later event that all of them may see proves the others were listening.
      const probe = newId();
      await typedCall(
        app.url,
        'interaction.createNote',
        { contactId: contact.id, id: probe, body: 'Segunda' },
        { token: await tokenOf('comercial@demo.test') },
      );
      await waitFor(() => agent.received.length === 2, 15_000, 'the second event');
      expect(southSeller.received).toEqual([]);
      expect(southSupervisor.received).toEqual([]);
      expect(stranger.received).toEqual([]);
    } finally {
      for (const watcher of [agent, supervisor, southSeller, southSupervisor, stranger]) {
        watcher.stop();
      }
    }
  });
});
