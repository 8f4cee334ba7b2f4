import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContact } from '@cartera/db/factories';
import { contacts, interactions, type Contact } from '@cartera/db/schema';
import type { typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER, OTHER_SELLER as OTHER_TEAM_SELLER } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

describe('inboxes (issue #6 §10)', () => {
  it("'Conversaciones' lists the seller's contacts by last interaction, unattended ones marked", async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const now = Date.now();
    const recent = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Recién',
      agentId: seller.id,
      lastInteractionAt: new Date(now + 60_000),
    });
    const stale = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Olvidado',
      agentId: seller.id,
      lastInteractionAt: new Date(now - 2 * 86_400_000 + 120_000),
    });
    const seen = new Map<string, boolean>();
    const order: string[] = [];
    let cursor: { at: Date; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof typedCall<'inbox.conversations'>>> = await env.call(
        'vendedor@demo.test',
        'inbox.conversations',
        { cursor },
      );
      expect(page.status).toBe(200);
      for (const item of page.data.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.set(item.id, item.unattended);
        order.push(item.id);
      }
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(order[0]).toBe(recent.id);
    expect(seen.get(recent.id)).toBe(false);
    expect(seen.get(stale.id)).toBe(true);
  });

  it('a supervisor opens a seller of their team, not of another team; a seller only their own', async () => {
    const northSeller = env.demo.users['vendedor@demo.test']!.id;
    const southSeller = env.demo.users['vendedora@demo.test']!.id;
    expect(
      (await env.call('supervisor@demo.test', 'inbox.conversations', { agentId: northSeller }))
        .status,
    ).toBe(200);
    const other = await env.call('supervisor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(other.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const seller = await env.call('vendedor@demo.test', 'inbox.conversations', {
      agentId: southSeller,
    });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(
      (await env.call('comercial@demo.test', 'inbox.conversations', { agentId: southSeller }))
        .status,
    ).toBe(200);
  });

  it("'Inbox' lists unassigned contacts with their count", async () => {
    const orphan = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Libre',
      lastInteractionAt: new Date(Date.now() + 120_000),
    });
    const count = await env.call('vendedor@demo.test', 'inbox.unassignedCount');
    expect(count.data).toBeGreaterThan(0);
    const page = await env.call('vendedor@demo.test', 'inbox.unassigned', {});
    expect(page.data.items[0]!.id).toBe(orphan.id);
    // Otra Empresa has no inbox feature: the screen is refused, and nothing of Demo leaks.
    const stranger = await env.call('vendedor@otra.test', 'inbox.unassigned', {});
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it("'Siguiente contacto' answers the contact after this one in the inbox's order", async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const at = Date.now() + 10 * 60_000;
    const [first, second, third] = await Promise.all(
      [0, 1, 2].map((index) =>
        createContact(env.database.handle.db, env.demo.demo, {
          firstName: `Siguiente ${index}`,
          agentId: seller.id,
          lastInteractionAt: new Date(at - index * 60_000),
        }),
      ),
    );
    const next = async (contactId: string, extra: Record<string, unknown> = {}) =>
      (await env.call('vendedor@demo.test', 'inbox.next', { contactId, ...extra })).data;
    expect(await next(first!.id)).toEqual({ id: second!.id });
    expect(await next(second!.id, { inbox: 'conversations' })).toEqual({ id: third!.id });
    // The supervisor walks the seller's inbox the same way.
    const supervisor = await env.call('supervisor@demo.test', 'inbox.next', {
      contactId: first!.id,
      agentId: seller.id,
    });
    expect(supervisor.data).toEqual({ id: second!.id });

    // At the end of the inbox there is none.
    const page = await env.call('vendedor@demo.test', 'inbox.conversations', {});
    let cursor = page.data.nextCursor;
    let last = page.data.items.at(-1)!.id;
    while (cursor) {
      const more = await env.call('vendedor@demo.test', 'inbox.conversations', { cursor });
      last = more.data.items.at(-1)!.id;
      cursor = more.data.nextCursor;
    }
    expect(await next(last)).toEqual({ id: null });

    const denied = await env.call('vendedor@demo.test', 'inbox.next', {
      contactId: first!.id,
      agentId: env.demo.users['vendedora@demo.test']!.id,
    });
    expect(denied.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it("'Siguiente contacto' from 'Inbox' walks the unassigned contacts, where the inbox is on", async () => {
    const at = Date.now() + 20 * 60_000;
    const [newer, older] = await Promise.all(
      [0, 1].map((index) =>
        createContact(env.database.handle.db, env.demo.demo, {
          firstName: `Libre ${index}`,
          lastInteractionAt: new Date(at - index * 60_000),
        }),
      ),
    );
    const next = await env.call('vendedor@demo.test', 'inbox.next', {
      inbox: 'unassigned',
      contactId: newer!.id,
    });
    expect(next.data).toEqual({ id: older!.id });
    const stranger = await env.call('vendedor@otra.test', 'inbox.next', {
      inbox: 'unassigned',
      contactId: newer!.id,
    });
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});

const CHANNEL_ID = '00000000-0000-7000-8000-00000000ca01';

/** Every id of an inbox view, walking its pages. */
async function viewIds(email: string, view: Record<string, unknown>) {
  const ids: string[] = [];
  let cursor: { at: Date; id: string } | null = null;
  do {
    const page: Awaited<ReturnType<typeof typedCall<'inbox.conversations'>>> = await env.call(
      email,
      'inbox.conversations',
      { ...view, cursor },
    );
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    ids.push(...page.data.items.map((item) => item.id));
    cursor = page.data.nextCursor;
  } while (cursor);
  return ids;
}

describe('el espacio de trabajo de Conversaciones (issue #33 item 3)', () => {
  const hour = 3_600_000;
  let open: Contact;
  let archived: Contact;
  let due: Contact;
  let byMessage: Contact;
  let otherTeams: Contact;

  beforeAll(async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users[SELLER]!.id;
    const now = Date.now();
    open = await createContact(db, env.demo.demo, {
      firstName: 'Quetzal',
      lastName: 'Abierto',
      phones: ['+59899111222'],
      agentId: seller,
      statusTag: 'caliente-ws',
      origin: 'web-ws',
      unreadCount: 2,
      lastInteractionAt: new Date(now + 5 * hour),
      awaitingReplySince: new Date(now - 3 * hour),
    });
    archived = await createContact(db, env.demo.demo, {
      firstName: 'Quetzal',
      lastName: 'Archivado',
      agentId: seller,
      archivingReason: 'precio',
      archivingReasonText: 'Precio alto',
      lastInteractionAt: new Date(now + 4 * hour),
    });
    due = await createContact(db, env.demo.demo, {
      firstName: 'Quetzal',
      lastName: 'Recordatorio',
      agentId: seller,
      reminder: { reminderDate: new Date(now - hour).toISOString() },
      lastInteractionAt: new Date(now + 3 * hour),
      awaitingReplySince: new Date(now - 5 * hour),
    });
    byMessage = await createContact(db, env.demo.demo, {
      firstName: 'Ramiro',
      lastName: 'Sinmarca',
      agentId: seller,
      lastInteractionAt: new Date(now + 2 * hour),
    });
    otherTeams = await createContact(db, env.demo.demo, {
      firstName: 'Quetzal',
      lastName: 'Ajeno',
      phones: ['+59899111333'],
      agentId: env.demo.users[OTHER_TEAM_SELLER]!.id,
      statusTag: 'caliente-ws',
      origin: 'web-ws',
      unreadCount: 1,
      reminder: { reminderDate: new Date(now - hour).toISOString() },
      lastInteractionAt: new Date(now + 6 * hour),
      awaitingReplySince: new Date(now - 9 * hour),
    });
    await db.insert(interactions).values(
      [byMessage, otherTeams].map((contact) => ({
        tenantId: env.demo.demo.id,
        contactId: contact.id,
        type: 'channelMessage',
        content: {
          message: { text: 'Quiero el plan Zafiro Ñandú, por favor', type: 'text' },
          channelId: CHANNEL_ID,
          origin: 'customer',
        },
      })),
    );
  });

  it("'Abiertas' deja fuera las archivadas y 'Archivadas' lista solo esas", async () => {
    const openIds = await viewIds(SELLER, { search: 'quetzal' });
    expect(openIds).toEqual([open.id, due.id]);
    expect(await viewIds(SELLER, { tab: 'archived', search: 'quetzal' })).toEqual([archived.id]);
  });

  it('busca por nombre sin acentos, por número en cualquier formato y por texto de un mensaje', async () => {
    expect(await viewIds(SELLER, { search: 'QUÉTZAL abierto' })).toEqual([open.id]);
    expect(await viewIds(SELLER, { search: '+598 99 111 222' })).toEqual([open.id]);
    expect(await viewIds(SELLER, { search: '099-111-222' })).toEqual([open.id]);
    expect(await viewIds(SELLER, { search: 'zafiro nandu' })).toEqual([byMessage.id]);
  });

  it('filtra por canal, etiqueta, origen, no leídas y recordatorio vencido', async () => {
    expect(await viewIds(SELLER, { channelId: CHANNEL_ID })).toEqual([byMessage.id]);
    expect(await viewIds(SELLER, { statusTag: 'caliente-ws' })).toEqual([open.id]);
    expect(await viewIds(SELLER, { origin: 'web-ws' })).toEqual([open.id]);
    expect(await viewIds(SELLER, { search: 'quetzal', unread: true })).toEqual([open.id]);
    expect(await viewIds(SELLER, { search: 'quetzal', reminderDue: true })).toEqual([due.id]);
  });

  it("'Esperando' ordena por la espera más larga primero, de página en página", async () => {
    expect(await viewIds(SELLER, { search: 'quetzal', order: 'waiting' })).toEqual([
      due.id,
      open.id,
    ]);
    const all = await viewIds(SELLER, { order: 'waiting' });
    expect(new Set(all).size).toBe(all.length);
    expect(all.indexOf(due.id)).toBeLessThan(all.indexOf(open.id));
  });

  it('un vendedor no ve chats de otro equipo con ningún filtro ni búsqueda, ni pide Todas', async () => {
    for (const view of [
      { search: 'quetzal' },
      { search: '59899111333' },
      { search: 'zafiro' },
      { channelId: CHANNEL_ID },
      { statusTag: 'caliente-ws' },
      { origin: 'web-ws' },
      { unread: true },
      { reminderDue: true },
      { order: 'waiting' },
      { tab: 'archived' },
    ]) {
      expect(await viewIds(SELLER, view), JSON.stringify(view)).not.toContain(otherTeams.id);
    }
    const all = await env.call(SELLER, 'inbox.conversations', { inbox: 'all' });
    expect(all.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const theirs = await env.call(SELLER, 'inbox.conversations', {
      inbox: env.demo.users[OTHER_TEAM_SELLER]!.id,
      search: 'quetzal',
    });
    expect(theirs.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it("'Todas' del supervisor es su equipo; la de comercial, la empresa", async () => {
    const supervisor = await viewIds('supervisor@demo.test', { inbox: 'all', search: 'quetzal' });
    expect(supervisor).toEqual([open.id, due.id]);
    expect(await viewIds('supervisor@demo.test', { inbox: 'all', search: 'zafiro' })).toEqual([
      byMessage.id,
    ]);
    expect(await viewIds('supervisor@demo.test', { inbox: 'all', channelId: CHANNEL_ID })).toEqual([
      byMessage.id,
    ]);
    expect(
      await viewIds('supervisor@demo.test', {
        inbox: env.demo.users[SELLER]!.id,
        statusTag: 'caliente-ws',
      }),
    ).toEqual([open.id]);
    const comercial = await viewIds('comercial@demo.test', { inbox: 'all', search: 'quetzal' });
    expect(comercial).toEqual([otherTeams.id, open.id, due.id]);
    expect(
      await viewIds('comercial@demo.test', { inbox: 'all', search: 'zafiro', order: 'waiting' }),
    ).toEqual([otherTeams.id]);
  });

  it("'Sin asignar' del selector es el Inbox de siempre", async () => {
    const orphan = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Quetzal',
      lastName: 'Libre',
    });
    expect(
      await viewIds('supervisor@demo.test', { inbox: 'unassigned', search: 'quetzal' }),
    ).toEqual([orphan.id]);
    const stranger = await env.call('vendedor@otra.test', 'inbox.conversations', {
      inbox: 'unassigned',
    });
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});

describe('acciones en bloque de Conversaciones (issue #33 item 3)', () => {
  it('archiva y etiqueta varias a la vez; una de otro equipo se informa y no se toca', async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users[SELLER]!.id;
    const [first, second] = await Promise.all(
      ['Primera', 'Segunda'].map((lastName) =>
        createContact(db, env.demo.demo, { firstName: 'Bloque', lastName, agentId: seller }),
      ),
    );
    const theirs = await createContact(db, env.demo.demo, {
      firstName: 'Bloque',
      lastName: 'Ajena',
      agentId: env.demo.users[OTHER_TEAM_SELLER]!.id,
    });
    const ids = [first!.id, second!.id, theirs.id];

    const tags = await env.call(SELLER, 'catalog.tags');
    const tag = tags.data[0]!.code;
    const tagged = await env.call(SELLER, 'inbox.bulkTag', { contactIds: ids, tag });
    expect(tagged.data).toEqual({
      done: [first!.id, second!.id],
      failed: [{ contactId: theirs.id, code: 'CONTACT_NOT_FOUND' }],
    });

    const reasons = await env.call(SELLER, 'interaction.archivingReasons', {
      contactId: first!.id,
    });
    const reason = reasons.data.find((each) => each.type !== 'sale')!.code;
    const archived = await env.call(SELLER, 'inbox.bulkArchive', { contactIds: ids, reason });
    expect(archived.data).toEqual({
      done: [first!.id, second!.id],
      failed: [{ contactId: theirs.id, code: 'CONTACT_NOT_FOUND' }],
    });

    expect(await viewIds(SELLER, { tab: 'archived', search: 'bloque', statusTag: tag })).toEqual(
      expect.arrayContaining([first!.id, second!.id]),
    );
    const comercial = await env.call('comercial@demo.test', 'inbox.conversations', {
      inbox: 'all',
      search: 'bloque ajena',
    });
    expect(comercial.data.items.map((item) => [item.id, item.statusTag])).toEqual([
      [theirs.id, null],
    ]);
  });

  it('pone un recordatorio a varias a la vez (03 §7, issue #43 item 4); una fecha pasada no pone ninguno', async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users[SELLER]!.id;
    const mine = await Promise.all(
      ['Uno', 'Dos', 'Tres'].map((lastName) =>
        createContact(db, env.demo.demo, { firstName: 'Recordar', lastName, agentId: seller }),
      ),
    );
    const theirs = await createContact(db, env.demo.demo, {
      firstName: 'Recordar',
      lastName: 'Ajena',
      agentId: env.demo.users[OTHER_TEAM_SELLER]!.id,
    });
    const ids = [...mine.map((contact) => contact!.id), theirs.id];

    const past = await env.call(SELLER, 'inbox.bulkRemind', {
      contactIds: ids,
      reminderDate: new Date(Date.now() - 60_000),
    });
    expect(past.data?.done).toEqual([]);
    expect(new Set(past.data?.failed.map((each) => each.code))).toEqual(
      new Set(['REMINDER_DATE_PAST', 'CONTACT_NOT_FOUND']),
    );

    const reminderDate = new Date(Date.now() + 86_400_000);
    const set = await env.call(SELLER, 'inbox.bulkRemind', {
      contactIds: ids,
      reminderDate,
      actionType: 'phoneCall',
      comment: 'Llamar a todos',
    });
    expect(set.data).toEqual({
      done: mine.map((contact) => contact!.id),
      failed: [{ contactId: theirs.id, code: 'CONTACT_NOT_FOUND' }],
    });
    const rows = await db.select().from(contacts).where(inArray(contacts.id, ids));
    const reminders = new Map(rows.map((row) => [row.id, row.reminder]));
    for (const contact of mine) {
      expect(reminders.get(contact!.id)).toMatchObject({
        reminderDate: reminderDate.toISOString(),
        actionType: 'phoneCall',
        comment: 'Llamar a todos',
      });
    }
    expect(reminders.get(theirs.id)).toBeNull();
  });
});

describe("el filtro 'Sin atender (+24 h)' de Conversaciones (issue #35 item 1)", () => {
  it('lista exactamente las conversaciones abiertas que Rendimiento cuenta sin atender', async () => {
    const { db } = env.database.handle;
    const seller = env.demo.users[SELLER]!.id;
    const hour = 3_600_000;
    const now = Date.now();
    const waiting = (lastName: string, hours: number, extra: Partial<Contact> = {}) =>
      createContact(db, env.demo.demo, {
        firstName: 'Yacaré',
        lastName,
        agentId: seller,
        lastInteractionAt: new Date(now - hours * hour),
        awaitingReplySince: new Date(now - hours * hour),
        ...extra,
      });
    const late = await waiting('Dos días', 48);
    const lateToo = await waiting('Un día y algo', 25);
    await waiting('Reciente', 3);
    await waiting('Archivado', 72, { archivingReason: 'precio', archivingReasonText: 'Precio' });
    await createContact(db, env.demo.demo, {
      firstName: 'Yacaré',
      lastName: 'Contestado',
      agentId: seller,
      lastInteractionAt: new Date(now - 30 * hour),
    });

    expect(await viewIds(SELLER, { search: 'yacare', unattended: true })).toEqual([
      lateToo.id,
      late.id,
    ]);
    expect(
      await viewIds('supervisor@demo.test', {
        inbox: seller,
        search: 'yacare',
        unattended: true,
      }),
    ).toEqual([lateToo.id, late.id]);

    // The dashboard's figure of the seller counts the very conversations the filter lists.
    const listed = await viewIds('supervisor@demo.test', { inbox: seller, unattended: true });
    const today = new Date().toISOString().slice(0, 10);
    const board = await env.call('supervisor@demo.test', 'goal.dashboard', {
      period: { from: today, to: today },
      userId: seller,
    });
    expect(board.status, JSON.stringify(board.error)).toBe(200);
    expect(board.data.totals.unattended).toBe(listed.length);
    expect(listed).toEqual(expect.arrayContaining([late.id, lateToo.id]));

    // 'Todas' of the supervisor: their team's unattended conversations, as the team's figure.
    const team = await viewIds('supervisor@demo.test', { inbox: 'all', unattended: true });
    const teamBoard = await env.call('supervisor@demo.test', 'goal.dashboard', {
      period: { from: today, to: today },
    });
    expect(teamBoard.data.totals.unattended).toBe(team.length);

    // A group's figure (comercial picks a team): its sellers' conversations only, no more.
    const north = env.demo.north.id;
    const groupBoard = await env.call('comercial@demo.test', 'goal.dashboard', {
      period: { from: today, to: today },
      groupId: north,
    });
    const group = await viewIds('comercial@demo.test', {
      inbox: 'all',
      groupId: north,
      unattended: true,
    });
    expect(groupBoard.data.totals.unattended).toBe(group.length);
    expect(group).toEqual(expect.arrayContaining([late.id, lateToo.id]));
  });

  it("'Todas' de un grupo: solo sus vendedores, y un grupo fuera del alcance se rechaza", async () => {
    const seller = env.demo.users[SELLER]!.id;
    const theirs = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Yacaré',
      lastName: 'Del sur',
      agentId: env.demo.users[OTHER_TEAM_SELLER]!.id,
    });
    const mine = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Yacaré',
      lastName: 'Del norte',
      agentId: seller,
    });
    const north = await viewIds('comercial@demo.test', {
      inbox: 'all',
      groupId: env.demo.north.id,
      search: 'yacare del',
    });
    expect(north).toEqual([mine.id]);
    const everyone = await viewIds('comercial@demo.test', { inbox: 'all', search: 'yacare del' });
    expect(everyone).toEqual([mine.id, theirs.id]);
    const refused = await env.call('supervisor@demo.test', 'inbox.conversations', {
      inbox: 'all',
      groupId: env.demo.south.id,
    });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});
