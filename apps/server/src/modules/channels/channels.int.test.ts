import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createUser } from '@cartera/db/factories';
import { channelMessages, channelTemplates, channels, contacts } from '@cartera/db/schema';
import { errorMessage, es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { useChannelApp } from '../../testing/channel-app';
import { restLogin, typedCall, type ProcedurePath } from '../../testing/http-client';
import { waitFor, watchTopic } from '../../testing/ws-client';
import {
  graphError,
  inboundMedia,
  inboundText,
  signedWebhook,
  statusUpdate,
} from '../../providers/whatsapp-cloud/graph-simulator';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../providers/whatsapp-cloud/whatsapp-cloud.fake';

/*
 * WhatsApp Business Cloud end to end (issue #12): a channel configured by a manager, customers'
 * messages arriving by signed webhook, sellers' replies through the outbox job to a fake of the
 * Graph API on 127.0.0.1, and the delivery receipts coming back.
 */

const ACCESS_TOKEN = 'EAAG-test-access-token';
const APP_SECRET = 'test-app-secret';
const VERIFY_TOKEN = 'verify-me';
const PHONE_NUMBER_ID = '106540352242922';

const fake: WhatsappCloudFake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
const env = useChannelApp(fake);

let channel: { id: string; webhookUrl: string };
const userId = (email: string) => env.demo.users[email]!.id;

let stranger: Promise<string> | undefined;
/** A session of the other company's 'comercial' (made on first use). */
function strangerToken() {
  stranger ??= (async () => {
    const user = await createUser(env.database.handle.db, env.demo.other, {
      email: 'comercial@otra.test',
      name: 'Olga',
      lastname: 'Otra',
      role: 'comercial',
    });
    return (await restLogin(env.app.url, user.email)).body.token as string;
  })();
  return stranger;
}

const post = (envelope: unknown, secret = APP_SECRET) =>
  env.postWebhook(channel.webhookUrl, signedWebhook(secret, envelope));

async function timelineOf(contactId: string) {
  return env.interactionsOf(contactId);
}

const contactWithPhone = async (phone: string) => (await env.contactsWithPhone(phone))[0];

const interaction = async (id: string) => (await env.interactionById(id))!;

const statusOf = async (id: string) => (await interaction(id)).status;

beforeAll(async () => {
  const created = await env.call('comercial@demo.test', 'channel.create', {
    type: 'whatsapp_business',
    name: 'WhatsApp Ventas',
    color: '#128C7E',
    config: { phoneNumberId: PHONE_NUMBER_ID, wabaId: '102290129340398', origin: 'whatsapp' },
    secrets: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    roundRobin: {
      enabled: true,
      userIds: [userId('vendedor@demo.test'), userId('vendedora@demo.test')],
    },
  });
  expect(created.status).toBe(200);
  channel = created.data;
});

describe('canales: configuración (01 §1, /company/channels)', () => {
  it('guarda los secretos cifrados y nunca los devuelve', async () => {
    const listed = await env.call('comercial@demo.test', 'channel.list');
    expect(listed.status).toBe(200);
    const mine = listed.data.find((each) => each.id === channel.id)!;
    expect(mine).toMatchObject({
      type: 'whatsapp_business',
      name: 'WhatsApp Ventas',
      color: '#128C7E',
      status: 'available',
      config: { phoneNumberId: PHONE_NUMBER_ID },
    });
    expect(mine.secretsSet.sort()).toEqual(['accessToken', 'appSecret', 'verifyToken']);
    expect(JSON.stringify(listed.data)).not.toContain(ACCESS_TOKEN);
    expect(mine.webhookUrl).toMatch(/\/api\/webhooks\/whatsapp\/[A-Za-z0-9_-]{32}$/);
    const [row] = await env.database.handle.db
      .select({ secrets: channels.secrets })
      .from(channels)
      .where(eq(channels.id, channel.id));
    expect(row!.secrets).toMatch(/^v1\./);
    expect(row!.secrets).not.toContain(ACCESS_TOKEN);
    expect(row!.secrets).not.toContain(APP_SECRET);
  });

  it('un secreto que falta se dice en español y no crea nada', async () => {
    const before = (await env.call('comercial@demo.test', 'channel.list')).data.length;
    const refused = await env.call('comercial@demo.test', 'channel.create', {
      type: 'whatsapp_business',
      name: 'Sin token',
      config: { phoneNumberId: '1' },
      secrets: { appSecret: 'x', verifyToken: 'y' },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(refused.error?.data.fieldErrors).toMatchObject({ 'secrets.accessToken': ['Requerido'] });
    expect((await env.call('comercial@demo.test', 'channel.list')).data.length).toBe(before);
  });

  it('un vendedor no administra canales; otra empresa no ve los de esta', async () => {
    const seller = await env.call('vendedor@demo.test', 'channel.list');
    expect(seller.status).toBe(403);
    const token = await strangerToken();
    const other = await typedCall(
      env.app.url,
      'channel.get',
      { id: channel.id },
      { token, method: 'GET' },
    );
    expect(other.status).toBe(404);
    expect(other.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');
    const removed = await typedCall(env.app.url, 'channel.remove', { id: channel.id }, { token });
    expect(removed.status).toBe(404);
    expect(
      (await typedCall(env.app.url, 'channel.list', undefined, { token, method: 'GET' })).data,
    ).toEqual([]);
  });

  it('responde el saludo de Meta solo con el token de verificación del canal', async () => {
    const ok = await fetch(
      `${channel.webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await fetch(
      `${channel.webhookUrl}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1158201444`,
    );
    expect(wrong.status).toBe(403);
  });
});

describe('canales: mensajes entrantes', () => {
  it('un número desconocido crea un contacto asignado por turno, con el origen del canal', async () => {
    const first = await post(
      inboundText(PHONE_NUMBER_ID, {
        from: '59899111222',
        name: 'Lucía Pérez',
        text: 'Hola, ¿tienen stock?',
      }),
    );
    expect(first.status).toBe(200);
    const lucia = await contactWithPhone('+59899111222');
    expect(lucia).toMatchObject({ firstName: 'Lucía Pérez', origin: 'whatsapp' });
    const second = await post(
      inboundText(PHONE_NUMBER_ID, { from: '59899333444', name: 'Marcos', text: 'Buenas' }),
    );
    expect(second.status).toBe(200);
    const marcos = await contactWithPhone('+59899333444');
    // Round robin: one each, in the order configured.
    expect([lucia!.agentId, marcos!.agentId].sort()).toEqual(
      [userId('vendedor@demo.test'), userId('vendedora@demo.test')].sort(),
    );
    expect(lucia!.agentId).not.toBe(marcos!.agentId);
    const [item] = await timelineOf(lucia!.id);
    expect(item).toMatchObject({
      type: 'channelMessage',
      via: 'whatsapp_business',
      createdBySystem: false,
      content: {
        message: { text: 'Hola, ¿tienen stock?', type: 'text' },
        medium: 'wpp',
        origin: 'contact',
        channelId: channel.id,
        channelName: 'WhatsApp Ventas',
      },
    });
  });

  it('el mismo webhook cinco veces a la vez deja un solo mensaje; otro de un contacto existente se suma', async () => {
    const envelope = inboundText(PHONE_NUMBER_ID, {
      id: 'wamid.REPEATED-1',
      from: '59899555666',
      name: 'Repetido',
      text: 'Una vez',
    });
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(envelope)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const contact = await contactWithPhone('+59899555666');
    const rows = await env.database.handle.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, env.demo.demo.id),
          sql`${contacts.phones} @> array['+59899555666']::text[]`,
        ),
      );
    expect(rows).toHaveLength(1);
    expect(await timelineOf(contact!.id)).toHaveLength(1);
    expect(
      (await post(inboundText(PHONE_NUMBER_ID, { from: '59899555666', text: 'Dos' }))).status,
    ).toBe(200);
    expect(
      (await timelineOf(contact!.id)).map(
        (row) => (row.content as { message: { text: string } }).message.text,
      ),
    ).toEqual(['Una vez', 'Dos']);
  });

  it('una foto del cliente se descarga con el token del canal y se sirve desde Cartera', async () => {
    const photo = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const mediaId = fake.simulator.storeMedia(photo, 'image/png');
    const answer = await post(
      inboundMedia(PHONE_NUMBER_ID, {
        from: '59899111222',
        kind: 'image',
        mediaId,
        mimeType: 'image/png',
        caption: 'Así quedó',
      }),
    );
    expect(answer.status).toBe(200);
    const contact = await contactWithPhone('+59899111222');
    const mediaOf = async () => {
      const items = await timelineOf(contact!.id);
      const item = items.find(
        (each) => (each.content as { message: { text: string } }).message.text === 'Así quedó',
      );
      return (item?.content as { message: { media: string | null; type: string } } | undefined)
        ?.message;
    };
    await expect
      .poll(async () => (await mediaOf())?.media, { timeout: 15_000 })
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\/channels\//);
    const message = (await mediaOf())!;
    expect(message.type).toBe('image');
    // Served by Cartera, never the provider's expiring URL, to who may see the contact only.
    const owner =
      contact!.agentId === userId('vendedor@demo.test')
        ? 'vendedor@demo.test'
        : 'vendedora@demo.test';
    const other = owner === 'vendedor@demo.test' ? 'vendedora@demo.test' : 'vendedor@demo.test';
    const readAs = async (email: string) =>
      fetch(message.media!, { headers: { authorization: `Bearer ${await env.tokenOf(email)}` } });
    expect((await fetch(message.media!)).status).toBe(401);
    expect((await readAs(other)).status).toBe(404);
    const stored = await readAs(owner);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(photo);
    const downloads = fake.requests.filter(
      (each) => each.method === 'GET' && each.path.includes(mediaId),
    );
    expect(downloads.map((each) => each.path)).toEqual([`/v22.0/${mediaId}`, `/files/${mediaId}`]);
    expect(downloads.every((each) => each.headers.authorization === `Bearer ${ACCESS_TOKEN}`)).toBe(
      true,
    );

    // The legacy path (03 §7 'WhatsApp media') leads to the same copy, for who sees the contact.
    const item = (await timelineOf(contact!.id)).find(
      (each) => (each.content as { message: { text: string } }).message.text === 'Así quedó',
    )!;
    const legacy = (email: string, media: string) =>
      env.tokenOf(email).then((token) =>
        fetch(`${env.app.url}/api/crm/wppimg/${media}`, {
          headers: { authorization: `Bearer ${token}` },
          redirect: 'manual',
        }),
      );
    const redirected = await legacy(owner, item.id);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe(message.media);
    expect((await legacy(other, item.id)).status).toBe(404);
    expect((await legacy(owner, newId())).status).toBe(404);
  });

  it('GET /crm/contact/{id}/socialNetwork da dónde seguir la conversación en la red social', async () => {
    const contact = (await contactWithPhone('+59899111222'))!;
    const owner =
      contact.agentId === userId('vendedor@demo.test')
        ? 'vendedor@demo.test'
        : 'vendedora@demo.test';
    const ask = async (query: string) =>
      fetch(`${env.app.url}/api/crm/contact/${contact.id}/socialNetwork?${query}`, {
        headers: { authorization: `Bearer ${await env.tokenOf(owner)}` },
      });
    const whatsapp = await ask('channelType=whatsapp');
    expect(await whatsapp.json()).toEqual({ url: 'https://wa.me/59899111222' });
    const messenger = await ask(
      'channelType=fb&socialNetworkId=104882345678901&socialNetworkContactId=6001001&accessToken=secreto',
    );
    const body = (await messenger.json()) as { url: string };
    expect(body.url).toBe(
      'https://business.facebook.com/latest/inbox/all?asset_id=104882345678901&selected_item_id=6001001',
    );
    expect(JSON.stringify(body)).not.toContain('secreto');
    expect((await ask('channelType=telegram')).status).toBe(400);
  });

  it('una firma equivocada recibe 401 y no cambia nada', async () => {
    const before = await env.database.handle.db
      .select({ id: channelMessages.interactionId })
      .from(channelMessages);
    const forged = await post(
      inboundText(PHONE_NUMBER_ID, { from: '59899777888', text: 'Falso' }),
      'not-the-app-secret',
    );
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({
      code: 'WEBHOOK_SIGNATURE_INVALID',
      message: errorMessage('WEBHOOK_SIGNATURE_INVALID'),
    });
    const unsigned = await fetch(channel.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(inboundText(PHONE_NUMBER_ID, { from: '59899777888', text: 'Falso' })),
    });
    expect(unsigned.status).toBe(401);
    expect(await contactWithPhone('+59899777888')).toBeUndefined();
    const after = await env.database.handle.db
      .select({ id: channelMessages.interactionId })
      .from(channelMessages);
    expect(after).toHaveLength(before.length);
    const unknown = await fetch(channel.webhookUrl.replace(/[^/]+$/, 'x'.repeat(32)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('canales: mensajes salientes (outbox)', () => {
  async function sellerContact() {
    const contact = await contactWithPhone('+59899111222');
    const email =
      contact!.agentId === userId('vendedor@demo.test')
        ? 'vendedor@demo.test'
        : 'vendedora@demo.test';
    return { contact: contact!, email };
  }

  it('la respuesta llega al proveedor con el cuerpo documentado y los recibos cambian su estado', async () => {
    const { contact, email } = await sellerContact();
    const live = await watchTopic(env.app.url, await env.tokenOf(email), `contact:${contact.id}`);
    const id = newId();
    const sent = await env.call(email, 'channel.sendMessage', {
      id,
      contactId: contact.id,
      channelId: channel.id,
      text: 'Sí, tenemos. ¿Te paso precios?',
    });
    expect(sent.status).toBe(200);
    expect(['sending', 'sent']).toContain(await statusOf(id));
    await waitFor(() => fake.simulator.sent.length > 0, 15_000, 'the send');
    const message = fake.simulator.sent.at(-1)!;
    expect(message.phoneNumberId).toBe(PHONE_NUMBER_ID);
    expect(message.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '59899111222',
      type: 'text',
      text: { body: 'Sí, tenemos. ¿Te paso precios?', preview_url: false },
    });
    const request = fake.requests.find((each) => each.method === 'POST')!;
    expect(request.path).toBe(`/v22.0/${PHONE_NUMBER_ID}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');

    for (const [status, shown] of [
      ['delivered', 'received'],
      ['read', 'read'],
      ['delivered', 'read'],
    ] as const) {
      const receipt = await post(
        statusUpdate(PHONE_NUMBER_ID, { id: message.id, status, to: '59899111222' }),
      );
      expect(receipt.status).toBe(200);
      expect(await statusOf(id)).toBe(shown);
    }
    await waitFor(
      () => live.received.filter((event) => event.type === 'interaction.updated').length >= 3,
      10_000,
      'the live updates',
    );
    live.stop();
  });

  it('un rechazo del proveedor deja el mensaje en error con su código; un 429 se reintenta', async () => {
    const { contact, email } = await sellerContact();
    fake.simulator.failNext(graphError(131026, 'Message undeliverable', 400));
    const refused = newId();
    await env.call(email, 'channel.sendMessage', {
      id: refused,
      contactId: contact.id,
      channelId: channel.id,
      text: 'No llega',
    });
    await expect.poll(() => statusOf(refused), { timeout: 15_000 }).toBe('error');
    expect((await interaction(refused)).content).toMatchObject({
      errorCode: 'SEND_MESSAGE_ERROR',
      errorMessages: ['Message undeliverable'],
    });

    const count = fake.simulator.sent.length;
    fake.simulator.failNext(graphError(130429, 'Rate limit hit', 429));
    const retried = newId();
    await env.call(email, 'channel.sendMessage', {
      id: retried,
      contactId: contact.id,
      channelId: channel.id,
      text: 'Llega después',
    });
    await expect.poll(() => statusOf(retried), { timeout: 30_000 }).toBe('sent');
    expect(fake.simulator.sent.length).toBe(count + 1);
    const [row] = await env.database.handle.db
      .select({ attempts: channelMessages.attempts })
      .from(channelMessages)
      .where(eq(channelMessages.interactionId, retried));
    expect(row!.attempts).toBe(2);
  });

  it('sin teléfono, o pasado el límite por hora, se rechaza con el texto del código', async () => {
    const { contact, email } = await sellerContact();
    const limited = await env.call('comercial@demo.test', 'channel.update', {
      id: channel.id,
      values: { limits: { perHour: 1 } },
    });
    // A change touches only what it names: the colour and the round robin stay.
    expect(limited.data).toMatchObject({ color: '#128C7E', roundRobin: { enabled: true } });
    const over = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: contact.id,
      channelId: channel.id,
      text: 'Uno más',
    });
    expect(over.status).toBe(429);
    expect(over.error?.data.domainCode).toBe('MESSAGE_LIMIT_EXCEEDED');
    expect(over.error?.message).toBe(
      'Límite de mensajes por hora alcanzado. Esperando a que se restablezca el límite para continuar.',
    );
    await env.call('comercial@demo.test', 'channel.update', {
      id: channel.id,
      values: { limits: { perHour: null } },
    });

    const [noPhone] = await env.database.handle.db
      .insert(contacts)
      .values({ tenantId: env.demo.demo.id, firstName: 'Sin teléfono', agentId: contact.agentId })
      .returning();
    const missing = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: noPhone!.id,
      channelId: channel.id,
      text: 'Hola',
    });
    expect(missing.status).toBe(409);
    expect(missing.error?.data.domainCode).toBe('CONTACT_WITHOUT_PHONE_NUMBER');
    expect(await timelineOf(noPhone!.id)).toEqual([]);
  });
});

describe('canales: ventana de respuesta de WhatsApp (03 §4)', () => {
  it('dentro de las 24 h se escribe libre; pasadas, solo una plantilla; la respuesta del cliente la reabre', async () => {
    // A customer writes: the window is open for 24 hours from their message.
    await post(inboundText(PHONE_NUMBER_ID, { from: '59899444555', name: 'Nora', text: 'Hola' }));
    const contact = (await contactWithPhone('+59899444555'))!;
    const email =
      contact.agentId === userId('vendedor@demo.test')
        ? 'vendedor@demo.test'
        : 'vendedora@demo.test';
    const window = await env.call(email, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: channel.id,
    });
    expect(window.data).toMatchObject({ limited: true, open: true, templatesAllowed: true });
    const closesIn = new Date(window.data.closesAt!).getTime() - Date.now();
    expect(closesIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(closesIn).toBeLessThanOrEqual(24 * 3_600_000);
    const within = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: contact.id,
      channelId: channel.id,
      text: 'Hola Nora, ¿en qué te ayudo?',
    });
    expect(within.status).toBe(200);

    // 25 hours later (the customer's message moved back in time): templates only.
    await env.database.handle.db
      .update(channelMessages)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(channelMessages.contactId, contact.id), eq(channelMessages.direction, 'in')));
    const closed = await env.call(email, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: channel.id,
    });
    expect(closed.data).toMatchObject({ limited: true, open: false, templatesAllowed: true });
    const before = (await timelineOf(contact.id)).length;
    const refused = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: contact.id,
      channelId: channel.id,
      text: '¿Seguís interesada?',
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.data.domainCode).toBe('WHATSAPP_WINDOW_CLOSED');
    expect(refused.error?.message).toBe(errorMessage('WHATSAPP_WINDOW_CLOSED'));
    expect(await timelineOf(contact.id)).toHaveLength(before);
    // An approved template: every datum it asks for must be given, and it reads filled in.
    await env.database.handle.db.insert(channelTemplates).values({
      tenantId: env.demo.demo.id,
      channelId: channel.id,
      name: 'seguimiento',
      language: 'es',
      status: 'APPROVED',
      body: 'Hola {{1}}, ¿seguimos con {{2}}?',
    });
    const missing = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: contact.id,
      channelId: channel.id,
      template: { name: 'seguimiento', language: 'es', parameters: ['Nora'] },
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.data.fieldErrors).toEqual({
      'template.parameters': ['Completa todos los datos de la plantilla'],
    });
    expect(await timelineOf(contact.id)).toHaveLength(before);
    const template = await env.call(email, 'channel.sendMessage', {
      id: newId(),
      contactId: contact.id,
      channelId: channel.id,
      template: { name: 'seguimiento', language: 'es', parameters: ['Nora', 'el presupuesto'] },
    });
    expect(template.status).toBe(200);
    const items = await timelineOf(contact.id);
    expect(items).toHaveLength(before + 1);
    expect(items.at(-1)!.content).toMatchObject({
      message: { text: 'Hola Nora, ¿seguimos con el presupuesto?', type: 'template' },
      template: { name: 'seguimiento', parameters: ['Nora', 'el presupuesto'] },
    });
    // It reaches Meta as the documented template message.
    await expect
      .poll(
        () =>
          fake.simulator.sent.find(
            (each) =>
              each.body.type === 'template' &&
              (each.body.template as { name?: string } | undefined)?.name === 'seguimiento',
          )?.body,
        { timeout: 15_000 },
      )
      .toMatchObject({ to: '59899444555', type: 'template' });

    // The customer answers the template: a new window, free text again.
    await post(inboundText(PHONE_NUMBER_ID, { from: '59899444555', text: 'Sí, contame' }));
    const reopened = await env.call(email, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: channel.id,
    });
    expect(reopened.data.open).toBe(true);
  });

  it('a quien nunca escribió por el canal solo se le envía una plantilla', async () => {
    const [quiet] = await env.database.handle.db
      .insert(contacts)
      .values({
        tenantId: env.demo.demo.id,
        firstName: 'Callado',
        phones: ['+59899444666'],
        agentId: userId('vendedor@demo.test'),
      })
      .returning();
    const window = await env.call('vendedor@demo.test', 'channel.replyWindow', {
      contactId: quiet!.id,
      channelId: channel.id,
    });
    expect(window.data).toEqual({
      limited: true,
      open: false,
      closesAt: null,
      templatesAllowed: true,
    });
    const refused = await env.call('vendedor@demo.test', 'channel.sendMessage', {
      id: newId(),
      contactId: quiet!.id,
      channelId: channel.id,
      text: 'Hola',
    });
    expect(refused.error?.data.domainCode).toBe('WHATSAPP_WINDOW_CLOSED');
    expect(await timelineOf(quiet!.id)).toEqual([]);
    // Someone else's contact: not even its window.
    const stranger = await env.call('vendedora@demo.test', 'channel.replyWindow', {
      contactId: quiet!.id,
      channelId: channel.id,
    });
    expect(stranger.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });
});

