import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createContact, createCustomField } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { contacts, groups, type Interaction } from '@cartera/db/schema';
import { restLogin } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import { expireReminder } from './conversation.service';
import { SELLER } from '../../testing/demo-users';

const env = useDemoApp({});

function sellersContact(extra: Partial<Parameters<typeof createContact>[2]> = {}) {
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName: 'Conversación',
    agentId: env.demo.users[SELLER]!.id,
    ...extra,
  });
}

async function contactRow(id: string) {
  const [row] = await env.database.handle.db.select().from(contacts).where(eq(contacts.id, id));
  return row!;
}

describe('archiving (03 §4, §5, §8)', () => {
  it('lists the reasons the user may pick, with the current one marked', async () => {
    const contact = await sellersContact({ archivingReason: 'precio' });
    const seller = await env.call(SELLER, 'interaction.archivingReasons', {
      contactId: contact.id,
    });
    const codes = seller.data.map((reason) => reason.code);
    expect(codes).toContain('sin-interes');
    expect(codes).not.toContain('fraude');
    expect(seller.data.find((reason) => reason.code === 'precio')?.current).toBe(true);
    const supervisor = await env.call('supervisor@demo.test', 'interaction.archivingReasons', {
      contactId: contact.id,
    });
    expect(supervisor.data.map((reason) => reason.code)).toContain('fraude');
  });

  it('archives once with a reason, refuses the same reason again, and unarchives', async () => {
    const contact = await sellersContact();
    const firstId = newId();
    const first = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: firstId,
      reason: 'volver-a-llamar',
    });
    expect(first.data).toEqual({ nextAction: 'standardReminder' });
    expect(await contactRow(contact.id)).toMatchObject({
      archivingReason: 'volver-a-llamar',
      archivingReasonText: 'Volver a llamar',
    });
    const retried = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: firstId,
      reason: 'volver-a-llamar',
    });
    expect(retried.data).toEqual({ nextAction: 'standardReminder' });
    const again = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'volver-a-llamar',
    });
    expect(again.error?.data.domainCode).toBe('CONTACT_ALREADY_ARCHIVED');
    expect(again.error?.message).toBe('El contacto ya esta archivado con el motivo seleccionado');

    const limited = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'fraude',
    });
    expect(limited.error?.data.domainCode).toBe('ARCHIVING_REASON_NOT_FOUND');

    await env.call(SELLER, 'interaction.unarchive', { contactId: contact.id, id: newId() });
    expect((await contactRow(contact.id)).archivingReason).toBeNull();
    const items = await env.interactionsOf(contact.id);
    expect(items.map((item) => [item.type, item.content.from, item.content.to])).toEqual([
      ['archiving', '', 'volver-a-llamar'],
      ['archiving', 'volver-a-llamar', ''],
    ]);
  });

  it('a sale reason first needs the required-on-sale fields', async () => {
    await createCustomField(env.database.handle.db, env.demo.demo, {
      entity: 'contact',
      code: 'producto',
      name: 'Producto',
      type: 'string',
      requiredOnSale: true,
    });
    const contact = await sellersContact();
    const refused = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'vendido',
    });
    expect(refused.error?.data).toMatchObject({
      domainCode: 'REQUIRED_ON_SALE_MISSING',
      fieldErrors: { producto: ['Campo requerido'] },
    });
    await env.database.handle.db
      .update(contacts)
      .set({ additionalData: { producto: 'Plan anual' } })
      .where(eq(contacts.id, contact.id));
    const sold = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'vendido',
    });
    expect(sold.data).toEqual({ nextAction: 'noAction' });
  });
});

describe('tag change (03 §4)', () => {
  it("only the contact's agent changes the tag; the change is on the timeline", async () => {
    const contact = await sellersContact({ statusTag: 'new' });
    const supervisor = await env.call('supervisor@demo.test', 'interaction.changeTag', {
      contactId: contact.id,
      id: newId(),
      tag: 'contacted',
    });
    expect(supervisor.error?.data.domainCode).toBe('TAG_CHANGE_NOT_ALLOWED');
    const agent = await env.call(SELLER, 'interaction.changeTag', {
      contactId: contact.id,
      id: newId(),
      tag: 'contacted',
    });
    expect(agent.data).toEqual({ statusTag: 'contacted' });
    expect((await contactRow(contact.id)).statusTag).toBe('contacted');
    const [item] = await env.interactionsOf(contact.id);
    expect(item).toMatchObject({ type: 'tagChange', content: { from: 'new', to: 'contacted' } });
  });
});

