import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { verifyWebhook } from '@cartera/client';
import { createContact } from '@cartera/db/factories';
import { auditLog, webhookDeliveries, webhookSubscriptions } from '@cartera/db/schema';
import { errorMessages, es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { startTestApp } from '../../testing/test-app';
import { COMERCIAL, OTHER_SELLER, OTHER_TENANT, SELLER } from '../../testing/demo-users';
import { sealSecret } from '../../lib/secret-box';
import { runJob } from '../../app-jobs';
import { deliverDueWebhooks, queueNewEvents } from './webhook-delivery.service';
import { pruneWebhookDeliveriesJob } from './webhooks.jobs';

const webhooksEs = es.webhooks;

/*
 * Outbound webhooks (issue #36 item 4) against a receiver on 127.0.0.1: signed deliveries that
 * verifyWebhook accepts, retries until the receiver answers, in order per contact, the outbound
 * guard, tenants kept apart. Jobs are off: each test runs the delivery pass as the job would.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that answers the queued statuses (then 200) and keeps what it was sent. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const waiters: Array<{ count: number; done: () => void }> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
      for (const waiter of waiters.filter((each) => received.length >= each.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    events: () => received.map((each) => JSON.parse(each.body) as { id: string; type: string }),
    /** Resolves once the receiver has had `count` requests in all. */
    received$: (count: number) =>
      new Promise<void>((done) => {
        if (received.length >= count) done();
        else waiters.push({ count, done });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const env = useDemoApp({
  JOBS_ENABLED: 'false',
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_SECONDS: '0',
});
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

async function subscribe(url: string, eventTypes: string[]) {
  const created = await env.call(COMERCIAL, 'webhook.create', { url, eventTypes });
  expect(created.status).toBe(200);
  return created.data!;
}

async function sellerContact(name: string) {
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName: name,
    agentId: env.demo.users[SELLER]!.id,
  });
}

async function deliveriesOf(subscriptionId: string) {
  return env.database.handle.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(webhookDeliveries.domainEventId);
}

/** Runs the delivery pass (the job) until nothing is due or `times` passes ran. */
async function deliver(times = 1) {
  for (let each = 0; each < times; each++) await deliverDueWebhooks(env.app.deps);
}

describe('webhooks salientes (issue #36)', () => {
  it('una nota llega firmada y verifyWebhook la acepta; el secreto se muestra una vez', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    expect(subscription.secret).toMatch(/^whsec_/);
    const [stored] = await env.database.handle.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(stored!.secretSealed).not.toContain(subscription.secret);
    const listed = await env.call(COMERCIAL, 'webhook.list');
    expect(JSON.stringify(listed.data)).not.toContain(subscription.secret);

    const contact = await sellerContact('Webhook Nota');
    const noteId = newId();
    const note = await env.call(SELLER, 'interaction.createNote', {
      contactId: contact.id,
      id: noteId,
      body: 'Llamar el lunes',
    });
    expect(note.status).toBe(200);
    const before = receiver.received.length;
    await deliver();
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    const verified = verifyWebhook(subscription.secret, sent[0]!.headers, sent[0]!.body);
    expect(verified).toMatchObject({
      ok: true,
      event: {
        type: 'interaction.created',
        data: { contactId: contact.id, interactionId: noteId, itemType: 'note' },
      },
    });
    expect(sent[0]!.body).not.toContain(env.demo.demo.id);
    expect(verifyWebhook('whsec_otro', sent[0]!.headers, sent[0]!.body)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    // A replay of the same delivery an hour later is refused by its timestamp.
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect(verifyWebhook(subscription.secret, sent[0]!.headers, sent[0]!.body, 300, later)).toEqual(
      { ok: false, reason: 'old-timestamp' },
    );

    const deliveries = await env.call(COMERCIAL, 'webhook.deliveries', { id: subscription.id });
    expect(deliveries.data![0]).toMatchObject({
      state: 'delivered',
      lastStatusCode: 200,
      attempts: 1,
      type: 'interaction.created',
    });
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('un mensaje de un cliente por el canal de prueba llega como message.received', async () => {
    const subscription = await subscribe(receiver.url, ['message.received']);
    const channel = await env.call(COMERCIAL, 'channel.create', {
      type: 'whatsapp_business',
      name: 'Prueba webhooks',
      sandbox: true,
    });
    expect(channel.status).toBe(200);
    const key = channel.data!.sandboxUrl!.split('/').at(-1)!;
    const wrote = await fetch(`${env.app.url}/api/sandbox/whatsapp/${key}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+598 99 000 555', name: 'Cliente Webhook', text: 'Hola' }),
    });
    expect(wrote.status).toBe(201);
    await env.webhooksSettled();
    const before = receiver.received.length;
    await deliver();
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    const verified = verifyWebhook(subscription.secret, sent[0]!.headers, sent[0]!.body);
    expect(verified).toMatchObject({
      ok: true,
      event: { type: 'message.received', data: { itemType: 'channelMessage' } },
    });
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('un receptor que responde 500 recibe reintentos hasta el 200, en orden por contacto', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const contact = await sellerContact('Webhook Reintentos');
    const ids = [newId(), newId(), newId()];
    for (const id of ids) {
      await env.call(SELLER, 'interaction.createNote', { contactId: contact.id, id, body: id });
    }
    const before = receiver.received.length;
    receiver.answers.push(500, 500, 503);
    await deliver(6);
    const events = receiver.events().slice(before);
    // Three failures of the first event, then each event in order, each accepted.
    const unique = [...new Set(events.map((each) => each.id))];
    expect(unique).toHaveLength(3);
    expect(events.slice(0, 4).every((each) => each.id === unique[0])).toBe(true);
    const interactionIds = receiver.received
      .slice(before)
      .map((each) => verifyWebhook(subscription.secret, each.headers, each.body))
      .map((result) => (result.ok ? result.event.data.interactionId : null));
    expect([...new Set(interactionIds)]).toEqual(ids);
    const rows = await deliveriesOf(subscription.id);
    expect(rows.map((row) => [row.state, row.attempts, row.lastStatusCode])).toEqual([
      ['delivered', 4, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    const [stored] = await env.database.handle.db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(stored!.failingSince).toBeNull();
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('pasadas 24 h un envío queda fallido y sale el siguiente del contacto; se puede reenviar', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const contact = await sellerContact('Webhook Fallido');
    const [first, second] = [newId(), newId()];
    await env.call(SELLER, 'interaction.createNote', {
      contactId: contact.id,
      id: first,
      body: 'a',
    });
    await env.call(SELLER, 'interaction.createNote', {
      contactId: contact.id,
      id: second,
      body: 'b',
    });
    receiver.answers.push(500);
    await deliver();
    // The first delivery's retries began more than 24 hours ago.
    const [failing] = await deliveriesOf(subscription.id);
    await env.database.handle.db
      .update(webhookDeliveries)
      .set({ retrySince: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(webhookDeliveries.id, failing!.id));
    receiver.answers.push(500);
    await deliver();
    const rows = await deliveriesOf(subscription.id);
    expect(rows.map((row) => row.state)).toEqual(['failed', 'delivered']);

    const resent = await env.call(COMERCIAL, 'webhook.resend', {
      subscriptionId: subscription.id,
      deliveryId: failing!.id,
    });
    expect(resent.data).toMatchObject({ state: 'pending' });
    const before = receiver.received.length;
    await deliver();
    expect(
      receiver
        .events()
        .slice(before)
        .map((each) => each.id),
    ).toEqual([failing!.eventId]);
    expect((await deliveriesOf(subscription.id)).map((row) => row.state)).toEqual([
      'delivered',
      'delivered',
    ]);
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('una suscripción que falla hace 3 días se pausa y queda en la auditoría', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const test = await env.call(COMERCIAL, 'webhook.sendTest', { id: subscription.id });
    expect(test.data).toMatchObject({ type: 'webhook.test', state: 'pending' });
    await env.database.handle.db
      .update(webhookSubscriptions)
      .set({ failingSince: new Date(Date.now() - 4 * 24 * 3600 * 1000) })
      .where(eq(webhookSubscriptions.id, subscription.id));
    receiver.answers.push(500);
    await deliver();
    const listed = await env.call(COMERCIAL, 'webhook.list');
    expect(listed.data!.find((each) => each.id === subscription.id)).toMatchObject({
      state: 'paused',
    });
    const [entry] = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.pause'), eq(auditLog.targetId, subscription.id)));
    expect(entry).toBeDefined();
    // Paused: nothing goes, not even the test event's retries.
    const before = receiver.received.length;
    await deliver();
    expect(receiver.received.length).toBe(before);
    const resumed = await env.call(COMERCIAL, 'webhook.update', {
      id: subscription.id,
      state: 'active',
    });
    expect(resumed.data).toMatchObject({ state: 'active', failingSince: null });
    await deliver();
    expect(
      receiver
        .events()
        .slice(before)
        .map((each) => each.type),
    ).toEqual(['webhook.test']);
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('se envía lo que pasa desde que la suscripción se crea o se reanuda, en orden', async () => {
    const contact = await sellerContact('Webhook Desde');
    const note = async (body: string) => {
      const id = newId();
      await env.call(SELLER, 'interaction.createNote', { contactId: contact.id, id, body });
      return id;
    };
    await note('antes de crearla');
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const first = await note('primera');
    const second = await note('segunda');
    const paused = await env.call(COMERCIAL, 'webhook.update', {
      id: subscription.id,
      state: 'paused',
    });
    expect(paused.status).toBe(200);
    await note('mientras estaba pausada');
    await env.call(COMERCIAL, 'webhook.update', { id: subscription.id, state: 'active' });
    const third = await note('tras reanudarla');
    const before = receiver.received.length;
    await deliver(3);
    const sent = receiver.received
      .slice(before)
      .map((each) => verifyWebhook(subscription.secret, each.headers, each.body))
      .map((result) => (result.ok ? result.event.data.interactionId : null));
    expect(sent).toEqual([first, second, third]);
    expect((await deliveriesOf(subscription.id)).map((row) => row.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('una dirección privada se rechaza al guardar y una entrada mala no guarda nada', async () => {
    const count = async () =>
      (
        await env.database.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(webhookSubscriptions)
      )[0]!.n;
    const stored = await count();
    const refused = await env.call(COMERCIAL, 'webhook.create', {
      url: 'http://10.0.0.8/hook',
      eventTypes: ['interaction.created'],
    });
    expect(refused.status).toBe(422);
    expect(refused.error!.message).toBe(errorMessages.OUTBOUND_URL_NOT_ALLOWED);
    const bad = await env.call(COMERCIAL, 'webhook.create', { url: 'ftp://x', eventTypes: [] });
    expect(bad.status).toBe(400);
    expect(bad.error!.data.fieldErrors).toEqual({
      url: [webhooksEs.urlInvalid],
      eventTypes: [webhooksEs.eventTypesRequired],
    });
    const unknown = await env.call(COMERCIAL, 'webhook.create', {
      url: receiver.url,
      eventTypes: ['contact.deleted'],
    });
    expect(unknown.status).toBe(400);
    expect(await count()).toBe(stored);
    const seller = await env.call(SELLER, 'webhook.list');
    expect(seller.status).toBe(403);
  });

  it('solo se envía lo que el dueño de la suscripción puede ver', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    // The owner is now a seller of another team: only their own contacts' events go.
    const owner = env.demo.users[OTHER_SELLER]!;
    await env.database.handle.db
      .update(webhookSubscriptions)
      .set({ createdBy: owner.id })
      .where(eq(webhookSubscriptions.id, subscription.id));
    const hidden = await sellerContact('Webhook Ajeno');
    const own = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Webhook Propio',
      agentId: owner.id,
    });
    await env.call(SELLER, 'interaction.createNote', {
      contactId: hidden.id,
      id: newId(),
      body: 'No la ve',
    });
    const seen = newId();
    await env.call(OTHER_SELLER, 'interaction.createNote', {
      contactId: own.id,
      id: seen,
      body: 'La ve',
    });
    await queueNewEvents(env.app.deps);
    const rows = await deliveriesOf(subscription.id);
    expect(rows.map((row) => row.contactId)).toEqual([own.id]);
    expect(rows[0]!.payload).toMatchObject({ interactionId: seen });
    await deliver();
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('los eventos de otra empresa nunca llegan', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const other = await startReceiver();
    const otherSeller = env.demo.users[OTHER_TENANT]!;
    // The other company's own subscription, owned by its seller.
    const [otherSubscription] = await env.database.handle.db
      .insert(webhookSubscriptions)
      .values({
        tenantId: otherSeller.tenantId,
        url: other.url,
        eventTypes: ['interaction.created'],
        secretSealed: sealSecret('whsec_otra'),
        createdBy: otherSeller.id,
      })
      .returning();
    const otherContact = await createContact(env.database.handle.db, env.demo.other, {
      firstName: 'De Otra',
      agentId: otherSeller.id,
    });
    const note = await env.call(OTHER_TENANT, 'interaction.createNote', {
      contactId: otherContact.id,
      id: newId(),
      body: 'Nota de otra empresa',
    });
    expect(note.status).toBe(200);
    const before = receiver.received.length;
    await deliver();
    expect(receiver.received.length).toBe(before);
    expect(await deliveriesOf(subscription.id)).toEqual([]);
    expect(other.events().map((each) => each.type)).toEqual(['interaction.created']);
    await other.close();
    await env.database.handle.db
      .delete(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, otherSubscription!.id));
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  it('los envíos entregados y fallidos de hace más de 30 días se borran; los pendientes no', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const contact = await sellerContact('Webhook Viejo');
    for (const body of ['uno', 'dos', 'tres']) {
      await env.call(SELLER, 'interaction.createNote', {
        contactId: contact.id,
        id: newId(),
        body,
      });
    }
    receiver.answers.push(200, 500);
    await deliver();
    const [delivered, failing, pending] = await deliveriesOf(subscription.id);
    expect([delivered!.state, failing!.state, pending!.state]).toEqual([
      'delivered',
      'pending',
      'pending',
    ]);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    const db = env.database.handle.db;
    await db
      .update(webhookDeliveries)
      .set({ createdAt: old })
      .where(eq(webhookDeliveries.subscriptionId, subscription.id));
    await db
      .update(webhookDeliveries)
      .set({ state: 'failed' })
      .where(eq(webhookDeliveries.id, failing!.id));
    await runJob(pruneWebhookDeliveriesJob, { keepDays: 30 }, env.app.deps);
    expect((await deliveriesOf(subscription.id)).map((row) => row.id)).toEqual([pending!.id]);
    await env.call(COMERCIAL, 'webhook.remove', { id: subscription.id });
  });

  // Last: it stops the file's instance.
  it('un evento sobrevive a un reinicio del servidor antes de encolarse y enviarse', async () => {
    const subscription = await subscribe(receiver.url, ['interaction.created']);
    const contact = await sellerContact('Webhook Reinicio');
    const noteId = newId();
    const before = receiver.received.length;
    await env.call(SELLER, 'interaction.createNote', {
      contactId: contact.id,
      id: noteId,
      body: 'x',
    });
    // Committed; this instance works no jobs and stops before queueing or sending anything.
    expect(await deliveriesOf(subscription.id)).toEqual([]);
    await env.app.stop();
    const restarted = await startTestApp(env.database.handle, {
      JOBS_ENABLED: 'true',
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
    try {
      await receiver.received$(before + 1);
    } finally {
      await restarted.stop();
    }
    const [sent] = receiver.received.slice(before);
    expect(verifyWebhook(subscription.secret, sent!.headers, sent!.body)).toMatchObject({
      ok: true,
      event: { data: { interactionId: noteId } },
    });
    expect((await deliveriesOf(subscription.id)).map((row) => row.state)).toEqual(['delivered']);
  });
});