describe('canales: mensajes vistos (03 §4)', () => {
  it('al leer la conversación, WhatsApp recibe el aviso de lectura del último mensaje, una sola vez', async () => {
    const wamid = `wamid.SEEN${Date.now()}`;
    await post(
      inboundText(PHONE_NUMBER_ID, { id: wamid, from: '59899444777', name: 'Vera', text: 'Hola' }),
    );
    const contact = (await contactWithPhone('+59899444777'))!;
    const owner =
      contact.agentId === userId('vendedor@demo.test')
        ? 'vendedor@demo.test'
        : 'vendedora@demo.test';
    const other = owner === 'vendedor@demo.test' ? 'vendedora@demo.test' : 'vendedor@demo.test';
    const refused = await env.call(other, 'channel.markSeen', { contactId: contact.id });
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');

    const seen = await env.call(owner, 'channel.markSeen', { contactId: contact.id });
    expect(seen.data).toEqual({ marked: 1 });
    await expect
      .poll(() => fake.simulator.reads.filter((each) => each.messageId === wamid).length, {
        timeout: 15_000,
      })
      .toBe(1);
    expect(fake.simulator.reads.at(-1)!.phoneNumberId).toBe(PHONE_NUMBER_ID);
    const again = await env.call(owner, 'channel.markSeen', { contactId: contact.id });
    expect(again.data).toEqual({ marked: 0 });
  });
});

