import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, contacts, emailAccounts, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { ZEmailContent } from '@cartera/domain/interactions';
import { runJob } from '../../app-jobs';
import { useDemoApp } from '../../testing/demo-app';
import { createMailContact } from '../../testing/mail-contacts';
import { ADMIN, OTHER_SELLER, SELLER } from '../../testing/demo-users';
import { startFakeNylas, type FakeNylas } from '../../testing/fake-nylas';
import { uploadFile } from '../../testing/http-client';
import { actingUser } from '../sessions/session.service';
import { readNylasHistoryJob, sendEmailJob, takeNylasMessageJob } from './email.jobs';
import { nylasAuthUrl } from './nylas.service';

/*
 * Personal e-mail through Nylas v3 (issue #38 items 1 and 7) against a fake of Nylas on
 * 127.0.0.1 (testing/fake-nylas.ts): the hosted authentication's code is exchanged for a grant
 * and the mailbox stored (never answering the grant or a key), a signed message.created brings
 * the mail to the contact's conversation once however often it is delivered, a badly signed
 * one is refused and stores nothing, the GET challenge is echoed, and a reply leaves through
 * Nylas naming the message it answers.
 */
const overrides: Record<string, string> = {
  JOBS_ENABLED: 'false',
  OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
};
let nylas: FakeNylas;
beforeAll(async () => {
  nylas = await startFakeNylas();
  // Read by the app's start, which useDemoApp's own beforeAll runs after this one.
  Object.assign(overrides, {
    NYLAS_API_KEY: nylas.apiKey,
    NYLAS_CLIENT_ID: nylas.clientId,
    NYLAS_API_URI: nylas.url,
    NYLAS_WEBHOOK_SECRET: nylas.webhookSecret,
  });
});
const env = useDemoApp(overrides);

const MAILBOX = 'vendedora@gmail.test';
const CUSTOMER = 'clara@cliente.test';
let contactId = '';

const webhookUrl = () => `${env.app.url}/api/webhooks/nylas`;

async function storedAccounts() {
  return env.database.handle.db
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.tenantId, env.demo.demo.id));
}

async function emailItems(contact = contactId) {
  return env.database.handle.db
    .select()
    .from(interactions)
    .where(and(eq(interactions.contactId, contact), eq(interactions.type, 'email')))
    .orderBy(interactions.id);
}

/** The Nylas jobs the webhook stored, waiting (any start time). */
async function waitingNylasJobs() {
  const result = await env.database.handle.db.execute(
    sql`select id, data from pgboss.job where name = ${takeNylasMessageJob.name} and state = 'created' order by created_on`,
  );
  return (result as unknown as { rows: Array<{ id: string; data: unknown }> }).rows;
}

/** Runs the waiting Nylas jobs as the worker would, and clears them. */
async function runNylasJobs() {
  const jobs = await waitingNylasJobs();
  for (const job of jobs) {
    await runJob(
      takeNylasMessageJob,
      (typeof job.data === 'string' ? JSON.parse(job.data) : job.data) as never,
      env.app.deps,
    );
  }
  await env.database.handle.db.execute(
    sql`delete from pgboss.job where name = ${takeNylasMessageJob.name}`,
  );
  return jobs.length;
}

