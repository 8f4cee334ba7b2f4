import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { channelMessages, channels, contacts } from '@cartera/db/schema';
import { errorMessage } from '@cartera/domain/i18n';
import { useChannelApp } from '../../testing/channel-app';
import { adapterFor } from '../../providers/registry';
import { channelContext } from './channel-messages.service';
import {
  inboundSms,
  signedTwilioWebhook,
  statusCallback,
  twilioError,
} from '../../providers/twilio/twilio-simulator';
import { startTwilioFake, type TwilioFake } from '../../providers/twilio/twilio.fake';
import { SELLER } from '../../testing/demo-users';

/*
 * SMS through Twilio end to end (issue #12): a channel configured by a manager, customers'
 * texts arriving as signed form posts, sellers' replies through the outbox job to a fake of
 * Twilio's Messages API on 127.0.0.1 with the channel's webhook as their StatusCallback, and the
 * status callbacks coming back to it.
 */

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-auth-token-of-the-test';
const FROM_NUMBER = '+15550001111';
const CUSTOMER = '+59894000111';

const fake: TwilioFake = await startTwilioFake({
  accountSid: ACCOUNT_SID,
  authToken: AUTH_TOKEN,
  numbers: [FROM_NUMBER],
});
const env = useChannelApp(fake, { provider: 'twilio' });

let channel: { id: string; webhookUrl: string };

async function post(
  params: Array<[string, string]>,
  options: { token?: string; url?: string } = {},
) {
  return env.postWebhook(
    channel.webhookUrl,
    signedTwilioWebhook(options.token ?? AUTH_TOKEN, options.url ?? channel.webhookUrl, params),
  );
}

const sms = (from: string, body: string, sid?: string) =>
  inboundSms({ accountSid: ACCOUNT_SID, from, to: FROM_NUMBER, body, ...(sid ? { sid } : {}) });

const interaction = async (id: string) => (await env.interactionById(id))!;

const statusOf = async (id: string) => (await interaction(id)).status;

const send = (contactId: string, extra: Record<string, unknown>) =>
  env.sendMessage(SELLER, { contactId, channelId: channel.id, ...extra });

function formOf(sent: { params: Array<[string, string]> }) {
  return Object.fromEntries(sent.params);
}

beforeAll(async () => {
  const created = await env.call('comercial@demo.test', 'channel.create', {
    type: 'sms',
    name: 'SMS Ventas',
    color: '#F22F46',
    config: { accountSid: ACCOUNT_SID, fromNumber: FROM_NUMBER, origin: 'sms' },
    secrets: { authToken: AUTH_TOKEN },
    roundRobin: { enabled: true, userIds: [env.demo.users[SELLER]!.id] },
  });
  expect(created.status).toBe(200);
  channel = created.data;
});