describe('canales: plantillas de WhatsApp (02 §3, §4)', () => {
  it('se envían a revisión, se sincronizan con sus estados y se borran en el proveedor', async () => {
    const created = await env.call('comercial@demo.test', 'channel.createTemplate', {
      channelId: channel.id,
      name: 'seguimiento_compra',
      body: 'Hola {{1}}, ¿pudiste ver la propuesta?',
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      name: 'seguimiento_compra',
      language: 'es',
      status: 'PENDING',
      shownStatus: 'preapproved',
    });
    expect(fake.simulator.templates.map((each) => [each.wabaId, each.name])).toEqual([
      ['102290129340398', 'seguimiento_compra'],
    ]);
    expect(es.channels.templates.status[created.data.shownStatus]).toBe('Pre-aprobada');

    const badName = await env.call('comercial@demo.test', 'channel.createTemplate', {
      channelId: channel.id,
      name: 'Seguimiento Compra',
      body: 'Hola',
    });
    expect(badName.status).toBe(400);
    expect(badName.error?.data.fieldErrors).toMatchObject({
      name: ['Solo letras minúsculas, números y guiones bajos'],
    });
    const seller = await env.call('vendedor@demo.test', 'channel.createTemplate', {
      channelId: channel.id,
      name: 'otra',
      body: 'Hola',
    });
    expect(seller.status).toBe(403);

    // Meta reviews it and the account has 120 more (two pages of Graph's paging).
    fake.simulator.review('seguimiento_compra', 'APPROVED');
    for (let index = 0; index < 120; index += 1) {
      fake.simulator.templates.push({
        id: `9${index}`,
        wabaId: '102290129340398',
        name: `oferta_${index}`,
        language: 'es_AR',
        category: 'MARKETING',
        status: index === 0 ? 'REJECTED' : 'APPROVED',
        components: [{ type: 'BODY', text: `Oferta ${index}` }],
      });
    }
    const synced = await env.call('comercial@demo.test', 'channel.synchronizeTemplates', {
      channelId: channel.id,
    });
    expect(synced.status).toBe(200);
    expect(synced.data).toHaveLength(121);
    const byName = new Map(synced.data.map((each) => [each.name, each]));
    expect(byName.get('seguimiento_compra')).toMatchObject({ shownStatus: 'approved' });
    expect(byName.get('oferta_0')).toMatchObject({ shownStatus: 'rejected', body: 'Oferta 0' });
    // Sellers read them (the composer's template picker).
    const listed = await env.call('vendedor@demo.test', 'channel.templates', {
      channelId: channel.id,
    });
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(121);

    // Deleted at Meta: gone here on the next synchronisation.
    fake.simulator.templates.splice(
      fake.simulator.templates.findIndex((each) => each.name === 'oferta_5'),
      1,
    );
    const again = await env.call('comercial@demo.test', 'channel.synchronizeTemplates', {
      channelId: channel.id,
    });
    expect(again.data.map((each) => each.name)).not.toContain('oferta_5');
    expect(again.data).toHaveLength(120);

    const removed = await env.call('comercial@demo.test', 'channel.removeTemplate', {
      id: byName.get('seguimiento_compra')!.id,
    });
    expect(removed.status).toBe(200);
    expect(fake.simulator.templates.map((each) => each.name)).not.toContain('seguimiento_compra');
    const after = await env.call('vendedor@demo.test', 'channel.templates', {
      channelId: channel.id,
    });
    expect(after.data.map((each) => each.name)).not.toContain('seguimiento_compra');
  });
});

