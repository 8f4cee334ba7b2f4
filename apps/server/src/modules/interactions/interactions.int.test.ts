import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, interactions, type Contact, type User } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import type { typedCall } from '../../testing/http-client';
import { tokenFor } from '../../testing/test-app';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { ZInteraction } from './interactions.service';
import { SELLER } from '../../testing/demo-users';

const ZTimelinePage = z.object({ items: z.array(ZInteraction), nextBefore: z.string().nullable() });

const env = useDemoApp({ JOBS_ENABLED: 'false' });
let contact: Contact;

beforeAll(async () => {
  contact = await createContact(env.database.handle.db, env.demo.demo, {
    firstName: 'Cronología',
    agentId: env.demo.users[SELLER]!.id,
  });
});

async function watch(user: User, topic: string) {
  return watchTopic(env.app.url, await tokenFor(env.database.handle, user), topic);
}

describe('notes and the timeline (03 §3, §9)', () => {
  it('stores a note once even when the client retries it, and touches the contact', async () => {
    const id = newId();
    const input = { contactId: contact.id, id, body: '  Llamar el lunes  ' };
    const first = await env.call(SELLER, 'interaction.createNote', input);
    const retry = await env.call(SELLER, 'interaction.createNote', input);
    expect(first.data).toEqual({ id });
    expect(retry.data).toEqual({ id });
    const rows = await env.interactionsOf(contact.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      type: 'note',
      content: { body: 'Llamar el lunes', files: [] },
      agentId: env.demo.users[SELLER]!.id,
      via: 'web',
      createdBySystem: false,
    });
    const [row] = await env.database.handle.db
      .select({ lastInteractionAt: contacts.lastInteractionAt })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.lastInteractionAt).toBeInstanceOf(Date);
  });

  it('refuses an empty note and a contact out of sight', async () => {
    const empty = await env.call(SELLER, 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: '   ',
    });
    expect(empty.status).toBe(400);
    const foreign = await env.call('vendedora@demo.test', 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: 'Hola',
    });
    expect(foreign.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('pages 50 at a time by keyset, oldest first within a page', async () => {
    const { db } = env.database.handle;
    const long = await createContact(db, env.demo.demo, {
      firstName: 'Larga',
      agentId: env.demo.users[SELLER]!.id,
    });
    const ids: string[] = [];
    for (let n = 1; n <= 120; n += 1) ids.push(newId());
    await db.insert(interactions).values(
      ids.map((id, index) => ({
        id,
        tenantId: env.demo.demo.id,
        contactId: long.id,
        type: 'note',
        content: { body: `Nota ${index + 1}` },
      })),
    );
    const bodies: string[][] = [];
    let before: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'interaction.timeline'>>> = await env.call(
        SELLER,
        'interaction.timeline',
        { contactId: long.id, before },
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
    const after = await env.call(SELLER, 'interaction.after', {
      contactId: long.id,
      after: ids[117],
    });
    expect(after.data.map((item) => item.content.body)).toEqual(['Nota 119', 'Nota 120']);
    expect(() => z.array(ZInteraction).parse(after.data)).not.toThrow();
  });
});

describe('who may read a timeline (checked inside the page query)', () => {
  it('answers the pages to who sees the contact and CONTACT_NOT_FOUND to anyone else', async () => {
    const { db } = env.database.handle;
    const watched = await createContact(db, env.demo.demo, {
      firstName: 'Vigilada',
      agentId: env.demo.users[SELLER]!.id,
    });
    const ids = [newId(), newId(), newId()];
    await db.insert(interactions).values(
      ids.map((id, index) => ({
        id,
        tenantId: env.demo.demo.id,
        contactId: watched.id,
        type: 'note',
        content: { body: `Privada ${index + 1}` },
      })),
    );
    const empty = await createContact(db, env.demo.demo, {
      firstName: 'Sin historia',
      agentId: env.demo.users[SELLER]!.id,
    });
    const page = async (email: string, contactId: string) =>
      env.call(email, 'interaction.timeline', { contactId });
    const after = async (email: string) =>
      env.call(email, 'interaction.after', { contactId: watched.id, after: ids[0]! });

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
    const { db } = env.database.handle;
    const other = await createContact(db, env.demo.demo, {
      firstName: 'Ajena',
      agentId: env.demo.users[SELLER]!.id,
    });
    const callId = newId();
    const foreignId = newId();
    await db.insert(interactions).values([
      {
        id: callId,
        tenantId: env.demo.demo.id,
        contactId: contact.id,
        type: 'phoneCall',
        content: { phone: '+59899123456', state: 'calling' },
        agentId: env.demo.users[SELLER]!.id,
      },
      {
        id: foreignId,
        tenantId: env.demo.demo.id,
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
    const answer = await env.call(SELLER, 'interaction.items', input);
    expect(answer.data).toHaveLength(1);
    expect(() => z.array(ZInteraction).parse(answer.data)).not.toThrow();
    expect(answer.data[0]).toMatchObject({
      id: callId,
      type: 'phoneCall',
      content: { state: 'done' },
      agent: { id: env.demo.users[SELLER]!.id },
    });
    const refused = await env.call('vendedora@demo.test', 'interaction.items', input);
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });
});

describe('in-conversation search (03 §2.1)', () => {
  it('finds notes by text without accents or case, oldest first, within the contact only', async () => {
    const { db } = env.database.handle;
    const searched = await createContact(db, env.demo.demo, {
      firstName: 'Buscada',
      agentId: env.demo.users[SELLER]!.id,
    });
    const other = await createContact(db, env.demo.demo, {
      firstName: 'Otra',
      agentId: env.demo.users[SELLER]!.id,
    });
    const write = (contactId: string, body: string) =>
      env.call(SELLER, 'interaction.createNote', { contactId, id: newId(), body });
    await write(searched.id, 'Pidió la cotización del camión');
    await write(searched.id, 'Sin novedades');
    await write(searched.id, 'Envió COTIZACION firmada');
    await write(other.id, 'Cotización de otro contacto');
    const result = await env.call(SELLER, 'interaction.search', {
      contactId: searched.id,
      text: 'cotizacion',
    });
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
    const agent = await watch(env.demo.users[SELLER]!, topic);
    const supervisor = await watch(env.demo.users['supervisor@demo.test']!, topic);
    const southSeller = await watch(env.demo.users['vendedora@demo.test']!, topic);
    const southSupervisor = await watch(env.demo.users['carla.sur@demo.test']!, topic);
    const stranger = await watch(env.demo.users['vendedor@otra.test']!, topic);
    try {
      const id = newId();
      const result = await env.call(SELLER, 'interaction.createNote', {
        contactId: contact.id,
        id,
        body: 'En vivo',
      });
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
      await env.call('comercial@demo.test', 'interaction.createNote', {
        contactId: contact.id,
        id: probe,
        body: 'Segunda',
      });
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
