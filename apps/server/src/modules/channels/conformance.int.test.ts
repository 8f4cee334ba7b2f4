import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { channelMessages, contacts, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { waitFor } from '../../testing/ws-client';
import { metaSignature } from '../../providers/provider-http';
import { serveOnLoopback } from '../../providers/simulation';
import { GraphSimulator } from '../../providers/whatsapp-cloud/graph-simulator';
import { MessengerSimulator } from '../../providers/messenger/messenger-simulator';
import { startTwilioFake, type TwilioFake } from '../../providers/twilio/twilio.fake';
import { signedTwilioWebhook } from '../../providers/twilio/twilio-simulator';
import { startEvolutionFake, type EvolutionFake } from '../../providers/evolution/evolution.fake';
import { WEBHOOK_SECRET_HEADER } from '../../providers/whatsapp-cloud/whatsapp-cloud.adapter';
import {
  D360_PHONE_NUMBER_ID,
  EVOLUTION_INSTANCE,
  INSTAGRAM_IGSID,
  MESSENGER_PSID,
  PAGE_ID,
  TWILIO_ACCOUNT_SID,
  TWILIO_NUMBER,
  WA_PHONE_NUMBER_ID,
  dialog360Samples,
  evolutionEnvelopeOf,
  evolutionSamples,
  instagramSamples,
  leadSamples,
  messengerSamples,
  twilioSamples,
  whatsappCloudFailed,
  whatsappCloudSamples,
  type Sample,
} from '../../providers/conformance/samples';
import { SELLER, COMERCIAL as MANAGER } from '../../testing/demo-users';

/*
 * Conformance (issue #31): every documented webhook sample of channels/conformance/samples.ts
 * goes through the real route, signed as its provider signs, and the seller's timeline reads
 * what the customer sent; the seller's reply reaches the provider as its API expects, and the
 * receipts of it move the reply's ticks.
 */

const WA_TOKEN = 'EAAG-conformance-token';
const APP_SECRET = 'conformance-app-secret';
const PAGE_TOKEN = 'EAAB-conformance-page-token';
const D360_KEY = 'd360-conformance-key';
const D360_SECRET = 'd360-conformance-secret';
const TWILIO_TOKEN = 'twilio-conformance-token';
const EVOLUTION_KEY = 'evolution-conformance-key';
const INSTANCE_TOKEN = 'evolution-instance-token';

// One Graph host serves WhatsApp Cloud and the Page's APIs: the token says which one is asked.
const graph: { simulator?: GraphSimulator } = {};
const messenger = new MessengerSimulator({ pageAccessToken: PAGE_TOKEN });
const metaHost = await serveOnLoopback((method, path, headers, body) =>
  headers.authorization === `Bearer ${WA_TOKEN}`
    ? graph.simulator!.handle(method, path, headers, body)
    : messenger.handle(method, path, headers, body),
);
graph.simulator = new GraphSimulator({ accessToken: WA_TOKEN, origin: metaHost.url });
const d360Holder: { simulator?: GraphSimulator } = {};
const d360Host = await serveOnLoopback((...request) => d360Holder.simulator!.handle(...request));
d360Holder.simulator = new GraphSimulator({
  accessToken: '',
  dialog360ApiKey: D360_KEY,
  origin: d360Host.url,
});
const twilio: TwilioFake = await startTwilioFake({
  accountSid: TWILIO_ACCOUNT_SID,
  authToken: TWILIO_TOKEN,
  numbers: [TWILIO_NUMBER],
});
const env = useDemoApp({
  JOBS_ENABLED: 'true',
  META_GRAPH_BASE_URL: `${metaHost.url}/v22.0`,
  DIALOG360_BASE_URL: d360Host.url,
  TWILIO_BASE_URL: twilio.url,
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
});
const evolution: EvolutionFake = await startEvolutionFake({ apiKey: EVOLUTION_KEY });
afterAll(async () => {
  await Promise.all([metaHost.close(), d360Host.close(), twilio.close(), evolution.stop()]);
});

type Channel = { id: string; webhookUrl: string };
const channel: Record<string, Channel> = {};

async function create(key: string, input: Record<string, unknown>) {
  const created = await env.call(MANAGER, 'channel.create', {
    roundRobin: { enabled: true, userIds: [env.demo.users[SELLER]!.id] },
    ...input,
  });
  expect(created.status, key).toBe(200);
  channel[key] = created.data as Channel;
}

beforeAll(async () => {
  const meta = { appSecret: APP_SECRET, verifyToken: 'verify' };
  await create('whatsapp', {
    type: 'whatsapp_business',
    name: 'WhatsApp Cloud',
    config: { phoneNumberId: WA_PHONE_NUMBER_ID, wabaId: '102290129340398', origin: 'whatsapp' },
    secrets: { accessToken: WA_TOKEN, ...meta },
  });
  await create('dialog360', {
    type: 'whatsapp_360_dialog',
    name: 'WhatsApp 360dialog',
    config: { phoneNumberId: D360_PHONE_NUMBER_ID, origin: 'whatsapp' },
    secrets: { apiKey: D360_KEY, webhookSecret: D360_SECRET },
  });
  await create('messenger', {
    type: 'fb',
    name: 'Messenger',
    config: { pageId: PAGE_ID, origin: 'facebook' },
    secrets: { pageAccessToken: PAGE_TOKEN, ...meta },
  });
  await create('instagram', {
    type: 'ig',
    name: 'Instagram',
    config: { pageId: PAGE_ID, username: 'tienda', origin: 'instagram' },
    secrets: { pageAccessToken: PAGE_TOKEN, ...meta },
  });
  await create('leads', {
    type: 'leads',
    name: 'Formularios',
    config: { pageId: PAGE_ID, origin: 'facebook' },
    secrets: { pageAccessToken: PAGE_TOKEN, ...meta },
  });
  await create('twilio', {
    type: 'sms',
    name: 'SMS',
    config: { accountSid: TWILIO_ACCOUNT_SID, fromNumber: TWILIO_NUMBER, origin: 'sms' },
    secrets: { authToken: TWILIO_TOKEN },
  });
  await create('evolution', {
    type: 'unofficial_wpp',
    name: 'WhatsApp pasarela',
    config: { gatewayUrl: evolution.url, instanceName: EVOLUTION_INSTANCE, origin: 'whatsapp' },
    secrets: { apiKey: EVOLUTION_KEY, instanceKey: INSTANCE_TOKEN },
  });
  evolution.simulator.addInstance(
    EVOLUTION_INSTANCE,
    channel.evolution!.webhookUrl,
    INSTANCE_TOKEN,
  );
  // The gateway's session is open (its connection webhook makes the channel available).
  expect((await evolution.open(EVOLUTION_INSTANCE)).status).toBe(200);
  await env.webhooksSettled();
  // The providers' profile lookups: Messenger's names, Instagram's.
  messenger.storeProfile(MESSENGER_PSID, { first_name: 'Peter', last_name: 'Chang' });
  messenger.storeProfile(INSTAGRAM_IGSID, { name: 'Ana Ruiz', username: 'anaruiz' });
  messenger.storeLead(
    '444444444444',
    [
      { name: 'full_name', values: ['Marta Díaz'] },
      { name: 'email', values: ['marta@example.com'] },
    ],
    '444444444444',
  );
  messenger.storeLead(
    '555555555555',
    [
      { name: 'first_name', values: ['Jacinto'] },
      { name: 'email', values: ['jacinto@example.com'] },
    ],
    '444444444444',
  );
});

/** The sample's body with the reply's provider id where it names it. */
function withReplyId(body: unknown, replyId: string | undefined): unknown {
  const now = Date.now();
  return JSON.parse(
    JSON.stringify(body)
      .replaceAll('{{REPLY_ID}}', replyId ?? 'none')
      // Documented timestamps are years old: the test's own time keeps the reply window open.
      .replaceAll('"{{NOW_MS}}"', String(now))
      .replaceAll('{{NOW_S}}', String(Math.floor(now / 1000))),
  );
}

/** Posts one sample as its provider would: the exact bytes, signed (or keyed) its way. */
async function post(provider: string, body: unknown) {
  const target = channel[provider]!;
  let request: { body: string | Buffer; headers: Record<string, string> };
  if (provider === 'twilio') {
    request = signedTwilioWebhook(TWILIO_TOKEN, target.webhookUrl, body as Array<[string, string]>);
  } else if (provider === 'evolution') {
    const [event, data] = body as [string, unknown];
    const raw = Buffer.from(JSON.stringify(evolutionEnvelopeOf(event, INSTANCE_TOKEN, data)));
    request = { body: raw, headers: { 'content-type': 'application/json' } };
  } else if (provider === 'dialog360') {
    const raw = Buffer.from(JSON.stringify(body));
    request = {
      body: raw,
      headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: D360_SECRET },
    };
  } else {
    const raw = Buffer.from(JSON.stringify(body));
    request = {
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': metaSignature(APP_SECRET, raw),
      },
    };
  }
  const response = await fetch(target.webhookUrl, { method: 'POST', ...request });
  expect(response.status).toBe(200);
  await env.webhooksSettled();
}

