import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { contacts, webhookInbox } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { leadgenEnvelope, signedMetaWebhook } from '../../providers/messenger/messenger-simulator';
import { startMessengerFake, type MessengerFake } from '../../providers/messenger/messenger.fake';
import { SELLER, COMERCIAL as MANAGER } from '../../testing/demo-users';

/*
 * Facebook lead ads (issue #12): a `leads` channel of a Page, Meta's signed `leadgen` webhook
 * naming a lead, its answers fetched from a fake Graph API on 127.0.0.1, and the contact
 * created or completed once with one timeline item; plus the legacy paths around forms.
 */

const PAGE_TOKEN = 'EAAB-leads-page-token';
const APP_SECRET = 'leads-app-secret';
const VERIFY_TOKEN = 'verify-leads';
const PAGE_ID = '104882345670000';

const fake: MessengerFake = await startMessengerFake({ pageAccessToken: PAGE_TOKEN });
const env = useDemoApp({
  META_GRAPH_BASE_URL: `${fake.url}/v22.0`,
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
});
afterAll(() => fake.close());

let forms: { id: string; webhookUrl: string };

async function postLead(leadgenId: string, secret = APP_SECRET) {
  const { body, headers } = signedMetaWebhook(
    secret,
    leadgenEnvelope(PAGE_ID, { leadgenId, formId: '551111744595541' }),
  );
  const response = await fetch(forms.webhookUrl, { method: 'POST', headers, body });
  // What the webhook acknowledged is taken in by the inbox worker right after.
  await env.webhooksSettled();
  return response;
}

