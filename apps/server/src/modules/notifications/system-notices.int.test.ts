import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { createContact, createGroup, createTenant, createUser } from '@cartera/db/factories';
import { contacts, notifications, users, type Group, type User } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER } from '../../testing/demo-users';
import { requestSalesFixtures } from '../../testing/request-sales-fixtures';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { expireReminder } from '../interactions/conversation.service';

/*
 * The system's own notices (issue #41 item 4): a transfer writes the receiver's notice in its
 * transaction, a reminder coming due writes its holder's once, each kind switchable in
 * 'Ajustes' (nothing written while off). Users of a company the test creates.
 */
const env = useDemoApp({ JOBS_ENABLED: 'false' });

let team: Group;
let supervisor: User;
let sender: User;
let receiver: User;
let serial = 0;

const email = (name: string) => `${name}.${++serial}@sistema.test`;

beforeAll(async () => {
  const db = env.database.handle.db;
  const root = await createTenant(db, { name: 'Avisos del Sistema', country: 'uy' });
  team = await createGroup(db, root, { name: 'Ventas' });
  supervisor = await createUser(db, team, { email: email('supervisor'), role: 'super' });
  sender = await createUser(db, team, {
    email: email('emisor'),
    role: 'user',
    name: 'Marta',
    lastname: 'Suárez',
  });
  receiver = await createUser(db, team, { email: email('receptor'), role: 'user' });
});

function contactOf(agent: User, firstName: string) {
  serial += 1;
  return createContact(
    env.database.handle.db,
    { id: agent.tenantId },
    {
      firstName,
      lastName: 'Pereira',
      phones: [`+5989${String(5_000_000 + serial * 7919).padStart(7, '0')}`],
      agentId: agent.id,
    },
  );
}

async function systemNoticesOf(user: Pick<User, 'id'>) {
  return env.database.handle.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), isNotNull(notifications.systemKey)))
    .orderBy(notifications.createdAt);
}

async function switchOff(user: Pick<User, 'id' | 'email'>, type: string) {
  const saved = await env.call(user.email, 'settings.saveNotificationPreferences', {
    [type]: { toast: false },
  });
  expect(saved.error).toBeUndefined();
}

async function switchOn(user: Pick<User, 'id'>) {
  await env.database.handle.db
    .update(users)
    .set({ notificationPreferences: {} })
    .where(eq(users.id, user.id));
}