/** The channel's customer items written since `after` (oldest first). */
async function itemsSince(channelId: string, after: string) {
  return env.database.handle.db
    .select({ interaction: interactions, providerMessageId: channelMessages.providerMessageId })
    .from(channelMessages)
    .innerJoin(interactions, eq(interactions.id, channelMessages.interactionId))
    .where(
      and(
        eq(channelMessages.channelId, channelId),
        eq(channelMessages.direction, 'in'),
        gt(interactions.id, after),
      ),
    )
    .orderBy(asc(interactions.id));
}

async function contactOf(contactId: string) {
  const [row] = await env.database.handle.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row!;
}

async function statusOf(interactionId: string) {
  const [row] = await env.database.handle.db
    .select({ status: interactions.status })
    .from(interactions)
    .where(eq(interactions.id, interactionId));
  return row?.status;
}

/** Resolves once the outbox stored the provider's id of a reply (its status leaves 'sending'). */
async function untilSent(interactionId: string) {
  let status: string | null | undefined = 'sending';
  const poll = () => {
    void statusOf(interactionId).then((each) => (status = each));
    return status !== 'sending';
  };
  await waitFor(poll, 15_000, 'the reply stored as sent');
}

/**
 * Every sample of a provider in order: the customer's messages, then the seller's reply to the
 * first one's contact (what the provider receives is checked by `sentBy`), then the receipts.
 */
