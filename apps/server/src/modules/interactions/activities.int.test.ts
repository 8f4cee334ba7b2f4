import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, groups } from '@cartera/db/schema';
import { restLogin, typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER, SUPERVISOR } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

function sellersContact(extra: Partial<Parameters<typeof createContact>[2]> = {}) {
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName: 'Actividad',
    phones: ['+59894111222'],
    agentId: env.demo.users[SELLER]!.id,
    ...extra,
  });
}

describe('visits (03 §5)', () => {
  it('answers the tenant results and rules, and refuses a visit without result or comment', async () => {
    const settings = await env.call(SELLER, 'interaction.activitySettings');
    expect(settings.data).toMatchObject({
      results: [
        { code: 'concretada', name: 'Visita concretada' },
        { code: 'ausente', name: 'Cliente ausente' },
        { code: 'reprogramada', name: 'Reprogramada' },
      ],
      rules: { commentRequired: true },
      sharedVisits: false,
      feedbackAllowed: false,
    });
    const contact = await sellersContact();
    const refused = await env.call(SELLER, 'interaction.createVisit', {
      contactId: contact.id,
      id: newId(),
      state: '',
    });
    expect(refused.error?.data.fieldErrors).toEqual({
      state: ['El resultado de la visita es requerido'],
      comment: ['El comentario de la visita es requerido'],
    });
    expect(await env.interactionsOf(contact.id)).toEqual([]);
  });

  it('stores the visit with its result name and applies its tag to the contact', async () => {
    const contact = await sellersContact({ statusTag: 'new' });
    const id = newId();
    const result = await env.call(SELLER, 'interaction.createVisit', {
      contactId: contact.id,
      id,
      state: 'concretada',
      comment: 'Mostramos el catálogo',
      tag: 'contacted',
      shared: [env.demo.users[SUPERVISOR]!.id],
    });
    expect(result.data).toEqual({ id });
    const [item] = await env.interactionsOf(contact.id);
    expect(item).toMatchObject({
      type: 'visit',
      content: {
        state: 'concretada',
        stateName: 'Visita concretada',
        comment: 'Mostramos el catálogo',
        tag: 'contacted',
        // Shared visits are off in the demo: no participants are kept.
        shared: [],
      },
    });
    const [row] = await env.database.handle.db
      .select({ statusTag: contacts.statusTag })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.statusTag).toBe('contacted');
  });
});

describe('shared visits (03 §5)', () => {
  it('with the flag on, keeps the participants and their names, never the author', async () => {
    const { db } = env.database.handle;
    const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
    await db
      .update(groups)
      .set({ featureFlags: { ...tenant!.featureFlags, sharedVisits: 1 } })
      .where(eq(groups.id, env.demo.demo.id));
    try {
      const token = (await restLogin(env.app.url, SELLER)).body.token;
      const settings = await typedCall(env.app.url, 'interaction.activitySettings', undefined, {
        token,
        method: 'GET',
      });
      expect(settings.data?.sharedVisits).toBe(true);
      const contact = await sellersContact();
      const supervisor = env.demo.users[SUPERVISOR]!;
      const id = newId();
      const input = {
        contactId: contact.id,
        id,
        state: 'concretada',
        comment: 'Fuimos juntos',
        shared: [supervisor.id, env.demo.users[SELLER]!.id],
      };
      expect(
        (await typedCall(env.app.url, 'interaction.createVisit', input, { token })).data,
      ).toEqual({ id });
      const [item] = await env.interactionsOf(contact.id);
      expect(item!.content).toMatchObject({
        shared: [supervisor.id],
        sharedUsers: [{ _id: supervisor.id, name: supervisor.name, lastname: supervisor.lastname }],
      });
      const stranger = await typedCall(
        env.app.url,
        'interaction.createVisit',
        { ...input, id: newId(), shared: [env.demo.users['vendedor@otra.test']!.id] },
        { token },
      );
      expect(stranger.error?.data.fieldErrors).toEqual({ shared: ['Sin resultados'] });
      expect(await env.interactionsOf(contact.id)).toHaveLength(1);
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: tenant!.featureFlags })
        .where(eq(groups.id, env.demo.demo.id));
    }
  });
});

describe('feedback (03 §3, §4)', () => {
  it('only allowed roles leave it; it reactivates the contact; only its receiver marks it read', async () => {
    const contact = await sellersContact({
      archivingReason: 'pausa',
      archivingReasonText: 'En pausa',
    });
    const bySeller = await env.call(SELLER, 'interaction.createFeedback', {
      contactId: contact.id,
      id: newId(),
      body: 'Autoevaluación',
    });
    expect(bySeller.error?.data.domainCode).toBe('PERMISSION_DENIED');

    const id = newId();
    const created = await env.call(SUPERVISOR, 'interaction.createFeedback', {
      contactId: contact.id,
      id,
      body: 'Llamalo antes del viernes',
    });
    expect(created.data).toEqual({ id });
    const [row] = await env.database.handle.db
      .select({ archivingReason: contacts.archivingReason })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.archivingReason).toBeNull();

    const notReceiver = await env.call(SUPERVISOR, 'interaction.markFeedbackRead', {
      contactId: contact.id,
      interactionId: id,
    });
    expect(notReceiver.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const receiver = await env.call(SELLER, 'interaction.markFeedbackRead', {
      contactId: contact.id,
      interactionId: id,
    });
    expect(receiver.data).toEqual({ success: true });
    const [item] = await env.interactionsOf(contact.id);
    expect(item).toMatchObject({
      type: 'feedback',
      status: 'read',
      content: { body: 'Llamalo antes del viernes', status: 'read' },
    });
  });
});

describe('manually logged calls (03 §4)', () => {
  it('one call at a time, closed with its outcome', async () => {
    const contact = await sellersContact();
    const first = newId();
    const started = await env.call(SELLER, 'interaction.startCall', {
      contactId: contact.id,
      id: first,
      phone: '+59894111222',
    });
    expect(started.data).toEqual({ id: first });
    const second = await env.call(SELLER, 'interaction.startCall', {
      contactId: contact.id,
      id: newId(),
      phone: '+59894111222',
    });
    expect(second.error?.data.domainCode).toBe('CONTACT_IN_CALL');
    expect(second.error?.message).toBe('El contacto ya está en llamada');

    const closed = await env.call(SELLER, 'interaction.closeCall', {
      contactId: contact.id,
      interactionId: first,
      state: 'voicemail',
    });
    expect(closed.data).toEqual({ state: 'voicemail' });
    const again = await env.call(SELLER, 'interaction.startCall', {
      contactId: contact.id,
      id: newId(),
      phone: '+59894111222',
    });
    expect(again.status).toBe(200);
    const items = await env.interactionsOf(contact.id);
    expect(items.map((item) => [item.type, item.status, item.content.state])).toEqual([
      ['phoneCall', 'voicemail', 'voicemail'],
      ['phoneCall', 'calling', 'calling'],
    ]);
  });

  it("refuses a number that is not the contact's", async () => {
    const contact = await sellersContact();
    const result = await env.call(SELLER, 'interaction.startCall', {
      contactId: contact.id,
      id: newId(),
      phone: '+59899999999',
    });
    expect(result.status).toBe(400);
  });
});
