import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { channels, contacts, interactions, users } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { restLogin, typedCall } from '../../testing/http-client';
import { webhookInboxSettled } from './webhook-inbox';
import { startTestApp, type TestApp } from '../../testing/test-app';

/*
 * The demo's 'Canal de prueba' (issue #12 §7–§8): seeded on the first start of a demo
 * installation, served by the in-process simulator through the real adapter, webhook
 * verification, outbox and receipts, with a public page where anyone writes as a customer.
 */
const text = es.channels.sandbox;
let database: TestDatabase;
let app: TestApp;
let sandbox: { id: string; sandboxUrl: string | null; webhookUrl: string };

async function tokenOf(email: string) {
  return (await restLogin(app.url, email)).body.token;
}

async function channelItems() {
  return database.handle.db
    .select()
    .from(interactions)
    .where(
      and(
        eq(interactions.type, 'channelMessage'),
        sql`${interactions.content}->>'channelId' = ${sandbox.id}`,
      ),
    );
}

async function contactWithPhone(phone: string) {
  const [row] = await database.handle.db
    .select()
    .from(contacts)
    .where(sql`${contacts.phones} @> array[${phone}]::text[]`);
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { CARTERA_SEED_DEMO: 'true', JOBS_ENABLED: 'true' });
  const listed = await typedCall(app.url, 'channel.list', undefined, {
    token: await tokenOf('comercial@demo.test'),
    method: 'GET',
  });
  sandbox = listed.data.find((channel) => channel.sandbox)!;
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