/** Follows the hosted-authentication URL as the browser would: answers code and state. */
async function signInAtNylas(url: string) {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

beforeAll(async () => {
  const flag = await env.call(ADMIN, 'admin.setFlag', {
    groupId: env.demo.demo.id,
    flag: 'personalEmail',
    value: 1,
  });
  expect(flag.error).toBeUndefined();
  contactId = await createMailContact(env, {
    firstName: 'Clara',
    lastName: 'Correa',
    phone: '091555321',
    email: CUSTOMER,
  });
});

afterAll(async () => {
  await nylas?.stop();
});

describe('correo personal por Nylas v3', () => {
  it('conectar: el código se canjea por la concesión y la casilla se guarda sin devolver secretos', async () => {
    const asked = await env.call(SELLER, 'email.nylasAuthUrl', {
      provider: 'google',
      loginHint: MAILBOX,
    });
    expect(asked.error).toBeUndefined();
    const url = new URL(asked.data!.url!);
    expect(`${url.origin}${url.pathname}`).toBe(`${nylas.url}/v3/connect/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: nylas.clientId,
      response_type: 'code',
      provider: 'google',
      login_hint: MAILBOX,
    });
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/settings$/);
    const { code, state } = await signInAtNylas(url.toString());

    // Another user cannot use the seller's answer: nothing is exchanged or stored.
    const foreign = await env.call(OTHER_SELLER, 'email.connectNylas', { code, state });
    expect(foreign.error?.data.domainCode).toBe('EMAIL_NYLAS_AUTH_FAILED');
    expect(await storedAccounts()).toEqual([]);

    const connected = await env.rest<Record<string, unknown>>(SELLER, 'POST', '/api/nylas/authV3', {
      code,
      id: state,
    });
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({
      provider: 'nylas',
      address: MAILBOX,
      status: 'connected',
      imap: null,
      smtp: null,
    });
    const [grantId] = [...nylas.grants.keys()];
    expect(JSON.stringify(connected.body)).not.toContain(grantId!);
    expect(JSON.stringify(connected.body)).not.toContain(nylas.apiKey);
    const [row] = await storedAccounts();
    expect(row).toMatchObject({
      provider: 'nylas',
      address: MAILBOX,
      userId: env.demo.users[SELLER]!.id,
      config: { grantId },
      secrets: null,
    });
    // The token exchange carried the application's key, as Nylas asks.
    expect(nylas.requests.some((each) => each.path === '/v3/connect/token')).toBe(true);

    // A code is good once: Spanish error, nothing more stored.
    const again = await env.call(SELLER, 'email.connectNylas', { code, state });
    expect(again.error?.data.domainCode).toBe('EMAIL_NYLAS_AUTH_FAILED');
    expect(again.error?.message).toBe(
      'No se pudo completar la conexión con tu correo: la autorización venció o ya se usó. Vuelve a conectarlo desde Ajustes.',
    );
    expect(await storedAccounts()).toHaveLength(1);

    const [entry] = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, env.demo.demo.id), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({
      action: 'emailAccount.connect',
      after: { email: MAILBOX, provider: 'nylas' },
    });
    expect((await env.call(OTHER_SELLER, 'email.accounts')).data).toEqual([]);
  });

  it('al conectar llegan los últimos 30 días de la casilla, como historia, sin spam ni lo más viejo', async () => {
    const hilda = await createMailContact(env, {
      firstName: 'Hilda',
      lastName: 'Historia',
      phone: '091555322',
      email: 'hilda@cliente.test',
    });
    const [row] = await storedAccounts();
    const grantId = row!.config.grantId!;
    const daysAgo = (days: number) => Math.floor(Date.now() / 1000) - days * 24 * 3600;
    const message = (subject: string, days: number, folders = ['INBOX']) =>
      nylas.putMessage(grantId, {
        subject,
        from: [{ email: 'hilda@cliente.test', name: 'Hilda Historia' }],
        date: daysAgo(days),
        body: `<p>${subject}</p>`,
        folders,
        headers: [{ name: 'Message-ID', value: `<${subject.replace(/\W/g, '')}@cliente.test>` }],
      });
    message('Pedido de la semana', 3);
    message('Consulta de hace diez días', 10);
    message('Correo no deseado', 2, ['SPAM']);
    message('Pedido del año pasado', 40);

    // Connecting queued the reading of the mailbox's history; the worker runs it.
    const history = await env.database.handle.db.execute(
      sql`select data from pgboss.job where name = ${readNylasHistoryJob.name} and state = 'created'`,
    );
    const [job] = (history as unknown as { rows: Array<{ data: unknown }> }).rows;
    expect(job?.data).toMatchObject({ accountId: row!.id, pageToken: null, page: 0 });
    await runJob(readNylasHistoryJob, job!.data as never, env.app.deps);
    expect(await runNylasJobs()).toBe(2);
    const items = await emailItems(hilda);
    expect(items.map((each) => ZEmailContent.parse(each.content).subject).sort()).toEqual([
      'Consulta de hace diez días',
      'Pedido de la semana',
    ]);
    // History: on the timeline, not news for the inbox (unread, waiting).
    const [contact] = await env.database.handle.db
      .select({ unread: contacts.unreadCount, waiting: contacts.awaitingReplySince })
      .from(contacts)
      .where(eq(contacts.id, hilda));
    expect(contact).toEqual({ unread: 0, waiting: null });
    // Read again (a repeated job): nothing twice.
    await runJob(readNylasHistoryJob, job!.data as never, env.app.deps);
    await runNylasJobs();
    expect(await emailItems(hilda)).toHaveLength(2);
    await env.database.handle.db.execute(
      sql`delete from pgboss.job where name = ${readNylasHistoryJob.name}`,
    );
  });

  it('el webhook responde el challenge y rechaza una firma falsa sin guardar nada', async () => {
    const challenge = await nylas.challenge(webhookUrl(), 'desafio-123');
    expect(challenge).toEqual({ status: 200, text: 'desafio-123' });

    const [row] = await storedAccounts();
    const message = nylas.putMessage(row!.config.grantId!, {
      from: [{ email: CUSTOMER, name: 'Clara Correa' }],
      subject: 'Firma falsa',
      body: '<p>Hola</p>',
      headers: [{ name: 'Message-ID', value: '<falsa@cliente.test>' }],
    });
    const forged = await nylas.deliverWebhook(webhookUrl(), message, { badSignature: true });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(webhookUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    expect(await waitingNylasJobs()).toEqual([]);
    expect(await emailItems()).toEqual([]);
  });

  it('un correo del contacto llega por webhook firmado una sola vez aunque se entregue dos veces', async () => {
    const [row] = await storedAccounts();
    const grantId = row!.config.grantId!;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const message = nylas.putMessage(grantId, {
      from: [{ email: 'Clara@Cliente.test', name: 'Clara Correa' }],
      to: [{ email: MAILBOX }],
      subject: 'Presupuesto de la heladera',
      body: '<p onclick="alert(1)">Hola, <b>¿me confirman el precio?</b></p><script>alert(2)</script>',
      headers: [{ name: 'Message-ID', value: '<presupuesto.1@cliente.test>' }],
      attachments: [
        { id: 'att_1', filename: 'presupuesto.pdf', contentType: 'application/pdf', content: pdf },
      ],
    });
    // Nylas delivers at least once: the same notification twice.
    const first = await nylas.deliverWebhook(webhookUrl(), message, { eventId: 'evt_1' });
    const second = await nylas.deliverWebhook(webhookUrl(), message, { eventId: 'evt_1' });
    expect([first.status, second.status]).toEqual([200, 200]);
    await runNylasJobs();
    // And once more after it was taken in.
    await nylas.deliverWebhook(webhookUrl(), message, { eventId: 'evt_2' });
    await runNylasJobs();

    const items = await emailItems();
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.status).toBe('received');
    const content = ZEmailContent.parse(item.content);
    expect(content).toMatchObject({
      subject: 'Presupuesto de la heladera',
      origin: 'contact',
      from: { email: CUSTOMER, name: 'Clara Correa' },
      recipients: [{ email: MAILBOX }],
      messageId: '<presupuesto.1@cliente.test>',
      accountId: row!.id,
      providerMessageId: message.id,
    });
    expect(content.body).toBe('<p>Hola, <b>¿me confirman el precio?</b></p>');
    expect(content.attachments).toMatchObject([
      { filename: 'presupuesto.pdf', size: pdf.length, mimeType: 'application/pdf' },
    ]);
    const stored = await fetch(content.attachments[0]!.url!, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(Buffer.from(await stored.arrayBuffer()).equals(pdf)).toBe(true);

    // Spam from the contact is not the conversation's (IMAP reads the inbox and Sent only).
    const spam = nylas.putMessage(grantId, {
      from: [{ email: CUSTOMER }],
      subject: 'Gane dinero',
      body: '<p>Spam</p>',
      folders: ['SPAM'],
      headers: [{ name: 'Message-ID', value: '<spam@cliente.test>' }],
    });
    await nylas.deliverWebhook(webhookUrl(), spam);
    await runNylasJobs();
    expect(await emailItems()).toHaveLength(1);

    // A stranger's mail creates no contact: it waits in 'Correo personal'.
    const stranger = nylas.putMessage(grantId, {
      from: [{ email: 'desconocido@otro.test' }],
      subject: 'Oferta',
      body: '<p>Hola</p>',
      headers: [{ name: 'Message-ID', value: '<oferta@otro.test>' }],
    });
    // Delivered compressed (the webhook's compressed_delivery): checked on the bytes sent.
    expect((await nylas.deliverWebhook(webhookUrl(), stranger, { compressed: true })).status).toBe(
      200,
    );
    await runNylasJobs();
    expect(
      await env.demoContacts(sql`${contacts.emails} @> array['desconocido@otro.test']::text[]`),
    ).toEqual([]);
    expect((await env.call(SELLER, 'email.unknownMail')).data).toMatchObject([
      { fromEmail: 'desconocido@otro.test', subject: 'Oferta' },
    ]);
    // 'Crear contacto': the mail is asked of Nylas again and lands on the new contact.
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Desconocido',
      lastName: 'Nylas',
      phones: [
        { phone: `098${String(Date.now() % 1_000_000).padStart(6, '0')}`, extensionNumber: '' },
      ],
      emails: ['desconocido@otro.test'],
      origin: null,
    });
    expect(created.error).toBeUndefined();
    const brought = await env.call(SELLER, 'email.bringUnknownMail', {
      address: 'desconocido@otro.test',
    });
    expect(brought.data).toEqual({ contactId: created.data!.id, stored: 1 });
    expect((await env.call(SELLER, 'email.unknownMail')).data).toEqual([]);
  });

  it('responder sale por Nylas con reply_to_message_id y el correo queda enviado', async () => {
    const [row] = await storedAccounts();
    const [received] = await emailItems();
    const answered = ZEmailContent.parse(received!.content);
    const pdf = Buffer.from('%PDF-1.4\n% cotización\n%%EOF\n');
    const key = await uploadFile(env.app.url, await env.tokenOf(SELLER), {
      name: 'cotización.pdf',
      mimeType: 'application/pdf',
      via: 'email',
      body: pdf,
    });
    const id = newId();
    const sent = await env.call(SELLER, 'email.send', {
      id,
      contactId,
      accountId: row!.id,
      to: [{ email: CUSTOMER, name: 'Clara Correa' }],
      subject: 'RE: Presupuesto de la heladera',
      body: '<p>Sí, <b>el precio es ese</b>.</p>',
      attachments: [
        {
          url: env.app.deps.storage.publicUrl(key),
          name: 'cotización.pdf',
          size: pdf.length,
          mimeType: 'application/pdf',
        },
      ],
      replyToId: received!.id,
    });
    expect(sent.error).toBeUndefined();
    expect((await env.interactionById(id))?.status).toBe('pending');

    await runJob(sendEmailJob, { tenantId: env.demo.demo.id, interactionId: id }, env.app.deps);
    expect(nylas.sent).toHaveLength(1);
    const [outgoing] = nylas.sent;
    expect(outgoing!.grantId).toBe(row!.config.grantId);
    expect(outgoing!.message).toMatchObject({
      to: [{ email: CUSTOMER, name: 'Clara Correa' }],
      subject: 'RE: Presupuesto de la heladera',
      body: '<p>Sí, <b>el precio es ese</b>.</p>',
      reply_to_message_id: answered.providerMessageId,
    });
    expect(outgoing!.attachments).toHaveLength(1);
    expect(outgoing!.attachments[0]!.filename).toBe('cotización.pdf');
    expect(outgoing!.attachments[0]!.content.equals(pdf)).toBe(true);

    const delivered = await env.interactionById(id);
    expect(delivered?.status).toBe('sent');
    const content = ZEmailContent.parse(delivered!.content);
    // The provider's Message-ID replaces Cartera's: the customer's answer will name it.
    expect(content.messageId).toBe(`<${outgoing!.id}@mail.gmail.test>`);
    expect(content).toMatchObject({
      providerMessageId: outgoing!.id,
      inReplyTo: answered.messageId,
    });

    // Nylas announces the sent mail too: it is on the timeline already.
    const copy = nylas.messages.get(outgoing!.id)!;
    expect((await nylas.deliverWebhook(webhookUrl(), copy)).status).toBe(200);
    await runNylasJobs();
    expect(await emailItems()).toHaveLength(2);

    // The customer answers it: the sent mail is marked answered.
    const answer = nylas.putMessage(row!.config.grantId!, {
      from: [{ email: CUSTOMER }],
      subject: 'RE: RE: Presupuesto de la heladera',
      body: '<p>Perfecto.</p>',
      headers: [
        { name: 'Message-ID', value: '<respuesta.2@cliente.test>' },
        { name: 'In-Reply-To', value: content.messageId! },
        { name: 'References', value: `<presupuesto.1@cliente.test> ${content.messageId!}` },
      ],
    });
    await nylas.deliverWebhook(webhookUrl(), answer);
    await runNylasJobs();
    expect((await env.interactionById(id))?.status).toBe('done');
    expect(await emailItems()).toHaveLength(3);
  });

  it('una concesión que Nylas ya no acepta deja el correo con error y la casilla para reconectar', async () => {
    const [row] = await storedAccounts();
    nylas.revokeGrant(row!.config.grantId!);
    const id = newId();
    const sent = await env.call(SELLER, 'email.send', {
      id,
      contactId,
      accountId: row!.id,
      to: [{ email: CUSTOMER }],
      subject: 'Seguimiento',
      body: '<p>¿Pudo verlo?</p>',
    });
    expect(sent.error).toBeUndefined();
    await runJob(sendEmailJob, { tenantId: env.demo.demo.id, interactionId: id }, env.app.deps);
    const failed = await env.interactionById(id);
    expect(failed?.status).toBe('error');
    expect(ZEmailContent.parse(failed!.content).errorCode).toBe('EMAIL_ACCOUNT_UNAVAILABLE');
    const [after] = await storedAccounts();
    expect(after?.status).toBe('error');

    // Connecting the same mailbox again takes the new grant and clears the error.
    const asked = await env.call(SELLER, 'email.nylasAuthUrl', { loginHint: MAILBOX });
    const { code, state } = await signInAtNylas(asked.data!.url!);
    const again = await env.call(SELLER, 'email.connectNylas', { code, state });
    expect(again.error).toBeUndefined();
    expect(again.data).toMatchObject({ id: row!.id, status: 'connected' });
    const [reconnected] = await storedAccounts();
    expect(reconnected!.config.grantId).not.toBe(row!.config.grantId);
    expect(nylas.grants.has(reconnected!.config.grantId!)).toBe(true);

    // Nylas tells the grant expired: the mailbox asks to be connected again.
    const expired = await nylas.deliverGrantWebhook(
      webhookUrl(),
      reconnected!.config.grantId!,
      'grant.expired',
    );
    expect(expired.status).toBe(200);
    expect((await storedAccounts())[0]).toMatchObject({
      status: 'error',
      statusReason: 'EMAIL_ACCOUNT_UNAVAILABLE',
    });
    expect((await env.call(SELLER, 'email.accounts')).data).toMatchObject([{ status: 'error' }]);
  });

  it('sin Nylas configurado solo se ofrece IMAP', async () => {
    const seller = await actingUser(
      env.database.handle.db,
      env.demo.demo.id,
      env.demo.users[SELLER]!.id,
    );
    const deps = { env: { ...env.app.deps.env, nylas: undefined } };
    expect(nylasAuthUrl(deps, seller!, {})).toEqual({ url: null });
  });
});
