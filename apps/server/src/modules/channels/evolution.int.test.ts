import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, channels, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { startEvolutionFake, type EvolutionFake } from '../../providers/evolution/evolution.fake';
import { evolutionError, updateData } from '../../providers/evolution/evolution-simulator';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { SELLER, COMERCIAL as MANAGER, PROJECT_MANAGER } from '../../testing/demo-users';

/*
 * WhatsApp sessions through a gateway in the Evolution API v2 shape (issue #12): the company's
 * number (`unofficial_wpp`) configured by a manager, a seller's personal WhatsApp connected by
 * QR from /settings/new-whatsapp, customers arriving by keyed webhook, replies through the
 * outbox to a fake gateway on 127.0.0.1, receipts and connection changes.
 */

const API_KEY = 'evolution-global-key';
const INSTANCE = 'tienda-principal';
const INSTANCE_TOKEN = 'instance-token-tienda';

const env = useDemoApp({ JOBS_ENABLED: 'true', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const fake: EvolutionFake = await startEvolutionFake({
  apiKey: API_KEY,
  afterPost: () => env.webhooksSettled(),
});
afterAll(() => fake.stop());

let company: { id: string; webhookUrl: string };

async function channelRow(id: string) {
  const [row] = await env.database.handle.db.select().from(channels).where(eq(channels.id, id));
  return row!;
}

const itemOf = async (id: string) => (await env.interactionById(id))!;

const statusOf = async (id: string) => (await itemOf(id)).status;

beforeAll(async () => {
  const created = await env.call(MANAGER, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Tienda',
    config: { gatewayUrl: fake.url, instanceName: INSTANCE, origin: 'whatsapp' },
    secrets: { apiKey: API_KEY, instanceKey: INSTANCE_TOKEN },
    roundRobin: { enabled: true, userIds: [env.demo.users[SELLER]!.id] },
  });
  expect(created.status).toBe(200);
  company = created.data;
  expect(company.webhookUrl).toMatch(/\/api\/webhooks\/evolution\/[A-Za-z0-9_-]{32}$/);
  // Whoever runs the gateway made the company's instance and pointed it at Cartera.
  fake.simulator.addInstance(INSTANCE, company.webhookUrl, INSTANCE_TOKEN);
});

describe('WhatsApp por pasarela: conexión', () => {
  it('el canal nace conectando; abrir la sesión lo deja disponible y cerrarla avisa a proyectos', async () => {
    expect((await channelRow(company.id)).status).toBe('connecting');
    const session = await env.call(MANAGER, 'channel.list');
    expect(session.data!.find((each) => each.id === company.id)!.secretsSet).toEqual([
      'apiKey',
      'instanceKey',
    ]);
    expect((await fake.open(INSTANCE)).status).toBe(200);
    expect((await channelRow(company.id)).status).toBe('available');
    let alert = await env.call(PROJECT_MANAGER, 'channel.disconnected');
    expect(alert.data!.channels.map((each) => each.id)).not.toContain(company.id);

    // Who manages channels hears of the change live; a seller does not.
    const topic = `channel:${company.id}`;
    const managerStream = await watchTopic(env.app.url, await env.tokenOf(PROJECT_MANAGER), topic);
    const sellerStream = await watchTopic(env.app.url, await env.tokenOf(SELLER), topic);
    try {
      expect((await fake.close(INSTANCE, 401)).status).toBe(200);
      expect(await channelRow(company.id)).toMatchObject({
        status: 'disconnected',
        statusReason: 'La sesión de WhatsApp se cerró en el teléfono (código 401)',
      });
      await waitFor(() => managerStream.received.length > 0, 15_000, 'channel.status');
      expect(managerStream.received[0]).toMatchObject({
        type: 'channel.status',
        payload: { channelId: company.id, status: 'disconnected' },
      });
      alert = await env.call(PROJECT_MANAGER, 'channel.disconnected');
      expect(alert.data!.channels).toContainEqual(
        expect.objectContaining({ id: company.id, status: 'disconnected' }),
      );
      // The same state again (a repeated webhook) announces nothing; reopening does.
      await fake.close(INSTANCE, 401);
      await fake.open(INSTANCE);
      expect((await channelRow(company.id)).status).toBe('available');
      await waitFor(() => managerStream.received.length > 1, 15_000, 'second channel.status');
      expect(managerStream.received.map((each) => each.payload)).toEqual([
        { channelId: company.id, status: 'disconnected' },
        { channelId: company.id, status: 'available' },
      ]);
      expect(sellerStream.received).toEqual([]);
    } finally {
      managerStream.stop();
      sellerStream.stop();
    }
  });

  it('una clave equivocada o la clave global de la pasarela reciben 401 y no cambian nada; la de la instancia vale', async () => {
    const forged = await fake.post(
      INSTANCE,
      'connection.update',
      { instance: INSTANCE, state: 'close', statusReason: 401 },
      'not-the-key',
    );
    expect(forged.status).toBe(401);
    const unkeyed = await fetch(company.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        event: 'connection.update',
        instance: INSTANCE,
        data: { state: 'close' },
      }),
    });
    expect(unkeyed.status).toBe(401);
    expect((await channelRow(company.id)).status).toBe('available');
    // Every company on the gateway may know its global key: it opens nobody's webhook.
    const global = await fake.post(
      INSTANCE,
      'connection.update',
      { instance: INSTANCE, state: 'close', statusReason: 401 },
      API_KEY,
    );
    expect(global.status).toBe(401);
    expect((await channelRow(company.id)).status).toBe('available');
    const own = await fake.post(
      INSTANCE,
      'connection.update',
      { instance: INSTANCE, state: 'open' },
      INSTANCE_TOKEN,
    );
    expect(own.status).toBe(200);
  });

  it('un canal de pasarela sin el token de la instancia no se guarda', async () => {
    const created = await env.call(MANAGER, 'channel.create', {
      type: 'unofficial_wpp',
      name: 'Sin token de instancia',
      config: { gatewayUrl: fake.url, instanceName: 'sin-token' },
      secrets: { apiKey: API_KEY },
    });
    expect(created.status).toBe(400);
    expect(created.error?.data.fieldErrors).toEqual({ 'secrets.instanceKey': ['Requerido'] });
    const stored = await env.database.handle.db
      .select()
      .from(channels)
      .where(eq(channels.name, 'Sin token de instancia'));
    expect(stored).toEqual([]);
  });
});