describe("'Canal de prueba' de la demo", () => {
  it('se siembra con conversaciones: recibos que llegan solos y un envío rechazado', async () => {
    expect(sandbox).toMatchObject({ sandbox: true });
    expect(sandbox.sandboxUrl).toMatch(/\/sandbox\/whatsapp\/[A-Za-z0-9_-]{32}$/);
    const [row] = await database.handle.db
      .select()
      .from(channels)
      .where(eq(channels.id, sandbox.id));
    expect(row).toMatchObject({ name: 'Canal de prueba', type: 'whatsapp_business' });

    // Customers wrote (inbound), sellers answered (outbound through the outbox).
    await expect
      .poll(async () => (await channelItems()).map((item) => item.status).sort(), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(['error', 'read']));
    const items = await channelItems();
    const inbound = items.filter(
      (item) => (item.content as { origin: string }).origin === 'contact',
    );
    const outbound = items.filter(
      (item) => (item.content as { origin: string }).origin === 'agent',
    );
    expect(inbound.length).toBeGreaterThanOrEqual(4);
    expect(outbound.length).toBeGreaterThanOrEqual(3);
    const failed = outbound.filter((item) => item.status === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.content).toMatchObject({ errorCode: 'SEND_MESSAGE_ERROR' });

    // Someone new wrote: a contact of one of the demo sellers, by the channel's round robin.
    const newcomer = await contactWithPhone('+59899555010');
    expect(newcomer).toMatchObject({ firstName: 'Florencia Núñez', origin: 'whatsapp' });
    expect(newcomer!.agentId).not.toBeNull();
  });

  it('la página de cliente escribe por el webhook firmado y muestra las respuestas', async () => {
    const html = await fetch(sandbox.sandboxUrl!);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain(text.pageTitle);
    const key = sandbox.sandboxUrl!.split('/').at(-1)!;
    const api = `${app.url}/api/sandbox/whatsapp/${key}/messages`;

    const wrote = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phone: '+598 99 000 777',
        name: 'Prueba',
        text: 'Hola desde la página',
      }),
    });
    expect(wrote.status).toBe(201);
    await webhookInboxSettled(database.handle.db);
    const contact = await contactWithPhone('+59899000777');
    expect(contact).toMatchObject({ firstName: 'Prueba' });

    // The channel's round robin gave the new contact to a demo seller: they answer.
    expect(contact!.agentId).not.toBeNull();
    const [agent] = await database.handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, contact!.agentId!));
    const email = agent!.email;
    const replied = await typedCall(
      app.url,
      'channel.sendMessage',
      {
        id: newId(),
        contactId: contact!.id,
        channelId: sandbox.id,
        text: 'Hola, ¿en qué te ayudo?',
      },
      { token: await tokenOf(email) },
    );
    expect(replied.status).toBe(200);
    await expect
      .poll(
        async () =>
          (await (
            await fetch(`${api}?phone=${encodeURIComponent('+59899000777')}`)
          ).json()) as Array<{
            from: string;
            text: string;
          }>,
        { timeout: 15_000 },
      )
      .toEqual([
        expect.objectContaining({ from: 'customer', text: 'Hola desde la página' }),
        expect.objectContaining({ from: 'company', text: 'Hola, ¿en qué te ayudo?' }),
      ]);

    const invalid = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '12', name: 'X', text: 'Hola' }),
    });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(await invalid.json())).toContain(text.invalidPhone);
    const unknown = await fetch(api.replace(key, 'x'.repeat(32)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+59899000777', name: 'X', text: 'Hola' }),
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(`${app.url}/sandbox/whatsapp/${'x'.repeat(32)}`)).status).toBe(404);
  });

  it('la foto que manda un vendedor llega a la página de cliente con un enlace firmado', async () => {
    const key = sandbox.sandboxUrl!.split('/').at(-1)!;
    const api = `${app.url}/api/sandbox/whatsapp/${key}/messages`;
    const phone = '+598 99 000 888';
    const wrote = await fetch(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, name: 'Cliente con foto', text: '¿Me mandás una foto?' }),
    });
    expect(wrote.status).toBe(201);
    await webhookInboxSettled(database.handle.db);
    const contact = (await contactWithPhone('+59899000888'))!;
    const [agent] = await database.handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, contact.agentId!));
    const token = await tokenOf(agent!.email);

    // The seller uploads the picture through the signed upload and sends it on the channel.
    const picture = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const ticket = (await (
      await fetch(`${app.url}/api/aws/documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          name: 'frente.png',
          mimeType: 'image/png',
          via: 'channel',
          size: picture.length,
        }),
      })
    ).json()) as { url: string; headers: Record<string, string>; fileUrl: string };
    const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: picture });
    expect(put.status).toBe(200);
    const sent = await typedCall(
      app.url,
      'channel.sendMessage',
      {
        id: newId(),
        contactId: contact.id,
        channelId: sandbox.id,
        text: 'Así se ve',
        file: { url: ticket.fileUrl, name: 'frente.png', mimeType: 'image/png' },
      },
      { token },
    );
    expect(sent.status).toBe(200);

    type PageMessage = { from: string; text: string; media?: { kind: string; url: string } };
    let shown: PageMessage | undefined;
    await expect
      .poll(
        async () => {
          const messages = (await (
            await fetch(`${api}?phone=${encodeURIComponent(phone)}`)
          ).json()) as PageMessage[];
          shown = messages.find((message) => message.media);
          return shown?.media?.kind;
        },
        { timeout: 15_000 },
      )
      .toBe('image');
    // WhatsApp was given a read URL signed for its fetch window (an hour), not the address.
    const toProvider = app.deps.sandbox.simulator.sent.find(
      (each) => (each.body as { image?: { caption?: string } }).image?.caption === 'Así se ve',
    )!.body as { image: { link: string } };
    const link = new URL(toProvider.image.link);
    expect(`${link.origin}${link.pathname}`).toBe(ticket.fileUrl);
    expect(Number(link.searchParams.get('expires')) - Date.now() / 1000).toBeGreaterThan(3_000);
    expect((await fetch(link)).status).toBe(200);
    // The page has no session: its link is signed, and shows the picture until it expires.
    const url = new URL(shown!.media!.url);
    expect(`${url.origin}${url.pathname}`).toBe(ticket.fileUrl);
    expect(url.searchParams.get('signature')).toBeTruthy();
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(picture);
    // The permanent address itself, without a session, is refused.
    expect((await fetch(ticket.fileUrl)).status).toBe(401);
  });
});

describe("La página de cliente del 'Canal de prueba' (issue #31 §11)", () => {
  type PageMessage = {
    id: string;
    from: 'customer' | 'company';
    text: string;
    status?: string;
    choice?: { kind: string; id: string; title: string };
    location?: { name?: string; mapUrl: string };
    choices?: { kind: string; options: Array<{ id: string; title: string }>; replyTo?: string };
  };
  const keyOf = () => sandbox.sandboxUrl!.split('/').at(-1)!;
  const api = () => `${app.url}/api/sandbox/whatsapp/${keyOf()}/messages`;
  const post = (body: unknown) =>
    fetch(api(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const pageOf = async (phone: string) =>
    (await (await fetch(`${api()}?phone=${encodeURIComponent(phone)}`)).json()) as PageMessage[];

  async function itemsOf(contactId: string) {
    return database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contactId), eq(interactions.type, 'channelMessage')));
  }

  it('un cliente mexicano (521) responde con un botón, una opción de lista y su ubicación; el vendedor los lee en el contacto del 52', async () => {
    const phone = '+521 55 1234 9876';
    expect(
      (await post({ phone, name: 'Mariana', type: 'text', text: 'Hola, ¿tienen envíos?' })).status,
    ).toBe(201);
    expect(
      (
        await post({
          phone,
          name: 'Mariana',
          type: 'button_reply',
          reply: { id: 'si_me_interesa', title: text.quickReplies.yes },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post({
          phone,
          name: 'Mariana',
          type: 'list_reply',
          reply: {
            id: 'envio_domicilio',
            title: text.quickReplies.delivery,
            description: text.quickReplies.deliveryHint,
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await post({
          phone,
          name: 'Mariana',
          type: 'location',
          location: {
            latitude: 19.4326,
            longitude: -99.1332,
            name: 'Zócalo',
            address: 'Plaza de la Constitución, Ciudad de México',
          },
        })
      ).status,
    ).toBe(201);
    await webhookInboxSettled(database.handle.db);

    // One customer: the contact keeps the number in its E.164 form (52 + ten digits).
    expect(await contactWithPhone('+5215512349876')).toBeUndefined();
    const contact = (await contactWithPhone('+525512349876'))!;
    expect(contact).toMatchObject({ firstName: 'Mariana' });
    const messages = (await itemsOf(contact.id)).map(
      (item) => (item.content as { message: Record<string, unknown> }).message,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'Hola, ¿tienen envíos?' }),
        expect.objectContaining({
          text: text.quickReplies.yes,
          choice: { kind: 'button_reply', title: text.quickReplies.yes, id: 'si_me_interesa' },
        }),
        expect.objectContaining({
          text: text.quickReplies.delivery,
          choice: {
            kind: 'list_reply',
            title: text.quickReplies.delivery,
            id: 'envio_domicilio',
            description: text.quickReplies.deliveryHint,
          },
        }),
        expect.objectContaining({
          type: 'location',
          location: expect.objectContaining({
            latitude: 19.4326,
            longitude: -99.1332,
            name: 'Zócalo',
            address: 'Plaza de la Constitución, Ciudad de México',
          }),
        }),
      ]),
    );

    // The page shows them as sent, with the place's map link; all on the seller's timeline.
    const shown = await pageOf(phone);
    expect(shown.map((message) => [message.from, message.text, message.status])).toEqual([
      ['customer', 'Hola, ¿tienen envíos?', 'delivered'],
      ['customer', text.quickReplies.yes, 'delivered'],
      ['customer', text.quickReplies.delivery, 'delivered'],
      ['customer', 'Zócalo, Plaza de la Constitución, Ciudad de México', 'delivered'],
    ]);
    expect(shown[1]!.choice).toEqual({
      kind: 'button_reply',
      id: 'si_me_interesa',
      title: text.quickReplies.yes,
    });
    expect(shown[3]!.location!.mapUrl).toBe(
      'https://www.openstreetmap.org/?mlat=19.432600&mlon=-99.133200#map=17/19.432600/-99.133200',
    );

    // The seller reads the conversation: the customer sees blue ticks; the reply goes to the
    // number she wrote from, and the page of either form of her number shows it.
    const [agent] = await database.handle.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, contact.agentId!));
    const token = await tokenOf(agent!.email);
    expect(
      (await typedCall(app.url, 'channel.markSeen', { contactId: contact.id }, { token })).status,
    ).toBe(200);
    await expect
      .poll(async () => (await pageOf(phone)).map((message) => message.status), {
        timeout: 15_000,
      })
      .toEqual(['read', 'read', 'read', 'read']);
    const replied = await typedCall(
      app.url,
      'channel.sendMessage',
      { id: newId(), contactId: contact.id, channelId: sandbox.id, text: 'Te lo enviamos mañana' },
      { token },
    );
    expect(replied.status).toBe(200);
    await expect
      .poll(async () => (await pageOf('+52 55 1234 9876')).at(-1), { timeout: 15_000 })
      .toMatchObject({ from: 'company', text: 'Te lo enviamos mañana' });
    const sent = app.deps.sandbox.simulator.sent.find(
      (each) => (each.body.text as { body?: string } | undefined)?.body === 'Te lo enviamos mañana',
    )!;
    expect(sent.body.to).toBe('5215512349876');
  });

  it('los números de Argentina (549) y de Brasil sin el noveno dígito llegan como los escribe WhatsApp', async () => {
    for (const [phone, name] of [
      ['+549 11 2345 9876', 'Julieta'],
      ['+55 11 8765 9876', 'João'],
    ] as const) {
      const wrote = await post({ phone, name, text: `Hola, soy ${name}` });
      expect(wrote.status).toBe(201);
    }
    await webhookInboxSettled(database.handle.db);
    expect(await contactWithPhone('+5491123459876')).toMatchObject({ firstName: 'Julieta' });
    // Brazil: the contact is found by either form; the one stored is the library's E.164.
    const [joao] = await database.handle.db
      .select()
      .from(contacts)
      .where(sql`${contacts.firstName} = 'João'`);
    expect(joao!.phones[0]).toMatch(/^\+55119?87659876$/);
    expect((await pageOf('+55 11 98765 9876')).map((message) => message.text)).toEqual([
      'Hola, soy João',
    ]);
  });

  it('los botones de un mensaje interactivo de la empresa se responden con su contexto', async () => {
    const phone = '+598 99 000 999';
    expect((await post({ phone, name: 'Botones', text: 'Hola' })).status).toBe(201);
    await webhookInboxSettled(database.handle.db);
    const [row] = await database.handle.db
      .select()
      .from(channels)
      .where(eq(channels.id, sandbox.id));
    // The company's interactive message as Graph receives it (integrations.md §1).
    const answer = app.deps.sandbox.simulator.handle(
      'POST',
      `/v22.0/${row!.config.phoneNumberId}/messages`,
      { authorization: 'Bearer sandbox-access-token' },
      Buffer.from(
        JSON.stringify({
          messaging_product: 'whatsapp',
          to: '59899000999',
          type: 'interactive',
          interactive: {
            type: 'button',
            body: { text: '¿Te reservo una unidad?' },
            action: {
              buttons: [
                { type: 'reply', reply: { id: 'reservar', title: 'Sí, reservala' } },
                { type: 'reply', reply: { id: 'despues', title: 'Más adelante' } },
              ],
            },
          },
        }),
      ),
    );
    expect(answer.status).toBe(200);
    const offered = (await pageOf(phone)).at(-1)!;
    expect(offered).toMatchObject({
      from: 'company',
      text: '¿Te reservo una unidad?',
      choices: {
        kind: 'button_reply',
        options: [
          { id: 'reservar', title: 'Sí, reservala' },
          { id: 'despues', title: 'Más adelante' },
        ],
        replyTo: offered.id,
      },
    });

    expect(
      (
        await post({
          phone,
          name: 'Botones',
          type: 'button_reply',
          reply: { id: 'reservar', title: 'Sí, reservala', replyTo: offered.id },
        })
      ).status,
    ).toBe(201);
    await webhookInboxSettled(database.handle.db);
    const contact = (await contactWithPhone('+59899000999'))!;
    const tapped = (await itemsOf(contact.id))
      .map((item) => (item.content as { message: { text: string } }).message)
      .find((message) => message.text === 'Sí, reservala');
    expect(tapped).toMatchObject({
      choice: { kind: 'button_reply', title: 'Sí, reservala', id: 'reservar' },
    });
  });

  it('la página rechaza un lugar fuera del mapa y un mensaje sin texto', async () => {
    const far = await post({
      phone: '+598 99 000 998',
      type: 'location',
      location: { latitude: 123, longitude: 0 },
    });
    expect(far.status).toBe(400);
    const empty = await post({ phone: '+598 99 000 998', text: '   ' });
    expect(empty.status).toBe(400);
    const noReply = await post({ phone: '+598 99 000 998', type: 'button_reply' });
    expect(noReply.status).toBe(400);
    expect(await pageOf('+598 99 000 998')).toEqual([]);
  });

  it('la página muestra los formatos de número, los botones rápidos y compartir ubicación en español', async () => {
    const html = await (await fetch(sandbox.sandboxUrl!)).text();
    for (const label of [
      text.numberFormats.mx521,
      text.numberFormats.ar,
      text.numberFormats.brOld,
      text.shareLocation,
      text.quickRepliesTitle,
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toContain('+521 55 1234 5678');
  });
});