describe('avisos del sistema (issue #41 item 4)', () => {
  it('una transferencia avisa a quien la recibe, en su transacción y en vivo, con el enlace a la conversación', async () => {
    const contact = await contactOf(sender, 'Lucía');
    const watched = await watchTopic(
      env.app.url,
      await env.tokenOf(receiver.email),
      'notifications',
    );
    try {
      const transferred = await env.call(sender.email, 'contact.transfer', {
        contactId: contact.id,
        agentId: receiver.id,
        note: 'Quiere la cotización el lunes',
      });
      expect(transferred.data).toEqual({ success: true });
      // Written with the transfer: there when the call answers.
      const [notice] = await systemNoticesOf(receiver);
      expect(notice).toMatchObject({
        shipmentId: null,
        kind: 'right-bottom-notification',
        title: 'Te transfirieron a Lucía Pereira',
        body: 'Marta Suárez te transfirió este contacto: «Quiere la cotización el lunes»',
        viewedAt: null,
      });
      expect(notice!.systemKey).toMatch(/^transfer:/);
      await waitFor(() => watched.received.length > 0, 15_000, 'notification.delivered');
      expect(watched.received[0]).toMatchObject({
        type: 'notification.delivered',
        payload: { shipmentId: null, kind: 'right-bottom-notification' },
      });
    } finally {
      watched.stop();
    }

    const list = await env.call(receiver.email, 'notification.list', {});
    expect(list.data?.[0]).toMatchObject({
      shipmentId: null,
      title: 'Te transfirieron a Lucía Pereira',
      actionLabel: 'Abrir conversación',
      setting: {
        type: 'right-bottom-notification',
        system: 'contactTransferred',
        action: { redirectType: 'path', redirectURL: `/contact?id=${contact.id}` },
      },
    });
    expect((await env.call(receiver.email, 'notification.unreadCount')).data).toEqual({
      count: 1,
    });
    const page = await env.call(receiver.email, 'notification.page', {});
    expect(page.data?.items.map((item) => item.title)).toEqual([
      'Te transfirieron a Lucía Pereira',
    ]);
    // The one who transferred is told nothing on this channel.
    expect(await systemNoticesOf(sender)).toEqual([]);
  });

  it('varias transferencias seguidas de la misma persona son un solo aviso, con su cantidad', async () => {
    const contacts = [
      await contactOf(sender, 'Ana'),
      await contactOf(sender, 'Bruno'),
      await contactOf(sender, 'Carmen'),
    ];
    const before = await systemNoticesOf(receiver);
    // Whatever was waiting from before is closed: a new burst starts.
    for (const notice of before) {
      await env.call(receiver.email, 'notification.track', { id: notice.id, action: 'closed' });
    }
    const bulk = await env.call(sender.email, 'inbox.bulkTransfer', {
      contactIds: contacts.map((contact) => contact.id),
      agentId: receiver.id,
    });
    expect(bulk.data?.done).toHaveLength(3);
    const after = await systemNoticesOf(receiver);
    expect(after).toHaveLength(before.length + 1);
    const [list] = (await env.call(receiver.email, 'notification.list', {})).data!;
    expect(list).toMatchObject({
      title: 'Te transfirieron 3 contactos',
      body: 'Marta Suárez te transfirió 3 contactos.',
      actionLabel: 'Ver conversaciones',
      viewed: false,
      setting: { action: { redirectType: 'path', redirectURL: '/contact' } },
    });
    // Once the user acted on it, the next transfer is a notice of its own.
    await env.call(receiver.email, 'notification.track', { id: list!.id, action: 'opened' });
    const next = await contactOf(sender, 'Diego');
    await env.call(sender.email, 'contact.transfer', { contactId: next.id, agentId: receiver.id });
    const [latest] = (await env.call(receiver.email, 'notification.list', {})).data!;
    expect(latest).toMatchObject({
      title: 'Te transfirieron a Diego Pereira',
      actionLabel: 'Abrir conversación',
    });
    await env.call(receiver.email, 'notification.track', { id: latest!.id, action: 'closed' });
  });

  it('una transferencia rechazada no avisa a nadie', async () => {
    const contact = await contactOf(receiver, 'Tomás');
    const before = (await systemNoticesOf(receiver)).length;
    const refused = await env.call(supervisor.email, 'contact.transfer', {
      contactId: contact.id,
      agentId: receiver.id,
    });
    expect(refused.error?.data.domainCode).toBe('ERROR_ALREADY_BELONGS_TO_AGENT');
    expect(await systemNoticesOf(receiver)).toHaveLength(before);
  });

  it("con el aviso apagado en 'Ajustes' la transferencia se hace y no avisa", async () => {
    await switchOff(receiver, 'contactTransferred');
    try {
      const before = (await systemNoticesOf(receiver)).length;
      const contact = await contactOf(sender, 'Andrés');
      const transferred = await env.call(supervisor.email, 'contact.transfer', {
        contactId: contact.id,
        agentId: receiver.id,
      });
      expect(transferred.data).toEqual({ success: true });
      const [row] = await env.database.handle.db
        .select({ agentId: contacts.agentId })
        .from(contacts)
        .where(eq(contacts.id, contact.id));
      expect(row!.agentId).toBe(receiver.id);
      expect(await systemNoticesOf(receiver)).toHaveLength(before);
    } finally {
      await switchOn(receiver);
    }
  });

  it('un recordatorio que vence avisa a quien tiene el contacto una sola vez', async () => {
    const contact = await contactOf(sender, 'Valeria');
    const id = newId();
    const set = await env.call(sender.email, 'interaction.setReminder', {
      contactId: contact.id,
      id,
      reminderDate: new Date(Date.now() + 60 * 60 * 1000),
      actionType: 'phoneCall',
      comment: 'Llamar por el presupuesto',
      isPermanent: true,
    });
    expect(set.data).toEqual({ id });
    const job = { tenantId: sender.tenantId, contactId: contact.id, reminderId: id };
    // The job runs twice (a retry after its answer was lost): a permanent reminder stays
    // pending, and still its holder is told once.
    await expireReminder(env.database.handle.db, job);
    await expireReminder(env.database.handle.db, job);
    const notices = await systemNoticesOf(sender);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      systemKey: `reminder:${id}`,
      title: 'Venció tu recordatorio de Valeria Pereira',
      body: '«Llamar por el presupuesto»',
      setting: expect.objectContaining({
        system: 'reminderDue',
        action: { redirectType: 'path', redirectURL: `/contact?id=${contact.id}` },
      }),
    });
  });

  it('un recordatorio que vence con el aviso apagado no avisa', async () => {
    await switchOff(receiver, 'reminderDue');
    try {
      const contact = await contactOf(receiver, 'Gonzalo');
      const id = newId();
      await env.call(receiver.email, 'interaction.setReminder', {
        contactId: contact.id,
        id,
        reminderDate: new Date(Date.now() + 60 * 60 * 1000),
        actionType: 'other',
        comment: '',
        isPermanent: false,
      });
      await expireReminder(env.database.handle.db, {
        tenantId: receiver.tenantId,
        contactId: contact.id,
        reminderId: id,
      });
      const notices = await systemNoticesOf(receiver);
      expect(notices.map((notice) => notice.systemKey)).not.toContain(`reminder:${id}`);
    } finally {
      await switchOn(receiver);
    }
  });

  it("los interruptores nuevos de 'Ajustes' se guardan y se leen; lo inválido se rechaza en español", async () => {
    try {
      const saved = await env.call(receiver.email, 'settings.saveNotificationPreferences', {
        contactTransferred: { toast: false },
        requestComment: { toast: false },
      });
      expect(saved.error).toBeUndefined();
      const read = await env.call(receiver.email, 'settings.notificationPreferences');
      expect(read.data?.types.filter((row) => row.channels.length === 1)).toEqual([
        {
          type: 'contactTransferred',
          channels: ['toast'],
          toast: false,
          sound: false,
          browser: false,
        },
        { type: 'reminderDue', channels: ['toast'], toast: true, sound: false, browser: false },
        {
          type: 'requestComment',
          channels: ['toast'],
          toast: false,
          sound: false,
          browser: false,
        },
      ]);

      const cases: Array<[unknown, Record<string, string[]>]> = [
        [
          { reminderDue: { toast: 'no' } },
          { 'reminderDue.toast': ['Indica si este aviso está activado (sí o no)'] },
        ],
        [
          { contactTransferred: { sound: true } },
          { contactTransferred: ['Formas de aviso desconocidas: sound'] },
        ],
      ];
      for (const [input, fieldErrors] of cases) {
        const refused = await env.call(
          receiver.email,
          'settings.saveNotificationPreferences',
          input as never,
        );
        expect(refused.error?.data.domainCode, JSON.stringify(input)).toBe('INVALID_REQUEST_BODY');
        expect(refused.error?.data.fieldErrors, JSON.stringify(input)).toEqual(fieldErrors);
      }
      const [row] = await env.database.handle.db
        .select({ preferences: users.notificationPreferences })
        .from(users)
        .where(eq(users.id, receiver.id));
      expect(row!.preferences).toEqual({
        contactTransferred: { toast: false },
        requestComment: { toast: false },
      });
    } finally {
      await switchOn(receiver);
    }
  });

  it('un comentario de otro en una solicitud avisa a quien la creó; el suyo propio no', async () => {
    const { contactOf: demoContactOf, templateId } = requestSalesFixtures(env);
    const seller = env.demo.users[SELLER]!;
    const contact = await demoContactOf(SELLER, 2);
    const created = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Portabilidad'),
      mode: 'send',
      content: { numeroPortar: '099111222', compania: 'antel' },
    });
    expect(created.error).toBeUndefined();
    const requestId = created.data!.id;
    await env.call(SELLER, 'requestSale.addComment', { requestId, text: 'Lo dejo listo hoy' });
    expect(await systemNoticesOf(seller)).toEqual([]);

    const commented = await env.call(COMERCIAL, 'requestSale.addComment', {
      requestId,
      text: 'Falta la copia del documento',
    });
    expect(commented.error).toBeUndefined();
    const comercial = env.demo.users[COMERCIAL]!;
    const notices = await systemNoticesOf(seller);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: `Nuevo comentario en tu solicitud de ${`${contact.firstName} ${contact.lastName}`.trim()}`,
      body: `${`${comercial.name} ${comercial.lastname}`.trim()}: «Falta la copia del documento»`,
      setting: expect.objectContaining({
        system: 'requestComment',
        action: { redirectType: 'path', redirectURL: `/contact?id=${contact.id}` },
      }),
    });

    await switchOff(seller, 'requestComment');
    try {
      await env.call(COMERCIAL, 'requestSale.addComment', { requestId, text: 'Ya está' });
      expect(await systemNoticesOf(seller)).toHaveLength(1);
    } finally {
      await switchOn(seller);
    }
  });
});
