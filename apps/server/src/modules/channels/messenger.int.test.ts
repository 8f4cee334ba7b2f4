import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { channelMessages, channels, contacts } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useChannelApp } from '../../testing/channel-app';
import { adapterFor } from '../../providers/registry';
import { channelContext } from './channel-messages.service';
import {
  customerMessage,
  deliveryOf,
  echoOf,
  messagingEnvelope,
  messengerError,
  readOf,
  signedMetaWebhook,
  type MetaObject,
} from '../../providers/messenger/messenger-simulator';
import { startMessengerFake, type MessengerFake } from '../../providers/messenger/messenger.fake';
import { SELLER } from '../../testing/demo-users';

/*
 * Messenger and Instagram (Facebook Login) end to end (issue #12): channels configured by a
 * manager, customers known by their page-scoped id arriving by signed webhook, sellers' replies
 * through the outbox job to a fake of the Graph Send API on 127.0.0.1, and the receipts (by
 * message id and by watermark) coming back.
 */

const PAGE_TOKEN = 'EAAB-page-access-token';
const APP_SECRET = 'messenger-app-secret';
const VERIFY_TOKEN = 'verify-messenger';
const PAGE_ID = '104882345678901';
const IG_ACCOUNT_ID = '17841400000000001';

const fake: MessengerFake = await startMessengerFake({ pageAccessToken: PAGE_TOKEN });
// Media downloads tried three times one second apart, instead of the production schedule.
const env = useChannelApp(fake, {
  env: { MEDIA_FETCH_RETRY_SECONDS: '1', MEDIA_FETCH_ATTEMPTS: '3' },
});

let messenger: { id: string; webhookUrl: string };
let instagram: { id: string; webhookUrl: string };

async function post(
  channel: { webhookUrl: string },
  object: MetaObject,
  items: unknown[],
  secret = APP_SECRET,
) {
  const accountId = object === 'page' ? PAGE_ID : IG_ACCOUNT_ID;
  return env.postWebhook(
    channel.webhookUrl,
    signedMetaWebhook(secret, messagingEnvelope(object, accountId, items)),
  );
}

const contactWithScopedId = (scopedId: string) =>
  env.demoContacts(
    sql`${contacts.channels} @> ${JSON.stringify([{ config: { PSID: scopedId } }])}::jsonb`,
  );

const interaction = async (id: string) => (await env.interactionById(id))!;

const statusOf = async (id: string) => (await interaction(id)).status;

const send = (contactId: string, channelId: string, extra: Record<string, unknown>) =>
  env.sendMessage(SELLER, { contactId, channelId, ...extra });

async function storedAt(interactionId: string) {
  const [row] = await env.database.handle.db
    .select({ createdAt: channelMessages.createdAt })
    .from(channelMessages)
    .where(eq(channelMessages.interactionId, interactionId));
  return row!.createdAt;
}

beforeAll(async () => {
  const roundRobin = { enabled: true, userIds: [env.demo.users[SELLER]!.id] };
  const secrets = { pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN };
  const fb = await env.call('comercial@demo.test', 'channel.create', {
    type: 'fb',
    name: 'Messenger Tienda',
    color: '#0084FF',
    config: { pageId: PAGE_ID, origin: 'facebook' },
    secrets,
    roundRobin,
  });
  expect(fb.status).toBe(200);
  messenger = fb.data;
  const ig = await env.call('comercial@demo.test', 'channel.create', {
    type: 'ig',
    name: 'Instagram Tienda',
    color: '#E1306C',
    config: { pageId: PAGE_ID, username: 'tienda', origin: 'instagram' },
    secrets,
    roundRobin,
  });
  expect(ig.status).toBe(200);
  instagram = ig.data;
});

