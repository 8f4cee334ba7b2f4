import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, blockedNumbers, contacts, providerCalls } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { jsonAnswer } from '../../providers/simulation';
import { startAircallFake, type AircallFake } from '../../providers/aircall/aircall.fake';
import type { AircallWebhook } from '../../providers/aircall/aircall.adapter';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, OTHER_SELLER, OTHER_TENANT, SELLER } from '../../testing/demo-users';

/*
 * The phone through Aircall end to end (issue #39): the company connects its Aircall account
 * (the keys checked and sealed, the webhook created at Aircall), a seller maps their Aircall
 * user, presses call, and the fake of Aircall's Public API on 127.0.0.1 sends the documented
 * webhooks back to the company's URL; they are taken in any order and twice, checked by token.
 */

const API_ID = 'aircall-api-id-of-the-test';
const API_TOKEN = 'aircall-api-token-of-the-test';
const AGENT = 456;
const OTHER_AGENT = 457;
const NUMBER = 123;

const fake: AircallFake = await startAircallFake({
  apiId: API_ID,
  apiToken: API_TOKEN,
  users: [
    { id: AGENT, name: 'Vendedor Demo', email: 'vendedor@demo.test', numberIds: [NUMBER] },
    { id: OTHER_AGENT, name: 'Vendedora Demo', email: 'vendedora@demo.test', numberIds: [NUMBER] },
  ],
  numbers: [{ id: NUMBER, digits: '+59829000000', name: 'Ventas' }],
});
afterAll(() => fake.close());

const env = useDemoApp({
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  AIRCALL_BASE_URL: `${fake.url}/v1`,
});

const sim = fake.simulator;
const db = () => env.database.handle.db;

/** The provider call of an item (the row the webhooks merge into). */
async function callOfItem(interactionId: string) {
  const [row] = await db()
    .select()
    .from(providerCalls)
    .where(eq(providerCalls.interactionId, interactionId));
  return row!;
}

/** Waits until the fake's queued call.created has been delivered (it posts after answering). */
async function createdDelivered(count: number) {
  while (sim.delivered < count && !sim.deliveryErrors.length) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(sim.deliveryErrors).toEqual([]);
}

async function post(webhook: AircallWebhook) {
  return fetch(sim.webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(webhook),
  });
}

beforeAll(async () => {
  const refused = await env.call(SELLER, 'phone.connect', { apiId: API_ID, apiToken: API_TOKEN });
  expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
  const wrong = await env.call(COMERCIAL, 'phone.connect', { apiId: API_ID, apiToken: 'wrong' });
  expect(wrong.error?.data.domainCode).toBe('PHONE_PROVIDER_AUTH_FAILED');
  expect(wrong.error?.message).toBe(
    'Aircall rechazó el API ID o el token. Revisa los datos e inténtalo de nuevo.',
  );
  const connected = await env.call(COMERCIAL, 'phone.connect', {
    apiId: API_ID,
    apiToken: API_TOKEN,
  });
  expect(connected.status).toBe(200);
  expect(connected.data).toMatchObject({ connected: true, secrets: ['apiId', 'apiToken'] });
  expect(JSON.stringify(connected.data)).not.toContain(API_TOKEN);
  expect(sim.webhookUrl).toBe(connected.data.webhookUrl);
  // Each seller maps their own Aircall user ('Ajustes' › 'Llamadas').
  const channels = await env.rest(SELLER, 'GET', '/api/settings/phoneProviders/channels');
  expect(channels.status).toBe(200);
  expect(channels.body).toMatchObject({
    users: expect.arrayContaining([expect.objectContaining({ id: String(AGENT) })]),
    numbers: [{ id: String(NUMBER), digits: '+59829000000', name: 'Ventas' }],
  });
  const saved = await env.rest(SELLER, 'PATCH', '/api/settings/phoneProviders', {
    externalUserId: String(AGENT),
    numberIds: [String(NUMBER)],
    countryCodes: ['598'],
  });
  expect(saved.status).toBe(200);
  const other = await env.call(OTHER_SELLER, 'phone.saveProviders', {
    externalUserId: String(OTHER_AGENT),
  });
  expect(other.data?.mapping).toMatchObject({ numberIds: [String(NUMBER)] });
});

describe('Aircall: conexión', () => {
  it('las credenciales se guardan cifradas y nunca se devuelven; la conexión queda en la auditoría', async () => {
    const view = await env.call(COMERCIAL, 'phone.connection');
    expect(view.data).toMatchObject({ connected: true, name: 'Aircall', sandbox: false });
    expect(JSON.stringify(view.data)).not.toContain(API_ID);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'phoneProvider.connect'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(API_TOKEN);
    const foreign = await env.call(OTHER_TENANT, 'phone.providers');
    expect(foreign.data).toMatchObject({ connected: false, mapping: null });
  });

  it('un número de otro usuario de Aircall se rechaza con un error en español', async () => {
    const refused = await env.call(SELLER, 'phone.saveProviders', {
      externalUserId: '999',
    });
    expect(refused.error?.data.fieldErrors).toEqual({
      externalUserId: ['Ese usuario no existe en la cuenta de Aircall de tu empresa.'],
    });
  });
});