async function rest(method: string, path: string, body?: unknown, user = MANAGER) {
  return fetch(`${env.app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await env.tokenOf(user)}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

beforeAll(async () => {
  const before = await rest('GET', '/api/channels/forms/count', undefined, SELLER);
  expect(await before.json()).toEqual({ count: 0 });
  const created = await env.call(MANAGER, 'channel.create', {
    type: 'leads',
    name: 'Formulario Facebook',
    config: { pageId: PAGE_ID, origin: 'facebook' },
    secrets: { pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    roundRobin: { enabled: true, userIds: [env.demo.users[SELLER]!.id] },
  });
  expect(created.status).toBe(200);
  forms = created.data;
});

describe('Anuncios de formulario de Facebook', () => {
  it('responde el saludo de Meta solo con su token; el menú Formularios cuenta el canal', async () => {
    expect(forms.webhookUrl).toMatch(/\/api\/webhooks\/leads\/[A-Za-z0-9_-]{32}$/);
    const ok = await fetch(
      `${forms.webhookUrl}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=99`,
    );
    expect(await ok.text()).toBe('99');
    const wrong = await fetch(
      `${forms.webhookUrl}?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=99`,
    );
    expect(wrong.status).toBe(403);
    const count = await rest('GET', '/api/channels/forms/count', undefined, SELLER);
    expect(await count.json()).toEqual({ count: 1 });
    // A lead form sends nothing: it is not among the composer's channels.
    const options = await env.call(SELLER, 'channel.options');
    expect(options.data!.map((each) => each.id)).not.toContain(forms.id);
  });

  it('un formulario nuevo crea el contacto una sola vez, con su origen, su turno y sus respuestas', async () => {
    fake.simulator.storeLead('900000000000001', [
      { name: 'full_name', values: ['Martina Suárez Pérez'] },
      { name: 'phone_number', values: ['+598 99 765 432'] },
      { name: 'email', values: ['Martina@Example.com'] },
      { name: 'qué_modelo_te_interesa?', values: ['SUV'] },
    ]);
    const answers = await Promise.all([1, 2, 3].map(() => postLead('900000000000001')));
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200]);
    const [contact, ...others] = await env.demoContacts(
      sql`${contacts.phones} @> array['+59899765432']::text[]`,
    );
    expect(others).toEqual([]);
    expect(contact).toMatchObject({
      firstName: 'Martina',
      lastName: 'Suárez Pérez',
      emails: ['martina@example.com'],
      origin: 'facebook',
      agentId: env.demo.users[SELLER]!.id,
    });
    const items = await env.interactionsOf(contact!.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'channelMessage',
      via: 'leads',
      content: {
        medium: 'fb',
        origin: 'contact',
        channelId: forms.id,
        lead: { id: '900000000000001', formId: '551111744595541' },
      },
    });
    expect((items[0]!.content as { message: { text: string } }).message.text).toBe(
      [
        'Formulario de Facebook completado',
        'Nombre completo: Martina Suárez Pérez',
        'Teléfono: +598 99 765 432',
        'Correo electrónico: Martina@Example.com',
        'qué modelo te interesa?: SUV',
      ].join('\n'),
    );
    // The lead's answers were asked for with the Page token.
    const asked = fake.requests.filter((each) => each.path === '/v22.0/900000000000001');
    expect(asked[0]!.headers.authorization).toBe(`Bearer ${PAGE_TOKEN}`);
  });

  it('un formulario de alguien conocido por su correo le suma el teléfono que le faltaba', async () => {
    await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Julián',
      emails: ['julian@example.com'],
      agentId: env.demo.users[SELLER]!.id,
    });
    fake.simulator.storeLead('900000000000002', [
      { name: 'first_name', values: ['Julián'] },
      { name: 'phone_number', values: ['099 123 987'] },
      { name: 'email', values: ['JULIAN@example.com'] },
    ]);
    expect((await postLead('900000000000002')).status).toBe(200);
    const [contact, ...others] = await env.demoContacts(
      sql`${contacts.emails} @> array['julian@example.com']::text[]`,
    );
    expect(others).toEqual([]);
    expect(contact!.phones).toEqual(['+59899123987']);
    expect(await env.interactionsOf(contact!.id)).toEqual([
      expect.objectContaining({ type: 'channelMessage', via: 'leads' }),
    ]);
  });

  it('una firma equivocada recibe 401 y no guarda nada', async () => {
    fake.simulator.storeLead('900000000000003', [
      { name: 'full_name', values: ['Falso'] },
      { name: 'email', values: ['falso@example.com'] },
    ]);
    expect((await postLead('900000000000003', 'otro-secreto')).status).toBe(401);
    expect(
      await env.demoContacts(sql`${contacts.emails} @> array['falso@example.com']::text[]`),
    ).toEqual([]);
  });

  it('POST /api/facebook/leads/{id} vuelve a tomar un formulario por su id, una sola vez', async () => {
    const first = await rest('POST', `/api/facebook/leads/${forms.id}`, {
      leadgenId: '900000000000003',
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ leadgenId: '900000000000003', ingested: true });
    const again = await rest('POST', `/api/facebook/leads/${forms.id}`, {
      leadgenId: '900000000000003',
    });
    expect(await again.json()).toEqual({ leadgenId: '900000000000003', ingested: false });
    const [contact, ...others] = await env.demoContacts(
      sql`${contacts.emails} @> array['falso@example.com']::text[]`,
    );
    expect(others).toEqual([]);
    expect(await env.interactionsOf(contact!.id)).toHaveLength(1);
    const seller = await rest(
      'POST',
      `/api/facebook/leads/${forms.id}`,
      { leadgenId: '1' },
      SELLER,
    );
    expect(seller.status).toBe(403);
  });

  it('un formulario que Meta no entrega todavía queda en la bandeja de webhooks y se guarda al reintentar', async () => {
    // Acknowledged at once, but Graph does not know the lead yet: the row waits with its error.
    const answer = await postLead('900000000000077');
    expect(answer.status).toBe(200);
    const waiting = await env.database.handle.db.select().from(webhookInbox);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ channelId: forms.id, attempts: 1 });
    expect(waiting[0]!.lastError).toBeTruthy();
    expect(
      await env.demoContacts(sql`${contacts.phones} @> array['+59899700077']::text[]`),
    ).toEqual([]);

    // Graph answers now: the retry (a second later) stores the contact, and the row is gone.
    fake.simulator.storeLead('900000000000077', [
      { name: 'full_name', values: ['Rosario Vidal'] },
      { name: 'phone_number', values: ['+598 99 700 077'] },
    ]);
    await expect
      .poll(
        async () =>
          (await env.demoContacts(sql`${contacts.phones} @> array['+59899700077']::text[]`)).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect
      .poll(async () => (await env.database.handle.db.select().from(webhookInbox)).length)
      .toBe(0);
  });
});

describe('Rutas heredadas de canales', () => {
  it('páginas de Facebook e Instagram, usuarios del grupo, configuración de SMS y 360dialog', async () => {
    const messenger = await env.call(MANAGER, 'channel.create', {
      type: 'fb',
      name: 'Messenger Tienda',
      config: { pageId: PAGE_ID },
      secrets: { pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    });
    const pages = await rest('GET', '/api/facebook/pages');
    expect(await pages.json()).toEqual([
      {
        channelId: messenger.data!.id,
        name: 'Messenger Tienda',
        pageId: PAGE_ID,
        username: null,
        status: 'available',
      },
    ]);
    const users = await rest('GET', '/api/comercial/getUsersGroup');
    expect(users.status).toBe(200);
    const list = (await users.json()) as Array<{ id: string }>;
    expect(list.map((each) => each.id)).toContain(env.demo.users[SELLER]!.id);
    expect((await rest('GET', '/api/comercial/getUsersGroup', undefined, SELLER)).status).toBe(403);

    const sms = await rest('POST', '/api/channels/sms/config', {
      accountSid: 'AC123',
      fromNumber: '+15005550006',
      authToken: 'sms-token',
    });
    expect(sms.status).toBe(200);
    const smsChannel = (await sms.json()) as { id: string; type: string; secretsSet: string[] };
    expect(smsChannel).toMatchObject({ type: 'sms', secretsSet: ['authToken'] });
    const changed = await rest('POST', '/api/channels/sms/config', {
      accountSid: 'AC123',
      fromNumber: '+15005550007',
    });
    expect(await changed.json()).toMatchObject({
      id: smsChannel.id,
      config: { fromNumber: '+15005550007' },
      secretsSet: ['authToken'],
    });

    const d360 = await rest('POST', '/api/whatsapp/360settings', {
      apiKey: 'd360-key',
      webhookSecret: 'd360-secret',
    });
    expect(d360.status).toBe(200);
    expect(await d360.json()).toMatchObject({ type: 'whatsapp_360_dialog' });

    const instagram = await rest('GET', '/api/instagram/pages');
    expect(await instagram.json()).toEqual([]);
  });

  it('SMS de un contacto: se envía por el canal SMS y se listan sus mensajes', async () => {
    const [contact] = await env.demoContacts(
      sql`${contacts.phones} @> array['+59899765432']::text[]`,
    );
    const sent = await rest(
      'POST',
      '/api/channels/sms/message?provider=twilio',
      { contactId: contact!.id, text: 'Hola Martina' },
      SELLER,
    );
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const listed = await rest(
      'GET',
      `/api/channels/sms/message?provider=twilio&contactId=${contact!.id}`,
      undefined,
      SELLER,
    );
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id, direction: 'out', text: 'Hola Martina' }),
    ]);
    const none = await rest(
      'POST',
      '/api/channels/sms/message?provider=otro',
      {
        contactId: contact!.id,
        text: 'x',
      },
      SELLER,
    );
    expect(none.status).toBe(404);

    // The conversation's path (03 §7 'Send SMS'): the contact in the query, the text as content.
    const fromConversation = await rest(
      'POST',
      `/api/crm/interaction/sms?id=${contact!.id}&provider=twilio`,
      { content: 'Te llamo mañana', via: 'sms', config: {} },
      SELLER,
    );
    expect(fromConversation.status).toBe(201);
    const again = await rest(
      'GET',
      `/api/channels/sms/message?provider=twilio&contactId=${contact!.id}`,
      undefined,
      SELLER,
    );
    expect(((await again.json()) as Array<{ text: string }>).map((each) => each.text)).toEqual([
      'Te llamo mañana',
      'Hola Martina',
    ]);
    const empty = await rest(
      'POST',
      `/api/crm/interaction/sms?id=${contact!.id}`,
      { content: '' },
      SELLER,
    );
    expect(empty.status).toBe(400);
  });
});

describe('Anuncios de formulario: ruteo por página', () => {
  const OTHER_PAGE = '104882345670001';
  const UNKNOWN_PAGE = '104882345670009';

  async function postFor(pageId: string, leadgenId: string) {
    const { body, headers } = signedMetaWebhook(
      APP_SECRET,
      leadgenEnvelope(pageId, { leadgenId, formId: '551111744595541' }),
    );
    const response = await fetch(forms.webhookUrl, { method: 'POST', headers, body });
    await env.webhooksSettled();
    return response;
  }

  it('un formulario de otra página de la empresa va a su canal; el de una página sin canal queda como no procesado', async () => {
    const other = await env.call(MANAGER, 'channel.create', {
      type: 'leads',
      name: 'Formulario Sucursal',
      config: { pageId: OTHER_PAGE, origin: 'facebook-sucursal' },
      secrets: { pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
    });
    expect(other.status).toBe(200);
    fake.simulator.storeLead('900000000000071', [
      { name: 'full_name', values: ['Lucía Ferreira'] },
      { name: 'phone_number', values: ['+598 99 111 071'] },
    ]);
    expect((await postFor(OTHER_PAGE, '900000000000071')).status).toBe(200);
    const [lucia] = await env.demoContacts(
      sql`${contacts.phones} @> array['+59899111071']::text[]`,
    );
    expect(lucia).toMatchObject({ firstName: 'Lucía', origin: 'facebook-sucursal' });

    fake.simulator.storeLead('900000000000072', [
      { name: 'full_name', values: ['Sin Canal'] },
      { name: 'phone_number', values: ['+598 99 111 072'] },
    ]);
    expect((await postFor(UNKNOWN_PAGE, '900000000000072')).status).toBe(200);
    expect(
      await env.demoContacts(sql`${contacts.phones} @> array['+59899111072']::text[]`),
    ).toEqual([]);
    const listed = await env.call(MANAGER, 'channel.deadLetters', { channelId: forms.id });
    expect(listed.data.items[0]).toMatchObject({
      reason: 'NO_CHANNEL_FOR_NUMBER',
      detail: UNKNOWN_PAGE,
      provider: 'leads',
    });
  });
});