describe('Messenger: configuración', () => {
  it('da la dirección del webhook y responde el saludo de Meta solo con su token', async () => {
    expect(messenger.webhookUrl).toMatch(/\/api\/webhooks\/messenger\/[A-Za-z0-9_-]{32}$/);
    expect(instagram.webhookUrl).toMatch(/\/api\/webhooks\/instagram\/[A-Za-z0-9_-]{32}$/);
    const ok = await fetch(
      `${messenger.webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=734`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('734');
    const wrong = await fetch(
      `${messenger.webhookUrl}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=734`,
    );
    expect(wrong.status).toBe(403);
  });
});

describe('Messenger: mensajes entrantes', () => {
  it('el nombre del cliente sale del perfil de Messenger y de Instagram (GET /{id}?fields=…)', async () => {
    fake.simulator.storeProfile('6001999', { first_name: 'Carla', last_name: 'Méndez' });
    fake.simulator.storeProfile('17841999', { name: 'Lucas Paz', username: 'lucaspaz' });
    await post(messenger, 'page', [
      customerMessage(PAGE_ID, { from: '6001999', mid: 'm_PROFILE', text: 'Hola' }),
    ]);
    await post(instagram, 'instagram', [
      customerMessage(IG_ACCOUNT_ID, { from: '17841999', mid: 'ig_PROFILE', text: 'Hola' }),
    ]);
    const [fromMessenger] = await contactWithScopedId('6001999');
    const [fromInstagram] = await contactWithScopedId('17841999');
    expect(fromMessenger).toMatchObject({ firstName: 'Carla Méndez' });
    expect(fromInstagram).toMatchObject({ firstName: 'Lucas Paz' });
    const asked = fake.requests.filter((each) => /\/(6001999|17841999)\?fields=/.test(each.path));
    expect(asked.map((each) => each.path.replace(/^.*\//, ''))).toEqual([
      '6001999?fields=first_name,last_name',
      '17841999?fields=name,username',
    ]);
    expect(asked.every((each) => each.headers.authorization === `Bearer ${PAGE_TOKEN}`)).toBe(true);
  });

  it('un PSID desconocido crea un contacto con su id de página, asignado por turno; sin perfil se llama «Cliente de Messenger»', async () => {
    const answer = await post(messenger, 'page', [
      customerMessage(PAGE_ID, { from: '6001001', mid: 'm_FIRST', text: 'Hola, ¿hacen envíos?' }),
    ]);
    expect(answer.status).toBe(200);
    const [contact, ...others] = await contactWithScopedId('6001001');
    expect(others).toEqual([]);
    // The profile lookup found no name (the fake knows no such person): a Spanish label.
    expect(contact).toMatchObject({
      firstName: 'Cliente de Messenger',
      phones: [],
      origin: 'facebook',
      agentId: env.demo.users[SELLER]!.id,
      channels: [{ type: 'fb', config: { PSID: '6001001', pageId: PAGE_ID } }],
    });
    const items = await env.interactionsOf(contact!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'channelMessage',
      via: 'fb',
      createdBySystem: false,
      content: {
        message: { text: 'Hola, ¿hacen envíos?', type: 'text' },
        medium: 'fb',
        origin: 'contact',
        channelId: messenger.id,
        channelName: 'Messenger Tienda',
      },
    });
  });

  it('el mismo webhook repetido no suma nada; el eco de la página se ignora; una foto se suma y se descarga', async () => {
    const repeated = customerMessage(PAGE_ID, {
      from: '6001001',
      mid: 'm_FIRST',
      text: 'Otra vez',
    });
    const answers = await Promise.all([1, 2, 3].map(() => post(messenger, 'page', [repeated])));
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200]);
    const echo = await post(messenger, 'page', [echoOf(PAGE_ID, '6001001', 'Eco')]);
    expect(echo.status).toBe(200);
    const [contact] = await contactWithScopedId('6001001');
    expect(await env.interactionsOf(contact!.id)).toHaveLength(1);

    const photo = Buffer.from('a PNG, as far as the test knows');
    const photoUrl = `${fake.url}${fake.simulator.storeMedia(photo, 'image/png')}`;
    await post(messenger, 'page', [
      customerMessage(PAGE_ID, {
        from: '6001001',
        attachments: [{ type: 'image', url: photoUrl }],
      }),
    ]);
    const items = await env.interactionsOf(contact!.id);
    expect(items).toHaveLength(2);
    expect(items[1]!.content).toMatchObject({ message: { type: 'image' }, medium: 'fb' });
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
      .where(eq(channels.id, messenger.id));
    const file = await adapterFor('fb')!.downloadMedia!(channelContext(env.app.deps, row!), {
      kind: 'image',
      url: photoUrl,
    });
    expect(file).toEqual({ bytes: photo, mimeType: 'image/png' });
    // The CDN is not given the Page token.
    const fetched = fake.requests.findLast((each) => each.method === 'GET')!;
    expect(fetched.headers.authorization).toBeUndefined();
  });

  it('una foto que el CDN de Meta no entrega dos veces se descarga al tercer intento; si nunca llega, el aviso y Reintentar', async () => {
    const photo = Buffer.from('a PNG the CDN gives late');
    const photoUrl = `${fake.url}${fake.simulator.storeMedia(photo, 'image/png')}`;
    const cdnError = { status: 500, headers: {}, body: Buffer.from('Internal Server Error') };
    fake.simulator.failMediaNext(cdnError, { ...cdnError, status: 503 });
    await post(messenger, 'page', [
      customerMessage(PAGE_ID, {
        from: '6001077',
        attachments: [{ type: 'image', url: photoUrl }],
      }),
    ]);
    const [contact] = await contactWithScopedId('6001077');
    const [item] = await env.interactionsOf(contact!.id);
    type Media = { message: { media: string | null }; mediaError?: { attempts: number } };
    const content = async () => (await interaction(item!.id)).content as unknown as Media;
    await expect
      .poll(async () => (await content()).message.media, { timeout: 30_000 })
      .toMatch(/\/api\/files\/channels\//);
    expect((await content()).mediaError).toBeUndefined();
    const downloads = (url: string) =>
      fake.requests.filter((each) => each.method === 'GET' && each.path === new URL(url).pathname);
    expect(downloads(photoUrl)).toHaveLength(3);

    const lost = `${fake.url}${fake.simulator.storeMedia(photo, 'image/png')}`;
    fake.simulator.failMediaNext(cdnError, cdnError, cdnError);
    await post(messenger, 'page', [
      customerMessage(PAGE_ID, { from: '6001077', attachments: [{ type: 'image', url: lost }] }),
    ]);
    const second = (await env.interactionsOf(contact!.id))[1]!;
    const secondContent = async () => (await interaction(second.id)).content as unknown as Media;
    await expect
      .poll(async () => (await secondContent()).mediaError?.attempts, { timeout: 30_000 })
      .toBe(3);
    expect((await secondContent()).mediaError).toMatchObject({
      code: 'MEDIA_DOWNLOAD_FAILED',
      providerCode: '500',
    });
    expect(
      (await env.call(SELLER, 'channel.retryMedia', { interactionId: second.id })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await secondContent()).message.media, { timeout: 30_000 })
      .toMatch(/\/api\/files\/channels\//);
    expect(downloads(lost)).toHaveLength(4);
  });

  it('una firma equivocada recibe 401 y no guarda nada; un sobre de Instagram no entra por Messenger', async () => {
    const forged = await post(
      messenger,
      'page',
      [customerMessage(PAGE_ID, { from: '6009999', text: 'Falso' })],
      'not-the-app-secret',
    );
    expect(forged.status).toBe(401);
    const unsigned = await fetch(messenger.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        messagingEnvelope('page', PAGE_ID, [customerMessage(PAGE_ID, { from: '6009999' })]),
      ),
    });
    expect(unsigned.status).toBe(401);
    const crossed = await post(messenger, 'instagram', [
      customerMessage(IG_ACCOUNT_ID, { from: '6009999', text: 'De Instagram' }),
    ]);
    expect(crossed.status).toBe(200);
    expect(await contactWithScopedId('6009999')).toEqual([]);
  });
});