async function conformance(
  provider: string,
  samples: Sample[],
  sentBy: () => { count: number; last: () => unknown; id: () => string },
  expectedReply: (text: string) => unknown,
) {
  const target = channel[provider]!;
  let watermark = '00000000-0000-0000-0000-000000000000';
  const queue: Array<Awaited<ReturnType<typeof itemsSince>>[number]> = [];
  let customer: string | undefined;
  let replyId: string | undefined;
  let replyItem: string | undefined;
  for (const sample of samples) {
    const expectation = sample.expect;
    if ('status' in expectation && !replyItem) {
      // The seller answers before the receipts: they name this reply.
      replyItem = newId();
      const before = sentBy().count;
      const text = `Respuesta por ${provider}`;
      const answer = await env.call(SELLER, 'channel.sendMessage', {
        id: replyItem,
        contactId: customer,
        channelId: target.id,
        text,
      });
      expect(answer.status, `${provider}: la respuesta ${JSON.stringify(answer.error)}`).toBe(200);
      await waitFor(() => sentBy().count > before, 15_000, `${provider}: the reply`);
      expect(sentBy().last(), `${provider}: lo que recibe el proveedor`).toMatchObject(
        expectedReply(text) as Record<string, unknown>,
      );
      replyId = sentBy().id();
      await untilSent(replyItem);
    }
    if (sample.body !== null) {
      await post(provider, withReplyId(sample.body, replyId));
      const fresh = await itemsSince(target.id, watermark);
      if (fresh.length) watermark = fresh.at(-1)!.interaction.id;
      queue.push(...fresh);
    }
    const label = `${provider}: ${sample.name} (${sample.source})`;
    if ('message' in expectation) {
      const item = queue.shift();
      expect(item, label).toBeDefined();
      const content = item!.interaction.content as {
        message: Record<string, unknown>;
        isReaction?: boolean;
        replyMessage?: { providerMessageId?: string };
        externalAdReply?: Record<string, unknown>;
        origin?: string;
      };
      const wanted = expectation.message;
      expect(content.origin, label).toBe('contact');
      expect(content.message.text, label).toBe(wanted.text);
      expect(content.message.text as string, label).not.toMatch(/\[[a-z_]+\]/i);
      if (wanted.type) expect(content.message.type, label).toBe(wanted.type);
      if (wanted.parts) expect(content.message, label).toMatchObject(wanted.parts);
      if (wanted.reaction) expect(content.isReaction, label).toBe(true);
      if (wanted.replyTo) {
        expect(content.replyMessage?.providerMessageId, label).toBe(wanted.replyTo);
      }
      if (wanted.ad) expect(content.externalAdReply, label).toMatchObject(wanted.ad);
      if (wanted.media) expect(content.message.type, label).not.toBe('text');
      const contact = await contactOf(item!.interaction.contactId!);
      customer ??= contact.id;
      if (expectation.phone) expect(contact.phones, label).toContain(expectation.phone);
      if (expectation.contactName) {
        expect(`${contact.firstName} ${contact.lastName ?? ''}`.trim(), label).toBe(
          expectation.contactName,
        );
      }
    } else if ('status' in expectation) {
      expect(await statusOf(replyItem!), label).toBe(expectation.status);
    }
  }
  return { customer, replyItem };
}

const lastOf = <T>(list: T[]) => list.at(-1);

