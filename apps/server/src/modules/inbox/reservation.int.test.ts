import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, groups } from '@cartera/db/schema';
import { RESERVATION_SECONDS } from '@cartera/domain/conversation';
import { useDemoApp } from '../../testing/demo-app';
import { waitFor, watchTopic } from '../../testing/ws-client';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const RESERVED = 'Otro usuario está revisando este contacto.';
let minutes = 60;

/** An unassigned contact at the top of 'Inbox' (the newest interaction of all). */
async function unassignedContact(firstName: string) {
  minutes += 1;
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName,
    lastInteractionAt: new Date(Date.now() + minutes * 60_000),
  });
}

async function inboxIds(email: string) {
  const page = await env.call(email, 'inbox.unassigned', {});
  expect(page.status).toBe(200);
  return page.data.items.map((item) => item.id);
}

async function count(email: string) {
  return (await env.call(email, 'inbox.unassignedCount')).data;
}

async function storedReservation(id: string) {
  const [row] = await env.database.handle.db
    .select({ reservedBy: contacts.reservedBy, reservedUntil: contacts.reservedUntil })
    .from(contacts)
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.id, id)));
  return row!;
}

async function expireReservation(id: string) {
  await env.database.handle.db
    .update(contacts)
    .set({ reservedUntil: new Date(Date.now() - 1_000) })
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.id, id)));
}