describe('canales: otra empresa', () => {
  it('no lee, crea, sincroniza ni borra las plantillas de esta empresa, ni envía por su canal', async () => {
    const created = await env.call('comercial@demo.test', 'channel.createTemplate', {
      channelId: channel.id,
      name: 'solo_de_demo',
      body: 'Hola {{1}}',
    });
    expect(created.status).toBe(200);
    const token = await strangerToken();
    const asStranger = <P extends ProcedurePath>(path: P, input: unknown, method?: 'GET') =>
      typedCall(env.app.url, path, input, { token, ...(method ? { method } : {}) });

    const listed = await asStranger('channel.templates', { channelId: channel.id }, 'GET');
    expect(listed.status).toBe(404);
    expect(listed.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');
    const made = await asStranger('channel.createTemplate', {
      channelId: channel.id,
      name: 'intrusa',
      body: 'Hola',
    });
    expect(made.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');
    const synced = await asStranger('channel.synchronizeTemplates', { channelId: channel.id });
    expect(synced.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');
    const removed = await asStranger('channel.removeTemplate', { id: created.data.id });
    expect(removed.status).toBe(404);
    const updated = await asStranger('channel.update', {
      id: channel.id,
      values: { name: 'Mía' },
    });
    expect(updated.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');
    const [someContact] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.tenantId, env.demo.other.id))
      .limit(1);
    const timelineBefore = await timelineOf(someContact!.id);
    const sent = await asStranger('channel.sendMessage', {
      id: newId(),
      contactId: someContact!.id,
      channelId: channel.id,
      text: 'Hola',
    });
    expect(sent.error?.data.domainCode).toBe('CHANNEL_NOT_FOUND');

    // Nothing of it happened: the template is still here and at Meta, the channel's name too.
    expect(fake.simulator.templates.map((each) => each.name)).toContain('solo_de_demo');
    expect(fake.simulator.templates.map((each) => each.name)).not.toContain('intrusa');
    const templates = await env.call('vendedor@demo.test', 'channel.templates', {
      channelId: channel.id,
    });
    expect(templates.data.map((each) => each.name)).toContain('solo_de_demo');
    const own = await env.call('comercial@demo.test', 'channel.get', { id: channel.id });
    expect(own.data.name).not.toBe('Mía');
    expect(await timelineOf(someContact!.id)).toEqual(timelineBefore);
  });

  it('un webhook solo escribe en la empresa de su canal, y la firma de una empresa no vale en la otra', async () => {
    // The other company has a contact with the number that writes to this company's channel.
    const phone = '+59899777888';
    const [theirs] = await env.database.handle.db
      .insert(contacts)
      .values({ tenantId: env.demo.other.id, firstName: 'Homónimo', phones: [phone] })
      .returning();
    expect(
      (
        await post(
          inboundText(PHONE_NUMBER_ID, { from: '59899777888', name: 'Nuevo', text: 'Hola' }),
        )
      ).status,
    ).toBe(200);
    const ours = await contactWithPhone(phone);
    expect(ours?.tenantId).toBe(env.demo.demo.id);
    expect(ours?.id).not.toBe(theirs!.id);
    expect(await timelineOf(theirs!.id)).toEqual([]);

    // The other company's own channel answers only to its own app secret.
    const token = await strangerToken();
    const otherChannel = await typedCall(
      env.app.url,
      'channel.create',
      {
        type: 'whatsapp_business',
        name: 'WhatsApp Otra',
        config: { phoneNumberId: '900000000001' },
        secrets: { accessToken: 'otra-token', appSecret: 'otra-secret', verifyToken: 'otra' },
      },
      { token },
    );
    expect(otherChannel.status).toBe(200);
    const envelope = inboundText('900000000001', {
      from: '59899777888',
      name: 'Cruzado',
      text: 'Con la firma de la otra empresa',
    });
    const { body, headers } = signedWebhook(APP_SECRET, envelope);
    const forged = await fetch(otherChannel.data.webhookUrl, { method: 'POST', headers, body });
    expect(forged.status).toBe(401);
    expect(await timelineOf(theirs!.id)).toEqual([]);
    // This company's URL does not take the other's messages either (another phone number id).
    const misrouted = await post(envelope);
    expect(misrouted.status).toBe(200);
    expect(await timelineOf(theirs!.id)).toEqual([]);
  });
});
