import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contacts, interactions } from '@cartera/db/schema';
import { errorMessage } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { startEvolutionFake, type EvolutionFake } from '../../providers/evolution/evolution.fake';
import { useDemoApp } from '../../testing/demo-app';
import { sendScheduledMessage } from './scheduled-messages.service';
import { SELLER } from '../../testing/demo-users';

/*
 * Scheduled messages (02 §3, §5; 03 §3, §4, §8; issue #13 item 9) through a WhatsApp gateway
 * fake on 127.0.0.1: a date ahead is required; the job sends the text at its time as its
 * author, once; cancel and undo; a send that fails at its time leaves the item in error.
 */

const API_KEY = 'evolution-global-key';
const INSTANCE = 'agenda-principal';
const INSTANCE_TOKEN = 'instance-token-agenda';
const PHONE = '+59899333444';

const env = useDemoApp({ JOBS_ENABLED: 'true', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const fake: EvolutionFake = await startEvolutionFake({
  apiKey: API_KEY,
  afterPost: () => env.webhooksSettled(),
});
afterAll(() => fake.stop());

let channelId: string;
let contactId: string;

async function schedule(text: string, date: Date, extra: Record<string, unknown> = {}) {
  const id = newId();
  const answer = await env.call(SELLER, 'channel.scheduleMessage', {
    id,
    contactId,
    channelId,
    text,
    date,
    ...extra,
  });
  return { id, answer };
}

beforeAll(async () => {
  const created = await env.call('comercial@demo.test', 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Agenda',
    config: { gatewayUrl: fake.url, instanceName: INSTANCE, origin: 'whatsapp' },
    secrets: { apiKey: API_KEY, instanceKey: INSTANCE_TOKEN },
  });
  expect(created.status).toBe(200);
  channelId = created.data.id;
  fake.simulator.addInstance(INSTANCE, created.data.webhookUrl, INSTANCE_TOKEN);
  await fake.open(INSTANCE);
  const contact = await env.call(SELLER, 'contact.create', {
    firstName: 'Agenda',
    lastName: 'Programada',
    phones: [{ phone: PHONE, extensionNumber: '' }],
    emails: [],
    origin: null,
  });
  expect(contact.status).toBe(200);
  contactId = contact.data.id;
});

describe('mensajes programados', () => {
  it('una fecha pasada se rechaza con su mensaje y no guarda nada', async () => {
    const { id, answer } = await schedule('Hola', new Date(Date.now() - 60_000));
    expect(answer.status).toBe(400);
    expect(answer.error?.data.domainCode).toBe('SCHEDULED_DATE_INVALID');
    expect(answer.error?.message).toBe('Por favor, seleccioná una fecha posterior a la actual.');
    expect(await env.interactionById(id)).toBeUndefined();
  });

  it('el trabajo lo envía a su hora como su autor, una sola vez, y deja el recordatorio', async () => {
    const date = new Date(Date.now() + 2_000);
    const { id, answer } = await schedule('Te escribo como quedamos', date, {
      createReminder: true,
    });
    expect(answer.status).toBe(200);
    const stored = await env.interactionById(id);
    expect(stored).toMatchObject({ type: 'scheduled-message', status: 'active' });
    expect(stored!.content).toMatchObject({
      date: date.toISOString(),
      interactionType: 'unofficial-whatsapp',
      messageContent: { message: 'Te escribo como quedamos' },
      channel: { id: channelId, name: 'WhatsApp Agenda' },
      reminderOnScheduledMessage: true,
    });
    const [contact] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, contactId));
    expect(contact!.reminder).toMatchObject({
      reminderDate: date.toISOString(),
      actionType: 'message',
    });
    // A repeated call schedules nothing twice.
    await env.call(SELLER, 'channel.scheduleMessage', {
      id,
      contactId,
      channelId,
      text: 'Te escribo como quedamos',
      date,
    });

    await expect
      .poll(async () => (await env.interactionById(id))!.status, { timeout: 20_000 })
      .toBe('success');
    const sentId = ((await env.interactionById(id))!.content as { sentInteractionId: string })
      .sentInteractionId;
    await expect
      .poll(async () => (await env.interactionById(sentId))?.status, { timeout: 15_000 })
      .toBe('sent');
    const message = (await env.interactionById(sentId))!;
    expect(message.agentId).toBe(env.demo.users[SELLER]!.id);
    expect(message.content).toMatchObject({ message: { text: 'Te escribo como quedamos' } });
    // A second run of the job (a retry) sends nothing more.
    await sendScheduledMessage(env.app.deps, env.demo.demo.id, id);
    expect(
      fake.simulator.sent.filter((each) => each.body.text === 'Te escribo como quedamos'),
    ).toHaveLength(1);
  });

  it('se cancela y se deshace mientras la fecha está adelante; cancelado no se envía', async () => {
    const { id } = await schedule('Mañana te llamo', new Date(Date.now() + 3_600_000));
    const change = (status: 'cancel' | 'active') =>
      env.call(SELLER, 'channel.setScheduledStatus', { contactId, id, status });
    expect((await change('cancel')).data).toEqual({ id, status: 'cancel' });
    expect((await env.interactionById(id))!.status).toBe('cancel');
    // Its time comes while cancelled: nothing is sent.
    await sendScheduledMessage(
      env.app.deps,
      env.demo.demo.id,
      id,
      new Date(Date.now() + 7_200_000),
    );
    expect((await env.interactionById(id))!.status).toBe('cancel');
    expect((await change('active')).data).toEqual({ id, status: 'active' });
    expect((await env.interactionById(id))!.status).toBe('active');
    // Someone else's contact: not even its scheduled messages.
    const stranger = await env.call('vendedora@demo.test', 'channel.setScheduledStatus', {
      contactId,
      id,
      status: 'cancel',
    });
    expect(stranger.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');

    // A cancelled one whose date went by cannot come back.
    await change('cancel');
    await env.database.handle.db
      .update(interactions)
      .set({
        content: sql`jsonb_set(${interactions.content}, '{date}', to_jsonb(${new Date(Date.now() - 60_000).toISOString()}::text))`,
      })
      .where(eq(interactions.id, id));
    const late = await change('active');
    expect(late.error?.data.domainCode).toBe('SCHEDULED_DATE_INVALID');
    expect((await env.interactionById(id))!.status).toBe('cancel');
    expect(fake.simulator.sent.some((each) => each.body.text === 'Mañana te llamo')).toBe(false);
  });

  it('si a su hora el canal está desconectado, queda en error con el motivo', async () => {
    const { id } = await schedule('¿Recibiste el presupuesto?', new Date(Date.now() + 1_000));
    await fake.close(INSTANCE, 401);
    await expect
      .poll(async () => (await env.interactionById(id))!.status, { timeout: 20_000 })
      .toBe('error');
    const content = (await env.interactionById(id))!.content as { errorCode: string };
    expect(content.errorCode).toBe('CHANNEL_ERROR');
    expect(errorMessage('SCHEDULED_MESSAGE_ERROR')).toBe('Error al enviar el mensaje programado.');
    const sent = await env.database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contactId), eq(interactions.type, 'channelMessage')));
    expect(
      sent.every(
        (each) =>
          (each.content as { message: { text: string } }).message.text !==
          '¿Recibiste el presupuesto?',
      ),
    ).toBe(true);
    await fake.open(INSTANCE);
  });
});