describe('Aircall: llamadas salientes', () => {
  it('llamar, eventos desordenados y repetidos: termina contestada con su duración', async () => {
    const contact = await env.phoneContactOf(SELLER, 0);
    const phone = contact.phones[0]!;
    const id = newId();
    const before = sim.delivered;
    const started = await env.rest(SELLER, 'POST', '/api/aircall/startcall', {
      contactId: contact.id,
      id,
      phone,
    });
    expect(started.status).toBe(200);
    const start = fake.requests.find((request) => request.path === `/v1/users/${AGENT}/calls`)!;
    expect(JSON.parse(start.body)).toEqual({ number_id: NUMBER, to: phone });
    expect(start.headers.authorization).toBe(
      `Basic ${Buffer.from(`${API_ID}:${API_TOKEN}`).toString('base64')}`,
    );
    await createdDelivered(before + 1);
    const call = await callOfItem(id);
    expect(call.externalId).toMatch(/^\d+$/);
    const externalId = Number(call.externalId);
    expect((await env.interactionById(id))?.status).toBe('calling');

    // Another call while this one is calling is refused.
    const again = await env.call(SELLER, 'phone.startCall', {
      contactId: contact.id,
      id: newId(),
      phone,
    });
    expect(again.error?.data.domainCode).toBe('CONTACT_IN_CALL');

    // The steps happen at Aircall; their webhooks reach us late, out of order and twice.
    sim.deliver = undefined;
    sim.now = () => 1_800_000_000;
    const answered = await sim.answer(externalId);
    sim.now = () => 1_800_000_100;
    const hungup = await sim.hangup(externalId, { endLater: true });
    const ended = await sim.end(externalId);
    for (const webhook of [ended, answered, hungup, ended, answered]) {
      expect((await post(webhook)).status).toBe(200);
    }
    const item = await env.interactionById(id);
    expect(item?.status).toBe('done');
    expect(item?.content).toMatchObject({
      state: 'done',
      callDuration: 100,
      origin: 'aircall',
      progress: 'done',
      phone,
    });
    const row = await callOfItem(id);
    expect(row).toMatchObject({ state: 'done', outcome: 'done', duration: 100 });

    // The call log (POST /calls) lists it with the contact's name.
    const log = await env.rest<{ items: Array<Record<string, unknown>> }>(
      SELLER,
      'POST',
      '/api/calls',
      {},
    );
    expect(log.body.items[0]).toMatchObject({
      type: 'outgoing',
      phoneNumber: phone,
      duration: 100,
      name: `${contact.firstName} ${contact.lastName}`.trim(),
    });
  });

  it('un webhook con otro token se rechaza y no cambia nada', async () => {
    const [last] = sim.webhooks.slice(-1);
    const forged = { ...last!, event: 'call.answered', token: 'not-the-token' };
    const answer = await post(forged);
    expect(answer.status).toBe(401);
    const unknown = await fetch(`${env.app.url}/api/webhooks/aircall/${'x'.repeat(32)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(last),
    });
    expect(unknown.status).toBe(404);
  });

  it('con Aircall caído: el error de la especificación, la llamada queda como no realizada', async () => {
    sim.deliver = undefined;
    const contact = await env.phoneContactOf(SELLER, 1);
    const id = newId();
    sim.failNext(jsonAnswer(503, { error: 'Service Unavailable' }));
    const failed = await env.call(SELLER, 'phone.startCall', {
      contactId: contact.id,
      id,
      phone: contact.phones[0]!,
    });
    expect(failed.error?.data.domainCode).toBe('PHONE_CALL_FAILED');
    expect(failed.error?.message).toBe('No se pudo realizar la llamada.');
    const item = await env.interactionById(id);
    expect(item).toMatchObject({ status: 'cancel', content: { failed: true } });
    const rows = await db().select().from(providerCalls).where(eq(providerCalls.interactionId, id));
    expect(rows).toHaveLength(0);
    // Once Aircall is back, the next call goes through.
    const next = await env.call(SELLER, 'phone.startCall', {
      contactId: contact.id,
      id: newId(),
      phone: contact.phones[0]!,
    });
    expect(next.status).toBe(200);
  });
});

describe('Aircall: llamadas entrantes', () => {
  it('un número conocido: el ítem en la conversación, y perdida la marca como no leída', async () => {
    const contact = await env.phoneContactOf(OTHER_SELLER, 0);
    await db().update(contacts).set({ unreadCount: 0 }).where(eq(contacts.id, contact.id));
    sim.deliver = (webhook) => post(webhook).then(() => undefined);
    const callId = await sim.incoming({
      from: contact.phones[0]!,
      numberId: NUMBER,
      userId: OTHER_AGENT,
    });
    const [row] = await db()
      .select()
      .from(providerCalls)
      .where(eq(providerCalls.externalId, String(callId)));
    expect(row).toMatchObject({ direction: 'inbound', contactId: contact.id, state: 'ringing' });
    const lookup = await env.rest(
      OTHER_SELLER,
      'GET',
      `/api/ucontact/getContactId?phone=${encodeURIComponent(contact.phones[0]!)}`,
    );
    expect(lookup.body).toEqual({ contactId: contact.id, phone: contact.phones[0] });
    const hidden = await env.call(SELLER, 'phone.contactByPhone', { phone: contact.phones[0]! });
    expect(hidden.data?.contactId).toBeNull();

    await sim.hangup(callId);
    const item = await env.interactionById(row!.interactionId!);
    expect(item).toMatchObject({
      status: 'cancel',
      content: { missed: true, direction: 'inbound' },
    });
    const [after] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after!.unreadCount).toBe(1);
    // The same webhooks again change nothing more.
    for (const webhook of sim.webhooks.filter(
      (each) => (each.data as { id: number }).id === callId,
    )) {
      expect((await post(webhook)).status).toBe(200);
    }
    const [still] = await db().select().from(contacts).where(eq(contacts.id, contact.id));
    expect(still!.unreadCount).toBe(1);
    const log = await env.call(OTHER_SELLER, 'phone.calls', {});
    expect(log.data?.items[0]).toMatchObject({ type: 'missed', contactId: contact.id });
  });

  it('un correo de voz se escucha por su enlace, solo quien ve el contacto', async () => {
    const contact = await env.phoneContactOf(OTHER_SELLER, 1);
    const callId = await sim.incoming({
      from: contact.phones[0]!,
      numberId: NUMBER,
      userId: OTHER_AGENT,
    });
    await sim.voicemail(callId, `${fake.url}/media/voicemail.mp3`);
    await sim.hangup(callId);
    const [row] = await db()
      .select()
      .from(providerCalls)
      .where(eq(providerCalls.externalId, String(callId)));
    const item = await env.interactionById(row!.interactionId!);
    expect(item).toMatchObject({ status: 'voicemail', content: { voicemail: true } });
    expect(JSON.stringify(item!.content)).not.toContain('voicemail.mp3');
    const input = { contactId: contact.id, interactionId: item!.id, kind: 'voicemail' };
    const media = await env.call(OTHER_SELLER, 'phone.media', input);
    expect(media.data?.url).toBe(`${fake.url}/media/voicemail.mp3`);
    const stranger = await env.call(SELLER, 'phone.media', input);
    expect(stranger.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const comercial = await env.call(COMERCIAL, 'phone.media', input);
    expect(comercial.status).toBe(200);
  });
});

describe('Números restringidos', () => {
  it('un administrador restringe un número: no se puede llamar, con el motivo; queda auditado', async () => {
    const contact = await env.phoneContactOf(SELLER, 2);
    const phone = contact.phones[0]!;
    const bySeller = await env.call(SELLER, 'phone.blockNumber', {
      phone,
      reason: 'Pidió no ser contactado',
    });
    expect(bySeller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const blank = await env.call(COMERCIAL, 'phone.blockNumber', { phone, reason: ' ' });
    expect(blank.error?.data.fieldErrors).toEqual({ reason: ['Requerido'] });
    const added = await env.call(COMERCIAL, 'phone.blockNumber', {
      phone,
      reason: 'Pidió no ser contactado',
    });
    expect(added.data).toEqual({ phone });
    const twice = await env.call(COMERCIAL, 'phone.blockNumber', { phone, reason: 'Otra vez' });
    expect(twice.error?.data.domainCode).toBe('PHONE_NUMBER_ALREADY_RESTRICTED');

    const states = await env.call(SELLER, 'phone.numberStates', { contactId: contact.id });
    expect(states.data).toContainEqual({
      phoneNumber: phone,
      disableCall: true,
      blockReason: 'Pidió no ser contactado',
    });
    const refused = await env.call(SELLER, 'phone.startCall', {
      contactId: contact.id,
      id: newId(),
      phone,
    });
    expect(refused.error?.data.domainCode).toBe('PHONE_NUMBER_RESTRICTED');
    expect(refused.error?.message).toBe('Número de teléfono restringido');
    expect(refused.error?.data.details).toEqual({ reason: 'Pidió no ser contactado' });

    const removed = await env.call(COMERCIAL, 'phone.unblockNumber', { phone });
    expect(removed.data).toEqual({ success: true });
    const left = await db()
      .select()
      .from(blockedNumbers)
      .where(and(eq(blockedNumbers.phone, phone), eq(blockedNumbers.tenantId, env.demo.demo.id)));
    expect(left).toHaveLength(0);
    const actions = (await db().select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['blockedNumber.add', 'blockedNumber.remove']));
  });
});