describe("reserved contact of 'Inbox' (03 §4)", () => {
  it('hides the contact from the others while its reserver reads it, and refuses them', async () => {
    const contact = await unassignedContact('Reservado');
    const before = await count('vendedora@demo.test');
    expect(await inboxIds('vendedora@demo.test')).toContain(contact.id);

    const started = Date.now();
    const reserved = await env.call('vendedor@demo.test', 'inbox.reserve', {
      contactId: contact.id,
    });
    expect(reserved.status).toBe(200);
    const until = reserved.data.reservedUntil.getTime();
    expect(until).toBeGreaterThan(started + (RESERVATION_SECONDS - 5) * 1000);
    expect(until).toBeLessThan(Date.now() + (RESERVATION_SECONDS + 5) * 1000);
    expect(await storedReservation(contact.id)).toMatchObject({
      reservedBy: env.demo.users['vendedor@demo.test']!.id,
    });

    // The others no longer see it in 'Inbox' nor count it; the reserver still does.
    expect(await inboxIds('vendedora@demo.test')).not.toContain(contact.id);
    expect(await count('vendedora@demo.test')).toBe(before - 1);
    expect(await inboxIds('vendedor@demo.test')).toContain(contact.id);
    expect(await count('vendedor@demo.test')).toBe(before);

    // Their reservation and take-over are refused with the Spanish text.
    const again = await env.call('vendedora@demo.test', 'inbox.reserve', { contactId: contact.id });
    expect(again.status).toBe(409);
    expect(again.error?.data.domainCode).toBe('CONTACT_RESERVED');
    expect(again.error?.message).toBe(RESERVED);
    const take = await env.call('vendedora@demo.test', 'contact.takeOver', {
      contactId: contact.id,
    });
    expect(take.error?.data.domainCode).toBe('CONTACT_RESERVED');
    expect(take.error?.message).toBe(RESERVED);

    // The reserver (a seller, who sees only their own contacts) reads it and its timeline.
    const read = await env.call('vendedor@demo.test', 'contact.get', { id: contact.id });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ id: contact.id, agent: null });
    expect(read.data.can).toMatchObject({ edit: false, transfer: false });
    const timeline = await env.call('vendedor@demo.test', 'interaction.timeline', {
      contactId: contact.id,
    });
    expect(timeline.status).toBe(200);
    const copy = await env.call('vendedor@demo.test', 'contact.conversationText', {
      id: contact.id,
    });
    expect(copy.status).toBe(200);
    // Reading only: acting on it needs taking it over first.
    const note = await env.call('vendedor@demo.test', 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: 'Antes de obtenerlo',
    });
    expect(note.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    // The other seller cannot read it.
    const other = await env.call('vendedora@demo.test', 'contact.get', { id: contact.id });
    expect(other.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');

    // Renewing is the reserver's; taking it over ends the reservation.
    const renewed = await env.call('vendedor@demo.test', 'inbox.reserve', {
      contactId: contact.id,
    });
    expect(renewed.data.reservedUntil.getTime()).toBeGreaterThanOrEqual(until);
    const taken = await env.call('vendedor@demo.test', 'contact.takeOver', {
      contactId: contact.id,
    });
    expect(taken.status).toBe(200);
    expect(await storedReservation(contact.id)).toEqual({ reservedBy: null, reservedUntil: null });
    // Taken, it is no longer anyone's to reserve.
    const late = await env.call('vendedora@demo.test', 'inbox.reserve', { contactId: contact.id });
    expect(late.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('the reserver hears what is written on the contact meanwhile; another seller does not', async () => {
    const contact = await unassignedContact('En vivo');
    const reserved = await env.call('vendedor@demo.test', 'inbox.reserve', {
      contactId: contact.id,
    });
    expect(reserved.status).toBe(200);
    const topic = `contact:${contact.id}`;
    const reserver = await watchTopic(env.app.url, await env.tokenOf('vendedor@demo.test'), topic);
    const other = await watchTopic(env.app.url, await env.tokenOf('vendedora@demo.test'), topic);
    const note = await env.call('comercial@demo.test', 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: 'Lo atiendo si nadie lo toma',
    });
    expect(note.status).toBe(200);
    await waitFor(() => reserver.received.length > 0, 15_000, 'interaction.created');
    expect(reserver.received[0]).toMatchObject({
      type: 'interaction.created',
      payload: { contactId: contact.id },
    });
    expect(other.received).toEqual([]);
    reserver.stop();
    other.stop();
  });

  it('ends at expiry: the reserver loses sight of it and the others may reserve it', async () => {
    const contact = await unassignedContact('Vencido');
    expect(
      (await env.call('vendedor@demo.test', 'inbox.reserve', { contactId: contact.id })).status,
    ).toBe(200);
    await expireReservation(contact.id);

    const read = await env.call('vendedor@demo.test', 'contact.get', { id: contact.id });
    expect(read.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const timeline = await env.call('vendedor@demo.test', 'interaction.timeline', {
      contactId: contact.id,
    });
    expect(timeline.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    expect(await inboxIds('vendedora@demo.test')).toContain(contact.id);

    const other = await env.call('vendedora@demo.test', 'inbox.reserve', {
      contactId: contact.id,
    });
    expect(other.status).toBe(200);
    expect(await storedReservation(contact.id)).toMatchObject({
      reservedBy: env.demo.users['vendedora@demo.test']!.id,
    });
    // Now the first seller is the one refused, and another expired reservation can be taken.
    const back = await env.call('vendedor@demo.test', 'inbox.reserve', { contactId: contact.id });
    expect(back.error?.data.domainCode).toBe('CONTACT_RESERVED');
    await expireReservation(contact.id);
    const take = await env.call('vendedor@demo.test', 'contact.takeOver', {
      contactId: contact.id,
    });
    expect(take.status).toBe(200);
  });

  it('release gives the contact back at once, only by its reserver, and twice is harmless', async () => {
    const contact = await unassignedContact('Liberado');
    await env.call('vendedor@demo.test', 'inbox.reserve', { contactId: contact.id });

    // Someone else's release changes nothing.
    const foreign = await env.call('vendedora@demo.test', 'inbox.release', {
      contactId: contact.id,
    });
    expect(foreign.status).toBe(200);
    expect(await inboxIds('vendedora@demo.test')).not.toContain(contact.id);

    for (let round = 0; round < 2; round += 1) {
      const released = await env.call('vendedor@demo.test', 'inbox.release', {
        contactId: contact.id,
      });
      expect(released.data).toEqual({ success: true });
    }
    expect(await storedReservation(contact.id)).toEqual({ reservedBy: null, reservedUntil: null });
    expect(await inboxIds('vendedora@demo.test')).toContain(contact.id);
    const read = await env.call('vendedor@demo.test', 'contact.get', { id: contact.id });
    expect(read.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('two users reserving at once: exactly one wins', async () => {
    for (let round = 0; round < 5; round += 1) {
      const contact = await unassignedContact(`Carrera ${round}`);
      const results = await Promise.all(
        ['vendedor@demo.test', 'vendedora@demo.test'].map((email) =>
          env.call(email, 'inbox.reserve', { contactId: contact.id }),
        ),
      );
      const winners = results.filter((result) => result.status === 200);
      const losers = results.filter(
        (result) => result.error?.data.domainCode === 'CONTACT_RESERVED',
      );
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
    }
  });

  it("another company's user cannot reserve Demo's contact, even with the inbox on", async () => {
    const { db } = env.database.handle;
    const contact = await unassignedContact('Ajeno');
    const other = env.demo.other;
    const disabled = await env.call('vendedor@otra.test', 'inbox.reserve', {
      contactId: contact.id,
    });
    expect(disabled.error?.data.domainCode).toBe('PERMISSION_DENIED');
    await db
      .update(groups)
      .set({ featureFlags: { ...other.featureFlags, inbox: 1 } })
      .where(eq(groups.id, other.id));
    try {
      const stranger = await env.call('vendedor@otra.test', 'inbox.reserve', {
        contactId: contact.id,
      });
      expect(stranger.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
      expect(await storedReservation(contact.id)).toEqual({
        reservedBy: null,
        reservedUntil: null,
      });
      const read = await env.call('vendedor@otra.test', 'contact.get', { id: contact.id });
      expect(read.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: other.featureFlags })
        .where(eq(groups.id, other.id));
    }
  });
});