describe('reminders (03 §4)', () => {
  it('refuses a past date, sets and cancels a reminder', async () => {
    const contact = await sellersContact();
    const past = await env.call(SELLER, 'interaction.setReminder', {
      contactId: contact.id,
      id: newId(),
      reminderDate: new Date(Date.now() - 60_000),
    });
    expect(past.error?.data.domainCode).toBe('REMINDER_DATE_PAST');
    const id = newId();
    const reminderDate = new Date(Date.now() + 86_400_000);
    const set = await env.call(SELLER, 'interaction.setReminder', {
      contactId: contact.id,
      id,
      reminderDate,
      actionType: 'phoneCall',
      comment: 'Confirmar la visita',
    });
    expect(set.data).toEqual({ id });
    expect((await contactRow(contact.id)).reminder).toMatchObject({
      interactionId: id,
      reminderDate: reminderDate.toISOString(),
      actionType: 'phoneCall',
    });
    const detail = await env.call(SELLER, 'contact.get', { id: contact.id });
    expect(detail.data.reminder).toEqual({
      interactionId: id,
      reminderDate: reminderDate.toISOString(),
      actionType: 'phoneCall',
      comment: 'Confirmar la visita',
      isPermanent: false,
    });
    const queued = (await env.database.handle.db.execute(
      sql`select start_after from pgboss.job where name = 'reminders.expire' and data->>'reminderId' = ${id}`,
    )) as unknown as { rows: Array<{ start_after: string | Date }> };
    expect(new Date(queued.rows[0]!.start_after).getTime()).toBe(reminderDate.getTime());

    await env.call(SELLER, 'interaction.cancelReminder', { contactId: contact.id, id: newId() });
    expect((await contactRow(contact.id)).reminder).toBeNull();
    // The job of a cancelled reminder writes nothing when it runs.
    await expireReminder(env.database.handle.db, {
      tenantId: env.demo.demo.id,
      contactId: contact.id,
      reminderId: id,
    });
    const items = await env.interactionsOf(contact.id);
    expect(items.map((item) => [item.type, item.status])).toEqual([
      ['reminder', 'active'],
      ['reminder', 'cancel'],
    ]);
  });

  it("with 'Recordatorios siempre permanentes' every reminder is permanent", async () => {
    const { db } = env.database.handle;
    const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
    await db
      .update(groups)
      .set({ featureFlags: { ...tenant!.featureFlags, alwaysPermanentReminders: 1 } })
      .where(eq(groups.id, env.demo.demo.id));
    try {
      const contact = await sellersContact();
      const id = newId();
      const set = await env.call(SELLER, 'interaction.setReminder', {
        contactId: contact.id,
        id,
        reminderDate: new Date(Date.now() + 86_400_000),
        actionType: 'phoneCall',
        comment: 'Llamar',
        isPermanent: false,
      });
      expect(set.data).toEqual({ id });
      expect((await contactRow(contact.id)).reminder).toMatchObject({ isPermanent: true });
      const [item] = await env.interactionsOf(contact.id);
      expect(item!.content).toMatchObject({ isPermanent: true });
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: tenant!.featureFlags })
        .where(eq(groups.id, env.demo.demo.id));
    }
  });

  it('API clients set a reminder with POST /api/crm/contact/reminder', async () => {
    const contact = await sellersContact();
    const token = (await restLogin(env.app.url, SELLER)).body.token;
    const response = await fetch(`${env.app.url}/api/crm/contact/reminder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        via: 'api',
        data: {
          contactId: contact.id,
          reminderDate: new Date(Date.now() + 3_600_000).toISOString(),
          actionType: 'message',
          comment: 'Desde la API',
        },
      }),
    });
    expect(response.status).toBe(201);
    expect((await contactRow(contact.id)).reminder).toMatchObject({
      actionType: 'message',
      comment: 'Desde la API',
    });
    const past = await fetch(`${env.app.url}/api/crm/contact/reminder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { contactId: contact.id, reminderDate: '2020-01-01' } }),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ code: 'REMINDER_DATE_PAST' });
  });

  it('expires through the job at its date, as the system', async () => {
    const contact = await sellersContact();
    const id = newId();
    const result = await env.call(SELLER, 'interaction.setReminder', {
      contactId: contact.id,
      id,
      reminderDate: new Date(Date.now() + 1_500),
      comment: 'Pronto',
    });
    expect(result.status).toBe(200);
    let items: Interaction[] = [];
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      items = await env.interactionsOf(contact.id);
      if (items.length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(items[1]).toMatchObject({
      type: 'reminder',
      status: 'expired',
      via: 'server',
      createdBySystem: true,
      agentId: null,
      content: expect.objectContaining({ comment: 'Pronto', expiredReminderId: id }),
    });
    expect((await contactRow(contact.id)).reminder).toBeNull();
  });
});