describe('Messenger: mensajes salientes', () => {
  async function customer() {
    const [contact] = await contactWithScopedId('6001001');
    return contact!;
  }

  it('la respuesta llega con el cuerpo documentado; los recibos por id y por marca de agua cambian el estado', async () => {
    const contact = await customer();
    const first = await send(contact.id, messenger.id, { text: '¡Sí! Enviamos a todo el país.' });
    await expect.poll(() => statusOf(first), { timeout: 15_000 }).toBe('sent');
    const sent = fake.simulator.sent.at(-1)!;
    expect(sent.pageId).toBe(PAGE_ID);
    expect(sent.body).toEqual({
      recipient: { id: '6001001' },
      messaging_type: 'RESPONSE',
      message: { text: '¡Sí! Enviamos a todo el país.' },
    });
    const request = fake.requests.findLast((each) => each.method === 'POST')!;
    expect(request.path).toBe(`/v22.0/${PAGE_ID}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${PAGE_TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');

    expect(
      (await post(messenger, 'page', [deliveryOf(PAGE_ID, '6001001', [sent.id], new Date())]))
        .status,
    ).toBe(200);
    expect(await statusOf(first)).toBe('received');

    const second = await send(contact.id, messenger.id, { text: '¿A qué ciudad?' });
    await expect.poll(() => statusOf(second), { timeout: 15_000 }).toBe('sent');
    // Read up to just before the second was stored: only the first is read.
    const between = new Date((await storedAt(second)).getTime() - 1);
    await post(messenger, 'page', [readOf(PAGE_ID, '6001001', { watermark: between })]);
    expect(await statusOf(first)).toBe('read');
    expect(await statusOf(second)).toBe('sent');
    // A delivery with only a watermark, then a read of everything.
    await post(messenger, 'page', [deliveryOf(PAGE_ID, '6001001', undefined, new Date())]);
    expect(await statusOf(second)).toBe('received');
    await post(messenger, 'page', [readOf(PAGE_ID, '6001001', { watermark: new Date() })]);
    expect(await statusOf(second)).toBe('read');
    // A late delivery never takes a read message back.
    await post(messenger, 'page', [deliveryOf(PAGE_ID, '6001001', [sent.id], new Date())]);
    expect(await statusOf(first)).toBe('read');
  });

  it('un archivo va como adjunto reutilizable y su texto como mensaje aparte', async () => {
    const contact = await customer();
    const before = fake.simulator.sent.length;
    const id = await send(contact.id, messenger.id, {
      text: 'El catálogo',
      file: {
        url: 'https://files.example.test/catalogo.pdf',
        name: 'catalogo.pdf',
        mimeType: 'application/pdf',
      },
    });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    expect(fake.simulator.sent.slice(before).map((each) => each.body)).toEqual([
      {
        recipient: { id: '6001001' },
        messaging_type: 'RESPONSE',
        message: {
          attachment: {
            type: 'file',
            payload: { url: 'https://files.example.test/catalogo.pdf', is_reusable: true },
          },
        },
      },
      {
        recipient: { id: '6001001' },
        messaging_type: 'RESPONSE',
        message: { text: 'El catálogo' },
      },
    ]);
  });

  it('fuera de la ventana queda en error con el mensaje de Meta; un token vencido desconecta el canal', async () => {
    const contact = await customer();
    fake.simulator.failNext(
      messengerError(10, 'This message is sent outside of allowed window.', 400, 2018278),
    );
    const late = await send(contact.id, messenger.id, { text: 'Pasó una semana' });
    await expect.poll(() => statusOf(late), { timeout: 15_000 }).toBe('error');
    expect((await interaction(late)).content).toMatchObject({
      errorCode: 'SEND_MESSAGE_ERROR',
      errorMessages: ['This message is sent outside of allowed window.'],
    });
    const [still] = await env.database.handle.db
      .select({ status: channels.status })
      .from(channels)
      .where(eq(channels.id, messenger.id));
    expect(still!.status).toBe('available');

    fake.simulator.failNext(
      messengerError(190, 'Error validating access token: Session has expired.', 401),
    );
    const expired = await send(contact.id, messenger.id, { text: 'Hola' });
    try {
      await expect.poll(() => statusOf(expired), { timeout: 15_000 }).toBe('error');
      expect((await interaction(expired)).content).toMatchObject({ errorCode: 'CHANNEL_ERROR' });
      const [row] = await env.database.handle.db
        .select({ status: channels.status, reason: channels.statusReason })
        .from(channels)
        .where(eq(channels.id, messenger.id));
      // 'Canales' reads why in Spanish, with Meta's code kept (issue #31).
      expect(row).toEqual({
        status: 'disconnected',
        reason: 'El token de acceso del canal venció o no es válido. Código del proveedor: 190.',
      });
      const refused = await env.call(SELLER, 'channel.sendMessage', {
        id: newId(),
        contactId: contact.id,
        channelId: messenger.id,
        text: 'No sale',
      });
      expect(refused.error?.data.domainCode).toBe('CHANNEL_ERROR');
    } finally {
      await env.database.handle.db
        .update(channels)
        .set({ status: 'available', statusReason: null })
        .where(eq(channels.id, messenger.id));
    }
  });
});

describe('Messenger: ventana de 7 días (03 §4)', () => {
  it('pasadas 24 horas y dentro de los 7 días la respuesta va con la etiqueta HUMAN_AGENT; leer la conversación envía mark_seen', async () => {
    const [contact] = await contactWithScopedId('6001001');
    if (!contact) throw new Error('the Messenger customer of the earlier tests');
    await env.database.handle.db
      .update(channelMessages)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) })
      .where(
        and(
          eq(channelMessages.contactId, contact.id),
          eq(channelMessages.channelId, messenger.id),
          eq(channelMessages.direction, 'in'),
        ),
      );
    const late = await send(contact.id, messenger.id, { text: 'Perdón la demora' });
    await expect.poll(() => statusOf(late), { timeout: 15_000 }).toBe('sent');
    expect(fake.simulator.sent.at(-1)!.body).toEqual({
      recipient: { id: '6001001' },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'Perdón la demora' },
    });

    const seen = await env.call(SELLER, 'channel.markSeen', { contactId: contact.id });
    expect(seen.data!.marked).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => fake.simulator.actions.filter((each) => each.recipient === '6001001'), {
        timeout: 15_000,
      })
      .toEqual([{ pageId: PAGE_ID, recipient: '6001001', action: 'mark_seen' }]);
  });

  it('pasados 7 días desde el último mensaje del cliente no se envía nada, ni una plantilla', async () => {
    const [contact] = await contactWithScopedId('6001001');
    if (!contact) throw new Error('the Messenger customer of the earlier tests');
    const open = await env.call(SELLER, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: messenger.id,
    });
    expect(open.data).toMatchObject({ limited: true, open: true, templatesAllowed: false });
    await env.database.handle.db
      .update(channelMessages)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3_600_000) })
      .where(
        and(
          eq(channelMessages.contactId, contact.id),
          eq(channelMessages.channelId, messenger.id),
          eq(channelMessages.direction, 'in'),
        ),
      );
    const closed = await env.call(SELLER, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: messenger.id,
    });
    expect(closed.data).toMatchObject({ open: false, templatesAllowed: false });
    for (const extra of [
      { text: 'Hola de nuevo' },
      { template: { name: 'seguimiento', language: 'es', parameters: [] } },
    ]) {
      const refused = await env.call(SELLER, 'channel.sendMessage', {
        id: newId(),
        contactId: contact.id,
        channelId: messenger.id,
        ...extra,
      });
      expect(refused.status).toBe(409);
      expect(refused.error?.message).toBe('Te encuentras fuera del periodo permitido por Meta');
    }
    // The customer writes again: a new week.
    await post(messenger, 'page', [
      customerMessage(PAGE_ID, {
        from: '6001001',
        text: 'Sigo interesado',
        mid: 'm_window_reopen',
      }),
    ]);
    const reopened = await env.call(SELLER, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: messenger.id,
    });
    expect(reopened.data.open).toBe(true);
  });
});

describe('Instagram (con inicio de sesión de Facebook)', () => {
  it('un IGSID crea su contacto, la respuesta sale por la página y el visto la marca leída', async () => {
    const answer = await post(instagram, 'instagram', [
      customerMessage(IG_ACCOUNT_ID, { from: '7002002', text: 'Vi el post, ¿precio?' }),
    ]);
    expect(answer.status).toBe(200);
    const [contact] = await contactWithScopedId('7002002');
    expect(contact).toMatchObject({
      origin: 'instagram',
      channels: [{ type: 'ig', config: { PSID: '7002002', pageId: PAGE_ID } }],
    });
    const [item] = await env.interactionsOf(contact!.id);
    expect(item).toMatchObject({ via: 'ig', content: { medium: 'ig', origin: 'contact' } });
    // A Messenger envelope posted to the Instagram channel is not its own.
    await post(instagram, 'page', [customerMessage(PAGE_ID, { from: '7002002', text: 'No' })]);
    expect(await env.interactionsOf(contact!.id)).toHaveLength(1);

    const id = await send(contact!.id, instagram.id, { text: 'Son 25 dólares' });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    const sent = fake.simulator.sent.at(-1)!;
    expect(sent.pageId).toBe(PAGE_ID);
    expect(sent.body).toEqual({
      recipient: { id: '7002002' },
      messaging_type: 'RESPONSE',
      message: { text: 'Son 25 dólares' },
    });
    await post(instagram, 'instagram', [readOf(IG_ACCOUNT_ID, '7002002', { mid: sent.id })]);
    expect(await statusOf(id)).toBe('read');
  });

  it('un contacto de Messenger no recibe por Instagram: no tiene id en esa cuenta', async () => {
    const [contact] = await contactWithScopedId('6001001');
    const refused = await env.call(SELLER, 'channel.sendMessage', {
      id: newId(),
      contactId: contact!.id,
      channelId: instagram.id,
      text: 'Hola',
    });
    expect(refused.error?.data.domainCode).toBe('CHANNEL_ERROR');
  });
});