describe('SMS (Twilio): mensajes entrantes', () => {
  it('un número desconocido crea un contacto con su teléfono; se contesta TwiML vacío', async () => {
    expect(channel.webhookUrl).toMatch(/\/api\/webhooks\/twilio\/[A-Za-z0-9_-]{32}$/);
    const answer = await post(sms(CUSTOMER, 'Hola, ¿abren el sábado?', `SM${'1'.repeat(32)}`));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await answer.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [contact, ...others] = await env.contactsWithPhone(CUSTOMER);
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      firstName: CUSTOMER,
      phones: [CUSTOMER],
      origin: 'sms',
      agentId: env.demo.users[SELLER]!.id,
    });
    const items = await env.interactionsOf(contact!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'channelMessage',
      via: 'sms',
      createdBySystem: false,
      content: {
        message: { text: 'Hola, ¿abren el sábado?', type: 'text' },
        medium: 'sms',
        origin: 'contact',
        channelId: channel.id,
        channelName: 'SMS Ventas',
      },
    });
  });

  it('el mismo SID repetido no suma nada; un mensaje con foto se suma al mismo contacto y su archivo se descarga', async () => {
    const repeated = sms(CUSTOMER, 'Otra vez', `SM${'1'.repeat(32)}`);
    const answers = await Promise.all([1, 2, 3].map(() => post(repeated)));
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200]);
    const [contact] = await env.contactsWithPhone(CUSTOMER);
    expect(await env.interactionsOf(contact!.id)).toHaveLength(1);
    const photo = Buffer.from('a JPEG, as far as the test knows');
    const mediaUrl = `${fake.url}${fake.simulator.storeMedia(photo, 'image/jpeg')}`;
    await post(
      inboundSms({
        accountSid: ACCOUNT_SID,
        from: CUSTOMER,
        to: FROM_NUMBER,
        body: 'Mirá esta',
        media: [{ url: mediaUrl, contentType: 'image/jpeg' }],
      }),
    );
    const items = await env.interactionsOf(contact!.id);
    expect(items).toHaveLength(2);
    expect(items[1]!.content).toMatchObject({
      message: { text: 'Mirá esta', type: 'image' },
    });
    // The adapter fetches it with the account's credentials, through Twilio's CDN redirect.
    // The media job keeps the file in Cartera's storage and points the item at it.
    await expect
      .poll(
        async () =>
          ((await interaction(items[1]!.id)).content as { message: { media: string | null } })
            .message.media,
        { timeout: 15_000 },
      )
      .toMatch(/^http/);
    const [row] = await env.database.handle.db
      .select()
      .from(channels)
      .where(eq(channels.id, channel.id));
    const file = await adapterFor('sms')!.downloadMedia!(channelContext(env.app.deps, row!), {
      kind: 'image',
      url: mediaUrl,
    });
    expect(file).toEqual({ bytes: photo, mimeType: 'image/jpeg' });
    const fetched = fake.requests.filter((each) => each.method === 'GET');
    expect(fetched.map((each) => [each.path, each.headers.authorization])).toEqual(
      expect.arrayContaining([
        [
          new URL(mediaUrl).pathname,
          `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
        ],
        [expect.stringMatching(/^\/cdn\/ME/), undefined],
      ]),
    );
  });

  it('un número que ya tiene un contacto escribe en su conversación', async () => {
    const [known] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, env.demo.demo.id),
          sql`cardinality(${contacts.phones}) > 0`,
          sql`${contacts.parentContactId} is null`,
        ),
      )
      .orderBy(contacts.createdAt)
      .limit(1);
    const holders = (await env.contactsWithPhone(known!.phones[0]!)).length;
    const before = (await env.interactionsOf(known!.id)).length;
    expect((await post(sms(known!.phones[0]!, 'Soy cliente'))).status).toBe(200);
    // An archived conversation reopens with the message, and a timeline line says so (#33).
    const archived = known!.archivingReason !== null;
    expect(await env.interactionsOf(known!.id)).toHaveLength(before + (archived ? 2 : 1));
    expect(await env.contactsWithPhone(known!.phones[0]!)).toHaveLength(holders);
  });

  it('una firma equivocada, de otra URL o sobre otros datos recibe 401 y no guarda nada', async () => {
    const count = async () => (await env.database.handle.db.select().from(channelMessages)).length;
    const before = await count();
    const forged = await post(sms('+59894000999', 'Falso'), { token: 'not-the-auth-token' });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: errorMessage('WEBHOOK_SIGNATURE_INVALID'),
    });
    const elsewhere = await post(sms('+59894000999', 'Falso'), {
      url: 'https://otro.example.test/hook',
    });
    expect(elsewhere.status).toBe(401);
    const signed = signedTwilioWebhook(AUTH_TOKEN, channel.webhookUrl, sms('+59894000999', 'A'));
    const tampered = await fetch(channel.webhookUrl, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body.replace('Body=A', 'Body=B'),
    });
    expect(tampered.status).toBe(401);
    expect(await env.contactsWithPhone('+59894000999')).toEqual([]);
    expect(await count()).toBe(before);
  });
});

describe('SMS (Twilio): mensajes salientes', () => {
  async function customer() {
    const [contact] = await env.contactsWithPhone(CUSTOMER);
    return contact!;
  }

  it('la respuesta llega con Basic, el formulario documentado y el webhook del canal; los avisos de estado la actualizan', async () => {
    const contact = await customer();
    const id = await send(contact.id, { text: 'Sí, de 9 a 13.' });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    const sent = fake.simulator.sent.at(-1)!;
    expect(formOf(sent)).toEqual({
      To: CUSTOMER,
      From: FROM_NUMBER,
      Body: 'Sí, de 9 a 13.',
      StatusCallback: channel.webhookUrl,
    });
    const request = fake.requests.findLast((each) => each.method === 'POST')!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');

    const callback = (status: string, errorCode?: number) =>
      statusCallback({
        accountSid: ACCOUNT_SID,
        sid: sent.sid,
        status,
        from: FROM_NUMBER,
        to: CUSTOMER,
        ...(errorCode !== undefined ? { errorCode } : {}),
      });
    for (const [status, shown] of [
      ['sent', 'sent'],
      ['delivered', 'received'],
      ['read', 'read'],
      ['undelivered', 'read'],
    ] as const) {
      const answer = await post(callback(status, status === 'undelivered' ? 30003 : undefined));
      expect(answer.status).toBe(200);
      expect(await statusOf(id)).toBe(shown);
    }
  });

  it('un archivo sale como MediaUrl con su texto como Body', async () => {
    const contact = await customer();
    const id = await send(contact.id, {
      text: 'La lista de precios',
      file: {
        url: 'https://files.example.test/precios.png',
        name: 'precios.png',
        mimeType: 'image/png',
      },
    });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    expect(formOf(fake.simulator.sent.at(-1)!)).toMatchObject({
      To: CUSTOMER,
      Body: 'La lista de precios',
      MediaUrl: 'https://files.example.test/precios.png',
    });
  });

  it('un número inválido o un aviso de no entregado terminan en error; una credencial rechazada desconecta el canal', async () => {
    const contact = await customer();
    fake.simulator.failNext(
      twilioError(21211, `The 'To' number ${CUSTOMER} is not a valid phone number.`),
    );
    const invalid = await send(contact.id, { text: 'No sale' });
    await expect.poll(() => statusOf(invalid), { timeout: 15_000 }).toBe('error');
    expect((await interaction(invalid)).content).toMatchObject({
      errorCode: 'SEND_MESSAGE_ERROR',
      errorMessages: [`The 'To' number ${CUSTOMER} is not a valid phone number.`],
    });

    const lost = await send(contact.id, { text: 'Se pierde' });
    await expect.poll(() => statusOf(lost), { timeout: 15_000 }).toBe('sent');
    const sid = fake.simulator.sent.at(-1)!.sid;
    await post(
      statusCallback({
        accountSid: ACCOUNT_SID,
        sid,
        status: 'undelivered',
        from: FROM_NUMBER,
        to: CUSTOMER,
        errorCode: 30003,
      }),
    );
    expect(await statusOf(lost)).toBe('error');
    expect((await interaction(lost)).content).toMatchObject({
      errorCode: 'SEND_MESSAGE_ERROR',
      errorMessages: ['Twilio undelivered (30003)'],
    });

    fake.simulator.failNext(twilioError(20003, 'Authenticate', 401));
    const refused = await send(contact.id, { text: 'Hola' });
    try {
      await expect.poll(() => statusOf(refused), { timeout: 15_000 }).toBe('error');
      expect((await interaction(refused)).content).toMatchObject({
        errorCode: 'CHANNEL_ERROR',
        errorMessages: ['Authenticate'],
      });
      const [row] = await env.database.handle.db
        .select({ status: channels.status, reason: channels.statusReason })
        .from(channels)
        .where(eq(channels.id, channel.id));
      // 'Canales' reads why in Spanish, with Twilio's code kept (issue #31).
      expect(row).toEqual({
        status: 'disconnected',
        reason: 'Las credenciales de la cuenta no son válidas. Código del proveedor: 20003.',
      });
    } finally {
      await env.database.handle.db
        .update(channels)
        .set({ status: 'available', statusReason: null })
        .where(eq(channels.id, channel.id));
    }
  });
});

describe('SMS (Twilio): ruteo por número', () => {
  const SECOND_NUMBER = '+15550002222';
  const UNKNOWN_NUMBER = '+15550009999';

  it('un SMS a otro número de la empresa va a su canal; a un número sin canal queda como no procesado', async () => {
    const second = await env.call('comercial@demo.test', 'channel.create', {
      type: 'sms',
      name: 'SMS Soporte',
      config: { accountSid: ACCOUNT_SID, fromNumber: '+1 555 000 2222', origin: 'sms-soporte' },
      secrets: { authToken: AUTH_TOKEN },
    });
    expect(second.status).toBe(200);
    const toSecond = inboundSms({
      accountSid: ACCOUNT_SID,
      from: '+59894000777',
      to: SECOND_NUMBER,
      body: 'Consulta de soporte',
    });
    expect((await post(toSecond)).status).toBe(200);
    const [customer] = await env.contactsWithPhone('+59894000777');
    expect(customer).toMatchObject({ origin: 'sms-soporte' });
    const [item] = await env.interactionsOf(customer!.id);
    expect(item!.content).toMatchObject({ channelId: second.data.id, channelName: 'SMS Soporte' });

    const toNobody = inboundSms({
      accountSid: ACCOUNT_SID,
      from: '+59894000888',
      to: UNKNOWN_NUMBER,
      body: '¿Hay alguien?',
    });
    expect((await post(toNobody)).status).toBe(200);
    expect(await env.contactsWithPhone('+59894000888')).toEqual([]);
    const listed = await env.call('comercial@demo.test', 'channel.deadLetters', {
      channelId: channel.id,
    });
    expect(listed.data.items[0]).toMatchObject({
      reason: 'NO_CHANNEL_FOR_NUMBER',
      detail: '15550009999',
      provider: 'twilio',
    });
    expect(String(listed.data.items[0]!.payload)).toContain('Hay+alguien');
  });
});
