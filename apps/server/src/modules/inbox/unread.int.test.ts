import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { contacts, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { inboxFixtures } from '../../testing/inbox-fixtures';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const { customerWrites } = inboxFixtures(env);

async function rowOf(id: string) {
  const [row] = await env.database.handle.db.select().from(contacts).where(eq(contacts.id, id));
  return row!;
}

async function counts(email: string) {
  return (await env.call(email, 'inbox.unreadCounts')).data;
}

describe('conversaciones sin leer (issue #33)', () => {
  it('un mensaje del cliente queda sin leer hasta que su titular abre el chat; el supervisor ve la marca pero no la limpia', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Sin Leer',
      agentId: seller.id,
    });
    const before = await counts('vendedor@demo.test');
    const supervisorBefore = await counts('supervisor@demo.test');

    await customerWrites(contact, 'Hola, ¿tienen el modelo en azul?');
    await customerWrites(contact, 'Espero su respuesta');
    const row = await rowOf(contact.id);
    expect(row.unreadCount).toBe(2);
    expect(row.lastCustomerMessageAt).not.toBeNull();
    expect(row.lastMessage).toMatchObject({
      direction: 'in',
      kind: 'text',
      text: 'Espero su respuesta',
      senderName: null,
    });
    expect((await counts('vendedor@demo.test')).conversations).toBe(before.conversations + 1);
    // The supervisor's own count is theirs only, never their team's.
    expect((await counts('supervisor@demo.test')).conversations).toBe(
      supervisorBefore.conversations,
    );

    // The supervisor sees the holder's mark on the seller's row, and opening it clears nothing.
    const supervisorPage = await env.call('supervisor@demo.test', 'inbox.conversations', {
      agentId: seller.id,
    });
    expect(supervisorPage.data.items.find((item) => item.id === contact.id)).toMatchObject({
      unreadCount: 2,
      preview: { direction: 'in', text: 'Espero su respuesta' },
    });
    const bySupervisor = await env.call('supervisor@demo.test', 'inbox.markRead', {
      contactId: contact.id,
    });
    expect(bySupervisor.data).toEqual({ unreadCount: 2 });
    expect((await rowOf(contact.id)).unreadCount).toBe(2);
    const unreadBySupervisor = await env.call('supervisor@demo.test', 'inbox.markUnread', {
      contactId: contact.id,
    });
    expect(unreadBySupervisor.error?.data.domainCode).toBe('PERMISSION_DENIED');

    // The holder opens it: cleared.
    expect(
      (await env.call('vendedor@demo.test', 'inbox.markRead', { contactId: contact.id })).data,
    ).toEqual({ unreadCount: 0 });
    expect((await rowOf(contact.id)).unreadCount).toBe(0);
    expect((await counts('vendedor@demo.test')).conversations).toBe(before.conversations);

    // 'Marcar como no leído' brings it back.
    expect(
      (await env.call('vendedor@demo.test', 'inbox.markUnread', { contactId: contact.id })).data,
    ).toEqual({ unreadCount: 1 });
    expect((await counts('vendedor@demo.test')).conversations).toBe(before.conversations + 1);

    // Another team's seller does not even learn the contact exists.
    const stranger = await env.call('vendedora@demo.test', 'inbox.markRead', {
      contactId: contact.id,
    });
    expect(stranger.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('el mensaje del cliente no suma sentencias: lo no leído y la reapertura van en la sentencia del mensaje', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Una Sentencia',
      agentId: seller.id,
      archivingReason: 'sin-interes',
      archivingReasonText: 'Sin interés',
    });
    // Every write of the message is a part of its one `with …` statement: none starts alone.
    const writes: string[] = [];
    const stop = env.database.handle.onWrite((table) => {
      if (table === 'contacts' || table === 'interactions') writes.push(table);
    });
    try {
      await customerWrites(contact, '¿Siguen con la promo?');
    } finally {
      stop();
    }
    expect(writes).toEqual([]);
    expect(await rowOf(contact.id)).toMatchObject({ unreadCount: 1, archivingReason: null });
  });

  it('una nota o un mensaje nuestro cambia la vista previa con el nombre de quien lo escribió, sin tocar lo no leído', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Con Nota',
      agentId: seller.id,
    });
    await customerWrites(contact, 'Quiero una cotización');
    const note = await env.call('vendedor@demo.test', 'interaction.createNote', {
      contactId: contact.id,
      id: newId(),
      body: 'Llamar   el lunes\npara cerrar',
      files: [],
    });
    expect(note.status).toBe(200);
    const row = await rowOf(contact.id);
    expect(row.unreadCount).toBe(1);
    expect(row.lastMessage).toMatchObject({
      direction: 'out',
      kind: 'note',
      text: 'Llamar el lunes para cerrar',
      senderName: expect.stringMatching(/\S/),
    });
  });

  it('un mensaje del cliente reabre una conversación archivada, sin leer, con una línea en el historial que conserva el archivo', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Archivada',
      agentId: seller.id,
    });
    const reasons = await env.call('vendedor@demo.test', 'interaction.archivingReasons', {
      contactId: contact.id,
    });
    const reason = reasons.data.find((each) => each.type !== 'sale')!;
    const archived = await env.call('vendedor@demo.test', 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: reason.code,
    });
    expect(archived.status).toBe(200);
    expect((await rowOf(contact.id)).archivingReason).toBe(reason.code);

    await customerWrites(contact, 'Volví, ¿sigue en pie la oferta?');
    const row = await rowOf(contact.id);
    expect(row.archivingReason).toBeNull();
    expect(row.archivingReasonText).toBeNull();
    expect(row.unreadCount).toBe(1);
    const items = await env.database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contact.id), eq(interactions.type, 'archiving')))
      .orderBy(asc(interactions.createdAt));
    expect(items.map((item) => item.content)).toEqual([
      expect.objectContaining({ to: reason.code }),
      expect.objectContaining({ from: reason.code, to: '', reopenedBy: 'customerMessage' }),
    ]);

    // A message to a conversation that is not archived writes no such line.
    await customerWrites(contact, 'Hola de nuevo');
    const after = await env.database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contact.id), eq(interactions.type, 'archiving')));
    expect(after).toHaveLength(2);
    expect((await rowOf(contact.id)).unreadCount).toBe(2);
  });
});