describe('conformidad con los ejemplos documentados (issue #31)', () => {
  it('WhatsApp Cloud: cada tipo de mensaje y estado se lee como lo envió el cliente', async () => {
    const sent = graph.simulator!.sent;
    const { customer } = await conformance(
      'whatsapp',
      whatsappCloudSamples,
      () => ({ count: sent.length, last: () => lastOf(sent), id: () => lastOf(sent)!.id }),
      (text) => ({
        phoneNumberId: WA_PHONE_NUMBER_ID,
        body: {
          messaging_product: 'whatsapp',
          to: '16505551234',
          type: 'text',
          text: { body: text },
        },
      }),
    );
    // A second reply, refused by WhatsApp's receipt (outside the window): shown as not sent.
    const second = newId();
    const before = sent.length;
    await env.call(SELLER, 'channel.sendMessage', {
      id: second,
      contactId: customer,
      channelId: channel.whatsapp!.id,
      text: 'Otra respuesta',
    });
    await waitFor(() => sent.length > before, 15_000, 'the second reply');
    await untilSent(second);
    await post('whatsapp', withReplyId(whatsappCloudFailed.body, lastOf(sent)!.id));
    expect(await statusOf(second), whatsappCloudFailed.source).toBe('error');
  });

  it('360dialog: los mismos ejemplos, con la cabecera que 360dialog envía', async () => {
    const sent = d360Holder.simulator!.sent;
    await conformance(
      'dialog360',
      dialog360Samples,
      () => ({ count: sent.length, last: () => lastOf(sent), id: () => lastOf(sent)!.id }),
      (text) => ({ body: { to: '5491155550000', type: 'text', text: { body: text } } }),
    );
  });

  it('Messenger: textos, adjuntos, respuestas rápidas, postbacks, anuncios, reacciones y recibos', async () => {
    const sent = messenger.sent;
    await conformance(
      'messenger',
      messengerSamples,
      () => ({
        count: sent.length,
        last: () => lastOf(sent),
        id: () => (lastOf(sent) as unknown as { id: string }).id,
      }),
      (text) => ({
        pageId: PAGE_ID,
        body: { recipient: { id: MESSENGER_PSID }, messaging_type: 'RESPONSE', message: { text } },
      }),
    );
  });

  it('Instagram: historias, reacciones, respuestas y visto', async () => {
    const sent = messenger.sent;
    await conformance(
      'instagram',
      instagramSamples,
      () => ({
        count: sent.length,
        last: () => lastOf(sent),
        id: () => (lastOf(sent) as unknown as { id: string }).id,
      }),
      (text) => ({
        pageId: PAGE_ID,
        body: { recipient: { id: INSTAGRAM_IGSID }, messaging_type: 'RESPONSE', message: { text } },
      }),
    );
  });

  it('Anuncios de formulario: cada formulario llega como contacto con sus respuestas', async () => {
    for (const sample of leadSamples) {
      await post('leads', sample.body);
      if (!('lead' in sample.expect)) continue;
      const [contact] = await env.database.handle.db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.tenantId, env.demo.demo.id),
            eq(contacts.firstName, sample.expect.lead.firstName),
          ),
        );
      expect(contact, sample.source).toBeDefined();
      const items = await env.interactionsOf(contact!.id);
      const texts = items.map((each) => JSON.stringify(each.content));
      expect(texts.join('\n'), sample.source).toContain(sample.expect.lead.text);
    }
  });

  it('Twilio: SMS, MMS con uno y dos archivos, y los estados del envío', async () => {
    const sent = twilio.simulator.sent;
    await conformance(
      'twilio',
      twilioSamples,
      () => ({ count: sent.length, last: () => lastOf(sent), id: () => lastOf(sent)!.sid }),
      (text) => ({
        accountSid: TWILIO_ACCOUNT_SID,
        params: expect.arrayContaining([
          ['To', '+5215512345678'],
          ['Body', text],
        ]),
      }),
    );
  });

  it('Evolution API v2: textos, archivos, ubicación, reacciones, contactos, botones, listas y estados', async () => {
    const sent = evolution.simulator.sent;
    await conformance(
      'evolution',
      evolutionSamples,
      () => ({ count: sent.length, last: () => lastOf(sent), id: () => lastOf(sent)!.id }),
      (text) => ({
        instance: EVOLUTION_INSTANCE,
        path: 'sendText',
        body: expect.objectContaining({ text }),
      }),
    );
  });

  it('reúne al menos 60 ejemplos documentados de los 7 proveedores, cada uno con su fuente', () => {
    const all = [
      ...whatsappCloudSamples,
      whatsappCloudFailed,
      ...dialog360Samples,
      ...messengerSamples,
      ...instagramSamples,
      ...leadSamples,
      ...twilioSamples,
      ...evolutionSamples,
    ];
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const sample of all) expect(sample.source, sample.name).toMatch(/^https:\/\//);
  });
});