describe('WhatsApp por pasarela: dirección de la pasarela', () => {
  const refusal =
    'La dirección configurada no está permitida: debe ser una dirección pública http o https.';

  it('una pasarela en la red privada se rechaza al crear el canal y no se guarda nada', async () => {
    for (const gatewayUrl of [
      'http://10.0.0.5:8080',
      'http://[::ffff:192.168.1.10]/',
      'http://[2002:a00:1::1]/',
      'http://localhost:8080',
    ]) {
      const name = `Pasarela ${gatewayUrl}`.slice(0, 80);
      const created = await env.call(MANAGER, 'channel.create', {
        type: 'unofficial_wpp',
        name,
        config: { gatewayUrl, instanceName: 'privada' },
        secrets: { apiKey: 'k', instanceKey: 'i' },
      });
      expect(created.status, gatewayUrl).toBe(422);
      expect(created.error?.data.domainCode).toBe('OUTBOUND_URL_NOT_ALLOWED');
      expect(created.error?.message).toBe(refusal);
      expect(created.error?.data.fieldErrors).toEqual({ 'config.gatewayUrl': [refusal] });
      const stored = await env.database.handle.db
        .select()
        .from(channels)
        .where(eq(channels.name, name));
      expect(stored).toEqual([]);
    }
  });

  it('cambiar la pasarela a una dirección privada se rechaza y la anterior queda', async () => {
    const changed = await env.call(MANAGER, 'channel.update', {
      id: company.id,
      values: { config: { gatewayUrl: 'http://169.254.169.254/latest' } },
    });
    expect(changed.status).toBe(422);
    expect(changed.error?.message).toBe(refusal);
    expect((await channelRow(company.id)).config.gatewayUrl).toBe(fake.url);
    const renamed = await env.call(MANAGER, 'channel.update', {
      id: company.id,
      values: { name: 'WhatsApp Tienda' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('WhatsApp por pasarela: mensajes', () => {
  it('un número nuevo crea un contacto con su nombre, una sola vez; grupos y mensajes propios se ignoran', async () => {
    const message = { from: '+59899111222', id: '3EB0AAA111', name: 'Lucía', text: 'Hola' };
    const answers = await Promise.all([1, 2, 3].map(() => fake.customerWrites(INSTANCE, message)));
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200]);
    await fake.customerWrites(INSTANCE, { from: '+59899111222', text: 'Mío', fromMe: true });
    await fake.customerWrites(INSTANCE, { from: '+59899111222', text: 'Grupo', group: true });
    await fake.customerWrites(INSTANCE, {
      from: '+59899111222',
      text: '¿Tienen stock?',
      extended: true,
    });
    const [contact, ...others] = await env.contactsWithPhone('+59899111222');
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      firstName: 'Lucía',
      origin: 'whatsapp',
      agentId: env.demo.users[SELLER]!.id,
    });
    const items = await env.interactionsOf(contact!.id);
    expect(
      items.map((each) => (each.content as { message: { text: string } }).message.text),
    ).toEqual(['Hola', '¿Tienen stock?']);
    expect(items[0]).toMatchObject({
      type: 'channelMessage',
      via: 'unofficial_wpp',
      content: { medium: 'wpp', origin: 'contact', channelId: company.id },
    });
  });

  it('una foto se guarda en Cartera pidiendo el archivo a la pasarela', async () => {
    const photo = Buffer.from('a JPEG, as far as the test knows');
    fake.simulator.storeMedia('3EB0PHOTO1', photo, 'image/jpeg');
    await fake.customerWrites(INSTANCE, {
      from: '+59899111222',
      id: '3EB0PHOTO1',
      media: { type: 'imageMessage', mimetype: 'image/jpeg', caption: 'Este modelo' },
    });
    const [contact] = await env.contactsWithPhone('+59899111222');
    const items = await env.interactionsOf(contact!.id);
    const item = items.at(-1)!;
    expect(item.content).toMatchObject({ message: { type: 'image', text: 'Este modelo' } });
    await expect
      .poll(
        async () => {
          const row = await env.interactionById(item.id);
          return (row!.content as { message: { media: string | null } }).message.media;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^http/);
    const asked = fake.requests.find((each) =>
      each.path.startsWith('/chat/getBase64FromMediaMessage/'),
    );
    expect(asked!.headers.apikey).toBe(API_KEY);
    expect(JSON.parse(asked!.body)).toEqual({ message: { key: { id: '3EB0PHOTO1' } } });
  });

  it('la respuesta llega a la pasarela con el cuerpo documentado y los recibos cambian su estado', async () => {
    const [contact] = await env.contactsWithPhone('+59899111222');
    const id = newId();
    const sent = await env.call(SELLER, 'channel.sendMessage', {
      id,
      contactId: contact!.id,
      channelId: company.id,
      text: 'Sí, hay stock',
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    const request = fake.requests.find((each) => each.path === `/message/sendText/${INSTANCE}`)!;
    expect(request.method).toBe('POST');
    expect(request.headers.apikey).toBe(API_KEY);
    expect(JSON.parse(request.body)).toEqual({ number: '59899111222', text: 'Sí, hay stock' });
    const keyId = fake.simulator.sent.at(-1)!.id;

    const file = newId();
    await env.call(SELLER, 'channel.sendMessage', {
      id: file,
      contactId: contact!.id,
      channelId: company.id,
      text: 'El catálogo',
      file: {
        url: 'https://files.example.com/catalogo.pdf',
        name: 'catalogo.pdf',
        mimeType: 'application/pdf',
      },
    });
    await expect.poll(() => statusOf(file), { timeout: 15_000 }).toBe('sent');
    const media = fake.requests.find((each) => each.path === `/message/sendMedia/${INSTANCE}`)!;
    expect(JSON.parse(media.body)).toEqual({
      number: '59899111222',
      mediatype: 'document',
      mimetype: 'application/pdf',
      caption: 'El catálogo',
      media: 'https://files.example.com/catalogo.pdf',
      fileName: 'catalogo.pdf',
    });

    await fake.post(INSTANCE, 'messages.update', updateData(keyId, 'DELIVERY_ACK'));
    expect(await statusOf(id)).toBe('received');
    await fake.post(INSTANCE, 'messages.update', updateData(keyId, 'READ'));
    expect(await statusOf(id)).toBe('read');
    // A late SERVER_ACK never moves it back.
    await fake.post(INSTANCE, 'messages.update', updateData(keyId, 'SERVER_ACK'));
    expect(await statusOf(id)).toBe('read');
  });

  it('respuestas, reacciones, contactos compartidos, anuncios y audios escuchados (03 §3)', async () => {
    const [contact] = await env.contactsWithPhone('+59899111222');
    const id = newId();
    await env.call(SELLER, 'channel.sendMessage', {
      id,
      contactId: contact!.id,
      channelId: company.id,
      text: '¿Te interesa el plan Hogar?',
    });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    const keyId = fake.simulator.sent.at(-1)!.id;
    const from = '+59899111222';
    const remoteJid = '59899111222@s.whatsapp.net';

    // The customer answers quoting it (Baileys keeps the quote in the message's contextInfo).
    await fake.customerWrites(INSTANCE, {
      from,
      id: '3EB0REPLY01',
      raw: { extendedTextMessage: { text: 'Sí, ese', contextInfo: { stanzaId: keyId } } },
    });
    // …quotes a message Cartera never saw, reacts to the first, shares two cards.
    await fake.customerWrites(INSTANCE, {
      from,
      raw: { conversation: '¿Y este?' },
      contextInfo: { stanzaId: '3EB0NOTSTORED' },
    });
    await fake.customerWrites(INSTANCE, {
      from,
      raw: { reactionMessage: { key: { remoteJid, fromMe: true, id: keyId }, text: '👍' } },
    });
    await fake.customerWrites(INSTANCE, {
      from,
      raw: {
        contactsArrayMessage: {
          displayName: '2 contactos',
          contacts: [
            {
              displayName: 'Ana Pérez',
              vcard:
                'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Pérez\nTEL;type=CELL;waid=59899333444:+598 99 333 444\nEND:VCARD',
            },
            {
              displayName: 'Oficina',
              vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Oficina\nTEL:+598 2 900 0000\nEND:VCARD',
            },
          ],
        },
      },
    });
    // A new customer writes from an ad.
    await fake.customerWrites(INSTANCE, {
      from: '+59899777888',
      name: 'Desde anuncio',
      raw: {
        extendedTextMessage: {
          text: 'Quiero más información',
          contextInfo: {
            externalAdReply: {
              title: 'Plan Hogar 2x1',
              body: 'Solo en noviembre',
              sourceUrl: 'https://fb.me/anuncio-hogar',
              thumbnailUrl: 'https://scontent.example.com/anuncio.jpg',
              renderLargerThumbnail: true,
              showAdAttribution: true,
            },
          },
        },
      },
    });

    const items = await env.interactionsOf(contact!.id);
    const contents = items.slice(-4).map((each) => each.content as Record<string, unknown>);
    expect(contents[0]).toMatchObject({
      message: { text: 'Sí, ese' },
      replyMessage: {
        providerMessageId: keyId,
        interactionId: id,
        text: '¿Te interesa el plan Hogar?',
        type: 'text',
        origin: 'agent',
      },
    });
    expect(contents[1]).toMatchObject({
      message: { text: '¿Y este?' },
      replyMessage: { providerMessageId: '3EB0NOTSTORED', interactionId: null },
    });
    expect(contents[2]).toMatchObject({
      message: { text: '👍' },
      isReaction: true,
      replyMessage: { interactionId: id, text: '¿Te interesa el plan Hogar?' },
    });
    expect(contents[3]).toMatchObject({
      mediaType: 'contactsArrayMessage',
      message: {
        type: 'contactsArrayMessage',
        text: '',
        contacts: [
          { displayName: 'Ana Pérez', phoneNumber: '+59899333444' },
          { displayName: 'Oficina', phoneNumber: '+598 2 900 0000' },
        ],
      },
    });
    const [fromAd] = await env.contactsWithPhone('+59899777888');
    const [adItem] = await env.interactionsOf(fromAd!.id);
    expect(adItem!.content).toMatchObject({
      message: { text: 'Quiero más información' },
      externalAdReply: {
        title: 'Plan Hogar 2x1',
        body: 'Solo en noviembre',
        sourceUrl: 'https://fb.me/anuncio-hogar',
        thumbnailUrl: 'https://scontent.example.com/anuncio.jpg',
        renderLargerThumbnail: true,
        showAdAttribution: true,
      },
    });

    // The seller answers the customer's reply quoting it: the gateway gets the quoted key.
    const answer = newId();
    const sent = await env.call(SELLER, 'channel.sendMessage', {
      id: answer,
      contactId: contact!.id,
      channelId: company.id,
      text: 'Perfecto, te lo reservo',
      replyTo: items.at(-4)!.id,
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(answer), { timeout: 15_000 }).toBe('sent');
    expect(fake.simulator.sent.at(-1)!.body).toMatchObject({
      number: '59899111222',
      text: 'Perfecto, te lo reservo',
      quoted: {
        key: { id: '3EB0REPLY01' },
        message: { conversation: 'Sí, ese' },
      },
    });
    const answered = await env.interactionById(answer);
    expect(answered!.content).toMatchObject({
      replyMessage: { interactionId: items.at(-4)!.id, text: 'Sí, ese', origin: 'contact' },
    });
    // A message that is not this contact's cannot be quoted: nothing is stored or sent.
    const stray = newId();
    const refused = await env.call(SELLER, 'channel.sendMessage', {
      id: stray,
      contactId: contact!.id,
      channelId: company.id,
      text: 'Hola',
      replyTo: adItem!.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toEqual({ replyTo: ['Mensaje no encontrado'] });
    const none = await env.interactionById(stray);
    expect(none).toBeUndefined();

    // The customer plays a voice note the seller sent: read, and listened.
    const audio = newId();
    await env.call(SELLER, 'channel.sendMessage', {
      id: audio,
      contactId: contact!.id,
      channelId: company.id,
      text: '',
      file: { url: 'https://files.example.com/nota.mp3', name: 'nota.mp3', mimeType: 'audio/mpeg' },
    });
    await expect.poll(() => statusOf(audio), { timeout: 15_000 }).toBe('sent');
    const audioKey = fake.simulator.sent.at(-1)!.id;
    await fake.post(INSTANCE, 'messages.update', updateData(audioKey, 'READ'));
    await fake.post(INSTANCE, 'messages.update', updateData(audioKey, 'PLAYED'));
    const played = await env.interactionById(audio);
    expect(played!.status).toBe('read');
    expect(played!.content).toMatchObject({ listened: true });
  });

  it('con varios teléfonos, el mensaje va al número elegido; uno ajeno se rechaza sin guardar nada', async () => {
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Dos',
      lastName: 'Teléfonos',
      phones: [
        { phone: '+59899500001', extensionNumber: '' },
        { phone: '+59899500002', extensionNumber: '' },
      ],
      emails: [],
      origin: null,
    });
    const contactId = created.data.id;
    const id = newId();
    const sent = await env.call(SELLER, 'channel.sendMessage', {
      id,
      contactId,
      channelId: company.id,
      text: 'Te escribo al otro número',
      to: '+59899500002',
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    expect(fake.simulator.sent.at(-1)!.body).toMatchObject({
      number: '59899500002',
      text: 'Te escribo al otro número',
    });

    const stranger = newId();
    const refused = await env.call(SELLER, 'channel.sendMessage', {
      id: stranger,
      contactId,
      channelId: company.id,
      text: 'Hola',
      to: '+59899999999',
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toEqual({ to: ['No es un número del contacto.'] });
    const row = await env.interactionById(stranger);
    expect(row).toBeUndefined();
  });

  it('leer la conversación marca leído en la pasarela el último mensaje del cliente', async () => {
    await fake.customerWrites(INSTANCE, { from: '+59899111222', id: '3EB0SEEN01', text: '¿Y?' });
    const [contact] = await env.contactsWithPhone('+59899111222');
    const seen = await env.call(SELLER, 'channel.markSeen', { contactId: contact!.id });
    expect(seen.data).toEqual({ marked: 1 });
    await expect
      .poll(() => fake.simulator.reads, { timeout: 15_000 })
      .toEqual([{ instance: INSTANCE, remoteJid: '59899111222@s.whatsapp.net', id: '3EB0SEEN01' }]);
    const request = fake.requests.find(
      (each) => each.path === `/chat/markMessageAsRead/${INSTANCE}`,
    );
    expect(request?.headers.apikey).toBeTruthy();
  });
});

describe('WhatsApp por pasarela: editar y eliminar un mensaje enviado', () => {
  /** The message as if sent `minutes` ago. */
  async function age(id: string, minutes: number) {
    await env.database.handle.db
      .update(interactions)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(interactions.id, id));
  }
  async function sendText(contactId: string, text: string) {
    const id = newId();
    await env.call(SELLER, 'channel.sendMessage', { id, contactId, channelId: company.id, text });
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    return { id, keyId: fake.simulator.sent.at(-1)!.id };
  }

  it('el autor edita su texto en 15 minutos: cambia en el teléfono del cliente y queda la versión anterior', async () => {
    const [contact] = await env.contactsWithPhone('+59899111222');
    const { id, keyId } = await sendText(contact!.id, 'El precio es 100');

    // Only the author: the comercial sees the contact but did not write it.
    const stranger = await env.call(MANAGER, 'channel.editMessage', {
      contactId: contact!.id,
      id,
      text: 'El precio es 1',
    });
    expect(stranger.error?.data.domainCode).toBe('MESSAGE_NOT_EDITABLE');
    const empty = await env.call(SELLER, 'channel.editMessage', {
      contactId: contact!.id,
      id,
      text: '  ',
    });
    expect(empty.status).toBe(400);

    // The gateway refuses: nothing changes, and the seller reads why.
    fake.simulator.failNext(evolutionError(500, 'Internal Server Error'));
    const failed = await env.call(SELLER, 'channel.editMessage', {
      contactId: contact!.id,
      id,
      text: 'El precio es 90',
    });
    expect(failed.error?.data.domainCode).toBe('EDIT_MESSAGE_ERROR');
    expect(failed.error?.message).toBe('Error al editar el mensaje');
    expect((await itemOf(id)).content).not.toHaveProperty('isEdited');

    const edited = await env.call(SELLER, 'channel.editMessage', {
      contactId: contact!.id,
      id,
      text: 'El precio es 90',
    });
    expect(edited.status).toBe(200);
    expect(fake.simulator.edits).toEqual([
      { instance: INSTANCE, id: keyId, text: 'El precio es 90' },
    ]);
    const request = fake.requests
      .filter((each) => each.path === `/chat/updateMessage/${INSTANCE}`)
      .at(-1)!;
    expect(request.method).toBe('POST');
    expect(JSON.parse(request.body)).toEqual({
      number: '59899111222',
      text: 'El precio es 90',
      key: { remoteJid: '59899111222@s.whatsapp.net', fromMe: true, id: keyId },
    });
    const content = (await itemOf(id)).content as {
      message: { text: string };
      isEdited: boolean;
      previousMessages: Array<{ content: { text: string }; updatedAt: string }>;
    };
    expect(content.message.text).toBe('El precio es 90');
    expect(content.isEdited).toBe(true);
    expect(content.previousMessages.map((each) => each.content.text)).toEqual(['El precio es 100']);

    // Past 15 minutes: refused, and the gateway is not asked.
    await age(id, 16);
    const late = await env.call(SELLER, 'channel.editMessage', {
      contactId: contact!.id,
      id,
      text: 'El precio es 80',
    });
    expect(late.error?.data.domainCode).toBe('MESSAGE_NOT_EDITABLE');
    expect(fake.simulator.edits).toHaveLength(1);
  });

  it('el autor elimina su mensaje en la primera hora, para todos; después ya no', async () => {
    const [contact] = await env.contactsWithPhone('+59899111222');
    const { id, keyId } = await sendText(contact!.id, 'Te llamo mañana');
    await age(id, 50);
    const removed = await env.call(SELLER, 'channel.deleteMessage', { contactId: contact!.id, id });
    expect(removed.status).toBe(200);
    expect(fake.simulator.deletions).toEqual([{ instance: INSTANCE, id: keyId }]);
    const request = fake.requests.find(
      (each) => each.path === `/chat/deleteMessageForEveryone/${INSTANCE}`,
    )!;
    expect(request.method).toBe('DELETE');
    expect(JSON.parse(request.body)).toEqual({
      id: keyId,
      remoteJid: '59899111222@s.whatsapp.net',
      fromMe: true,
    });
    expect((await itemOf(id)).content).toMatchObject({ deleted: true });
    const again = await env.call(SELLER, 'channel.deleteMessage', { contactId: contact!.id, id });
    expect(again.error?.data.domainCode).toBe('MESSAGE_NOT_DELETABLE');

    const old = await sendText(contact!.id, 'Mensaje de hace rato');
    await age(old.id, 61);
    const late = await env.call(SELLER, 'channel.deleteMessage', {
      contactId: contact!.id,
      id: old.id,
    });
    expect(late.error?.data.domainCode).toBe('MESSAGE_NOT_DELETABLE');
    expect((await itemOf(old.id)).content).not.toHaveProperty('deleted');
    // A customer's message is never the seller's to delete.
    await fake.customerWrites(INSTANCE, { from: '+59899111222', id: '3EB0DEL01', text: 'Ok' });
    const [inbound] = await env.database.handle.db
      .select()
      .from(interactions)
      .where(sql`${interactions.content} -> 'message' ->> 'text' = 'Ok'`);
    const theirs = await env.call(SELLER, 'channel.deleteMessage', {
      contactId: contact!.id,
      id: inbound!.id,
    });
    expect(theirs.error?.data.domainCode).toBe('NOT_FOUND');
  });
});

describe('WhatsApp personal: conectar con QR (/settings/new-whatsapp)', () => {
  it('sin sesión: no hay canal y se sabe que la empresa tiene pasarela', async () => {
    const session = await env.call(SELLER, 'channel.whatsappSession');
    expect(session.data).toEqual({
      channel: null,
      state: 'close',
      qr: null,
      pairingCode: null,
      gatewayConfigured: true,
    });
  });

  it('conectar crea el canal propio y la instancia, muestra el QR; al escanearlo queda disponible y solo el dueño lo usa', async () => {
    const seller = env.demo.users[SELLER]!;
    const connected = await env.call(SELLER, 'channel.connectWhatsapp');
    expect(connected.status).toBe(200);
    expect(connected.data).toMatchObject({
      state: 'connecting',
      qr: expect.stringMatching(/^data:image\/png;base64,/),
      pairingCode: 'WZYEH1YY',
      channel: { status: 'connecting' },
    });
    const channelId = connected.data!.channel!.id;
    const row = await channelRow(channelId);
    const instance = `cartera-${seller.id}`;
    expect(row).toMatchObject({
      type: 'personal_whatsapp',
      ownerId: seller.id,
      config: { gatewayUrl: fake.url, instanceName: instance },
      roundRobin: { enabled: true, userIds: [seller.id] },
    });
    // The instance was made at the gateway with this channel's webhook.
    const create = fake.requests.find((each) => each.path === '/instance/create')!;
    expect(create.headers.apikey).toBe(API_KEY);
    expect(JSON.parse(create.body)).toMatchObject({
      instanceName: instance,
      qrcode: true,
      integration: 'WHATSAPP-BAILEYS',
      webhook: { url: expect.stringContaining('/api/webhooks/evolution/') },
    });

    // Polling while the phone has not scanned: a QR each time.
    const polled = await env.call(SELLER, 'channel.whatsappSession');
    expect(polled.data).toMatchObject({ state: 'connecting', qr: expect.stringMatching(/^data:/) });
    // The legacy path answers the same for its owner, and not for anyone else.
    const legacy = await fetch(`${env.app.url}/api/channels/whatsappSession/${channelId}`, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toMatchObject({ state: 'connecting', channel: { id: channelId } });
    const stranger = await fetch(`${env.app.url}/api/channels/whatsappSession/${channelId}`, {
      headers: { authorization: `Bearer ${await env.tokenOf(MANAGER)}` },
    });
    expect(stranger.status).toBe(404);

    expect((await fake.open(instance)).status).toBe(200);
    const open = await env.call(SELLER, 'channel.whatsappSession');
    expect(open.data).toMatchObject({ state: 'open', qr: null, channel: { status: 'available' } });
    const options = await env.call(SELLER, 'channel.options');
    expect(options.data!.map((each) => each.id)).toContain(channelId);
    const others = await env.call(MANAGER, 'channel.options');
    expect(others.data!.map((each) => each.id)).not.toContain(channelId);

    // Whoever writes to the seller's own number is the seller's contact.
    await fake.customerWrites(instance, { from: '+59899333444', name: 'Pedro', text: 'Hola' });
    const [contact] = await env.contactsWithPhone('+59899333444');
    expect(contact).toMatchObject({ agentId: seller.id, firstName: 'Pedro' });

    const connectedAgain = await env.call(SELLER, 'channel.connectWhatsapp');
    expect(connectedAgain.data).toMatchObject({ state: 'open', channel: { id: channelId } });

    const out = await env.call(SELLER, 'channel.disconnectWhatsapp');
    expect(out.data).toMatchObject({ state: 'close', channel: { status: 'disconnected' } });
    expect(fake.simulator.instances.get(instance)!.state).toBe('close');
    expect(
      fake.requests.some(
        (each) => each.method === 'DELETE' && each.path === `/instance/logout/${instance}`,
      ),
    ).toBe(true);

    // Audited (issue #30 S5): the channel's creation with the names of its secrets, each connect
    // asked for (not the polls, nor the legacy path while the QR waits) and the logout.
    const entries = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, channelId))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'channel.create',
      'channel.connect',
      'channel.connect',
      'channel.disconnect',
    ]);
    expect(entries.every((entry) => entry.actorUserId === seller.id)).toBe(true);
    expect(entries[0]!.after).toMatchObject({
      type: 'personal_whatsapp',
      instanceName: instance,
      secrets: ['apiKey', 'instanceKey'],
    });
    expect(entries[1]).toMatchObject({
      before: { status: 'connecting' },
      after: { state: 'connecting' },
    });
    expect(entries[2]).toMatchObject({ after: { state: 'open' } });
    expect(entries[3]).toMatchObject({
      before: { status: 'available' },
      after: { state: 'close' },
    });
    const instanceKey = fake.simulator.instances.get(instance)!.token;
    const written = JSON.stringify(entries);
    expect(written).not.toContain(API_KEY);
    expect(written).not.toContain(instanceKey);
  });

  it('un miembro de la cartera compartida del vendedor le escribe al contacto por el WhatsApp personal del vendedor', async () => {
    const seller = env.demo.users[SELLER]!;
    const member = 'vendedora@demo.test';
    const instance = `cartera-${seller.id}`;
    await env.call(SELLER, 'channel.connectWhatsapp');
    expect((await fake.open(instance)).status).toBe(200);
    const channelId = (await env.call(SELLER, 'channel.whatsappSession')).data!.channel!.id;
    const [pedro] = await env.contactsWithPhone('+59899333444');

    // Before the portfolio is shared, the member neither sees nor may use the seller's number.
    const before = await env.call(member, 'channel.options', { contactId: pedro!.id });
    expect(before.status).toBe(404);
    const inbox = await env.call(MANAGER, 'sharedInbox.create', {
      name: 'Cartera de Valentín',
      ownerId: seller.id,
      memberIds: [env.demo.users[member]!.id],
    });
    expect(inbox.status).toBe(200);

    const options = await env.call(member, 'channel.options', { contactId: pedro!.id });
    expect(options.data!.find((each) => each.id === channelId)).toMatchObject({
      type: 'personal_whatsapp',
      sharedInbox: true,
      status: 'available',
    });
    // Without the contact (or for a contact of someone else) it is not offered.
    const plain = await env.call(member, 'channel.options');
    expect(plain.data!.map((each) => each.id)).not.toContain(channelId);

    const id = newId();
    const sent = await env.call(member, 'channel.sendMessage', {
      id,
      contactId: pedro!.id,
      channelId,
      text: 'Hola Pedro, te escribo por Valentín',
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => statusOf(id), { timeout: 15_000 }).toBe('sent');
    expect(fake.simulator.sent.at(-1)).toMatchObject({
      instance,
      body: { number: '59899333444', text: 'Hola Pedro, te escribo por Valentín' },
    });

    // Someone outside the shared inbox may not, even seeing the contact (a manager).
    const manager = await env.call(MANAGER, 'channel.sendMessage', {
      id: newId(),
      contactId: pedro!.id,
      channelId,
      text: 'Hola',
    });
    expect(manager.error?.data.domainCode).toBe('PERSONAL_WHATSAPP_404');
    await env.call(SELLER, 'channel.disconnectWhatsapp');
  });

  it('sin pasarela de la empresa no se puede conectar', async () => {
    await env.database.handle.db
      .update(channels)
      .set({ deletedAt: new Date() })
      .where(eq(channels.id, company.id));
    try {
      const answer = await env.call('supervisor@demo.test', 'channel.connectWhatsapp');
      expect(answer.status).toBe(409);
      expect(answer.error!.data.domainCode).toBe('WHATSAPP_GATEWAY_NOT_CONFIGURED');
    } finally {
      await env.database.handle.db
        .update(channels)
        .set({ deletedAt: null })
        .where(eq(channels.id, company.id));
    }
  });
});
