import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { storedRollups } from '@cartera/db/rollups';
import { contacts, emailAccounts, interactions } from '@cartera/db/schema';
import { metricsDay } from '@cartera/domain/metrics';
import { newId } from '@cartera/domain/ids';
import { ZEmailContent } from '@cartera/domain/interactions';
import { runJob } from '../../app-jobs';
import { sendScheduledMessageJob } from '../channels/channels.jobs';
import { sendScheduledMessage } from '../channels/scheduled-messages.service';
import { sendEmailJob, syncMailboxJob } from './email.jobs';
import { sendScheduledEmail } from './email-send.service';
import { closeMailWatches, watchMailbox } from './mail-watch.service';
import { useDemoApp } from '../../testing/demo-app';
import { createMailContact } from '../../testing/mail-contacts';
import { ADMIN, OTHER_SELLER, SELLER } from '../../testing/demo-users';
import { uploadFile } from '../../testing/http-client';
import {
  folderOf,
  mailProgramOf,
  startTestMailServer,
  type TestMailServer,
} from '../../testing/mail-server';

/*
 * Writing e-mail from the conversation (issue #38 items 4 to 6) against a real Dovecot (IMAP,
 * LMTP) and SMTP server on 127.0.0.1: the reply reaches the customer's mailbox in its thread
 * (In-Reply-To and References read back from the customer's copy) with its PDF, a copy lands in
 * the seller's Sent folder that the sync does not store twice, the customer's answer marks it
 * answered, a refusal leaves the Spanish reason and 'Volver a intentar.' sends it again, and a
 * scheduled mail leaves at its date (reached through the job's clock).
 */
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let mail: TestMailServer;

const MAILBOX = { address: 'ventas@correo.test', password: 'clave-de-aplicacion' };
const CUSTOMER = { address: 'lucia@cliente.test', password: 'clave-cliente' };
/** A mailbox whose server refuses mail while a test says so. */
const CLOSED = { address: 'compras@cliente.test', password: 'clave-compras' };
let accountId = '';
let contactId = '';

const sync = () => runJob(syncMailboxJob, { tenantId: env.demo.demo.id, accountId }, env.app.deps);
const deliver = (interactionId: string) =>
  runJob(sendEmailJob, { tenantId: env.demo.demo.id, interactionId }, env.app.deps);
/** The seller writes from the connected mailbox into the test contact's conversation. */
const send = (draft: { to: string; subject: string; body: string } & Record<string, unknown>) =>
  env.call(SELLER, 'email.send', {
    id: newId(),
    contactId,
    accountId,
    ...draft,
    to: [{ email: draft.to }],
  });

async function emailItems() {
  return env.database.handle.db
    .select()
    .from(interactions)
    .where(and(eq(interactions.contactId, contactId), eq(interactions.type, 'email')));
}

async function itemById(id: string) {
  const [row] = await env.database.handle.db
    .select()
    .from(interactions)
    .where(eq(interactions.id, id));
  return row;
}

beforeAll(async () => {
  mail = await startTestMailServer();
  mail.addUser(MAILBOX);
  mail.addUser(CUSTOMER);
  // Every user before the first sign-in: Dovecot rereads its users file by the second.
  mail.addUser(CLOSED);
  await env.call(ADMIN, 'admin.setFlag', {
    groupId: env.demo.demo.id,
    flag: 'personalEmail',
    value: 1,
  });
  const connected = await env.call(SELLER, 'email.connectImap', {
    address: MAILBOX.address,
    password: MAILBOX.password,
    imap: { host: '127.0.0.1', port: mail.imapPort, security: 'none' },
    smtp: { host: '127.0.0.1', port: mail.smtpPort, security: 'none' },
  });
  expect(connected.error).toBeUndefined();
  accountId = connected.data!.id;
  contactId = await createMailContact(env, {
    firstName: 'Lucía',
    lastName: 'Correo',
    phone: '091555777',
    email: CUSTOMER.address,
  });
});

afterAll(async () => {
  await mail?.stop();
});

describe('escribir correo desde la conversación', () => {
  it('la respuesta con un PDF llega al cliente en su hilo, queda en Enviados una vez y su respuesta la marca respondida', async () => {
    const original = await mailProgramOf(mail, CUSTOMER).sendMail({
      from: `"Lucía Correo" <${CUSTOMER.address}>`,
      to: MAILBOX.address,
      subject: 'Cotización del aire acondicionado',
      text: '¿Tienen el modelo de 12000 BTU?',
    });
    await sync();
    const [received] = await emailItems();
    expect(received?.status).toBe('received');
    // In the inbox: unread, with the mail's subject and first lines as the preview.
    const inboxRow = async () => {
      const [row] = await env.database.handle.db
        .select({
          unread: contacts.unreadCount,
          last: contacts.lastMessage,
          waiting: contacts.awaitingReplySince,
        })
        .from(contacts)
        .where(eq(contacts.id, contactId));
      return row!;
    };
    expect(await inboxRow()).toMatchObject({
      unread: 1,
      last: {
        direction: 'in',
        kind: 'email',
        text: 'Cotización del aire acondicionado — ¿Tienen el modelo de 12000 BTU?',
      },
    });
    // The customer's mail waits for its answer ('Sin atender' after 24 h), from its date.
    const waitingSince = (await inboxRow()).waiting;
    expect(waitingSince?.getTime()).toBe(received!.createdAt.getTime());
    // A mail dated before the mailbox was connected is history: on the timeline, not news.
    await mail.deliver(
      CUSTOMER.address,
      MAILBOX.address,
      [
        `From: ${CUSTOMER.address}`,
        `To: ${MAILBOX.address}`,
        'Subject: Consulta de la semana pasada',
        `Message-ID: <vieja.${Date.now()}@cliente.test>`,
        `Date: ${new Date(Date.now() - 7 * 24 * 3_600_000).toUTCString()}`,
        '',
        'Hola',
      ].join('\r\n'),
    );
    await sync();
    expect(await emailItems()).toHaveLength(2);
    expect(await inboxRow()).toMatchObject({
      unread: 1,
      last: { kind: 'email', direction: 'in' },
      waiting: waitingSince,
    });

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const key = await uploadFile(env.app.url, await env.tokenOf(SELLER), {
      name: 'cotización.pdf',
      mimeType: 'application/pdf',
      via: 'email',
      body: pdf,
    });
    // 'Rendimiento' counts the seller's mail as a follow-up (tracing, 01 §9).
    const tracingKey = `${env.demo.users[SELLER]!.id}|${metricsDay(new Date())}|tracing|`;
    const tracing = async () =>
      (await storedRollups(env.database.handle.db, env.demo.demo.id)).get(tracingKey) ?? 0;
    const tracedBefore = await tracing();
    const id = newId();
    const sent = await env.call(SELLER, 'email.send', {
      id,
      contactId,
      accountId,
      to: [{ email: CUSTOMER.address, name: 'Lucía Correo' }],
      subject: 'RE: Cotización del aire acondicionado',
      body: '<p onclick="alert(1)">Sí, <b>lo tenemos</b>.</p><script>alert(2)</script>',
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
    expect(await tracing()).toBe(tracedBefore + 1);
    // The seller's mail answers the wait, and counts as a response.
    expect((await inboxRow()).waiting).toBeNull();
    const responsesKey = `${env.demo.users[SELLER]!.id}|${metricsDay(new Date())}|responses|`;
    expect(
      (await storedRollups(env.database.handle.db, env.demo.demo.id)).get(responsesKey),
    ).toBeGreaterThanOrEqual(1);
    const pending = await itemById(id);
    expect(pending?.status).toBe('pending');
    expect(pending?.agentId).toBe(env.demo.users[SELLER]!.id);
    const messageId = ZEmailContent.parse(pending!.content).messageId!;
    expect(messageId).toMatch(/^<.+@correo\.test>$/);

    await deliver(id);
    const delivered = await itemById(id);
    expect(delivered?.status).toBe('sent');
    expect(ZEmailContent.parse(delivered!.content).sentDate).toBeTruthy();

    // The customer's copy: in the thread, the body inert, the PDF whole.
    const inbox = await folderOf(mail, CUSTOMER, 'INBOX');
    const reply = inbox.find((each) => each.messageId === messageId)!;
    expect(reply.subject).toBe('RE: Cotización del aire acondicionado');
    expect(reply.inReplyTo).toBe(original.messageId);
    expect(reply.references).toBe(original.messageId);
    expect(reply.from?.value[0]).toMatchObject({ address: MAILBOX.address });
    expect(reply.html).toContain('<b>lo tenemos</b>');
    expect(reply.html).not.toMatch(/script|onclick/);
    expect(reply.attachments.map((each) => each.filename)).toEqual(['cotización.pdf']);
    expect(reply.attachments[0]!.content.equals(pdf)).toBe(true);

    // The seller's Sent folder keeps it; reading it back stores nothing twice.
    const sentFolder = await folderOf(mail, MAILBOX, 'Sent');
    expect(sentFolder.map((each) => each.messageId)).toContain(messageId);
    await sync();
    expect(await emailItems()).toHaveLength(3);

    // The customer answers the reply: the sent mail is marked answered.
    await mailProgramOf(mail, CUSTOMER).sendMail({
      from: CUSTOMER.address,
      to: MAILBOX.address,
      subject: 'RE: RE: Cotización del aire acondicionado',
      text: 'Perfecto, lo compro.',
      inReplyTo: messageId,
      references: [original.messageId, messageId],
    });
    await sync();
    expect((await itemById(id))?.status).toBe('done');
    const items = await emailItems();
    expect(items).toHaveLength(4);
    const answer = items.find(
      (each) =>
        ZEmailContent.parse(each.content).subject === 'RE: RE: Cotización del aire acondicionado',
    )!;
    expect(ZEmailContent.parse(answer.content).threadId).toBe(original.messageId);

    // A repeated call with the same id sends nothing more.
    const again = await send({
      id,
      to: CUSTOMER.address,
      subject: 'RE: Cotización del aire acondicionado',
      body: '<p>Sí</p>',
    });
    expect(again.error).toBeUndefined();
    expect(await emailItems()).toHaveLength(4);
  });

  it('el hilo de un correo: sus correos en orden para quien ve el contacto; nadie más lo lee', async () => {
    const bySubject = async (subject: string) =>
      (await emailItems()).find((each) => ZEmailContent.parse(each.content).subject === subject)!;
    const answer = await bySubject('RE: RE: Cotización del aire acondicionado');
    const thread = await env.call(SELLER, 'email.thread', { contactId, id: answer.id });
    expect(thread.error).toBeUndefined();
    expect(thread.data!.total).toBe(3);
    expect(thread.data!.thread.map((each) => each.content.subject)).toEqual([
      'Cotización del aire acondicionado',
      'RE: Cotización del aire acondicionado',
      'RE: RE: Cotización del aire acondicionado',
    ]);
    expect(thread.data!.thread.map((each) => each.status)).toEqual([
      'received',
      'done',
      'received',
    ]);
    // A mail of its own thread is alone in it.
    const old = await bySubject('Consulta de la semana pasada');
    const alone = await env.call(SELLER, 'email.thread', { contactId, id: old.id });
    expect(alone.data).toMatchObject({ total: 1, thread: [{ id: old.id }] });
    // The company's administrator reads the contact, so its thread; another seller does not.
    expect((await env.call(ADMIN, 'email.thread', { contactId, id: answer.id })).data?.total).toBe(
      3,
    );
    const other = await env.call(OTHER_SELLER, 'email.thread', { contactId, id: answer.id });
    expect(other.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    // An item that is not an e-mail of this contact is not found.
    const missing = await env.call(SELLER, 'email.thread', { contactId, id: newId() });
    expect(missing.error?.data.domainCode).toBe('NOT_FOUND');
  });

  it('quien tiene la casilla saca un hilo del CRM: sus correos quedan vacíos, sus archivos se borran y los nuevos no se guardan', async () => {
    const contents = async () =>
      (await emailItems()).map((each) => ({ ...each, mail: ZEmailContent.parse(each.content) }));
    const inThread = (list: Awaited<ReturnType<typeof contents>>) =>
      list.filter((each) => each.mail.subject.includes('Cotización del aire acondicionado'));
    const before = await contents();
    const thread = inThread(before);
    expect(thread).toHaveLength(3);
    const answer = thread.find((each) => each.mail.subject.startsWith('RE: RE:'))!;
    const pdf = thread.flatMap((each) => each.mail.attachments).find((file) => file.url)!;
    const pdfKey = env.app.deps.storage.keyOf(pdf.url!)!;
    expect(await env.app.deps.storage.stat(pdfKey)).toBeDefined();

    // Only the mailbox's owner may: not the administrator who reads the contact.
    const refused = await env.call(ADMIN, 'email.keepThreadOut', { contactId, id: answer.id });
    expect(refused.error?.data.domainCode).toBe('EMAIL_THREAD_NOT_YOURS');
    expect(refused.error?.message).toBe(
      'Solo quien tiene conectada la casilla por la que llegó este correo puede sacar su hilo del CRM.',
    );
    const kept = await env.call(SELLER, 'email.keepThreadOut', { contactId, id: answer.id });
    expect(kept.error).toBeUndefined();
    expect(kept.data).toEqual({ emptied: 3 });

    const after = await contents();
    expect(after).toHaveLength(before.length);
    const emptied = after.filter((each) => each.mail.private);
    expect(emptied.map((each) => each.id).sort()).toEqual(thread.map((each) => each.id).sort());
    for (const each of emptied) {
      expect(each.mail).toMatchObject({ subject: '', body: '', resume: '', attachments: [] });
      expect(each.mail.from).toBeUndefined();
      expect(each.mail.recipients).toEqual([]);
    }
    // The other mail stays whole; the PDF is gone; the inbox no longer previews the thread.
    expect(after.find((each) => each.mail.subject === 'Consulta de la semana pasada')).toBeTruthy();
    expect(await env.app.deps.storage.stat(pdfKey)).toBeUndefined();
    const [row] = await env.database.handle.db
      .select({ last: contacts.lastMessage })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    expect(row!.last).toMatchObject({ kind: 'email', text: '' });

    // The customer writes again in the thread: not stored.
    await mailProgramOf(mail, CUSTOMER).sendMail({
      from: CUSTOMER.address,
      to: MAILBOX.address,
      subject: 'RE: RE: Cotización del aire acondicionado',
      text: '¿Cuándo lo entregan?',
      inReplyTo: answer.mail.messageId!,
      references: [answer.mail.threadId!, answer.mail.messageId!],
    });
    await sync();
    expect(await emailItems()).toHaveLength(before.length);
    // Its thread shows what is left.
    const viewed = await env.call(SELLER, 'email.thread', { contactId, id: answer.id });
    expect(viewed.data?.thread.every((each) => each.content.private)).toBe(true);
  });

  it('un destinatario rechazado deja el correo con el motivo; Volver a intentar lo envía de nuevo', async () => {
    mail.refuseRecipient(CLOSED.address, true);
    const id = newId();
    const sent = await send({
      id,
      to: CLOSED.address,
      subject: 'Catálogo',
      body: '<p>Le envío el catálogo.</p>',
    });
    expect(sent.error).toBeUndefined();
    await deliver(id);
    const failed = await itemById(id);
    expect(failed?.status).toBe('error');
    const content = ZEmailContent.parse(failed!.content);
    expect(content.errorCode).toBe('EMAIL_SEND_REFUSED');
    expect(content.errorMessage).toMatch(/^El servidor de correo rechazó el envío: 550/);

    // Another seller may not retry it; its author may, once the server takes the address.
    const foreign = await env.call(OTHER_SELLER, 'email.retry', { contactId, id });
    expect(foreign.error).toBeDefined();
    mail.refuseRecipient(CLOSED.address, false);
    const retried = await env.call(SELLER, 'email.retry', { contactId, id });
    expect(retried.error).toBeUndefined();
    expect((await itemById(id))?.status).toBe('pending');
    await deliver(id);
    const resent = await itemById(id);
    expect(resent?.content).toMatchObject({ errorMessage: null });
    expect(resent?.status).toBe('sent');
    const inbox = await folderOf(mail, CLOSED, 'INBOX');
    expect(inbox.map((each) => each.subject)).toEqual(['Catálogo']);
  });

  it('un correo programado sale a su hora por el mismo camino', async () => {
    const now = Date.now();
    const date = new Date(now + 3_600_000);
    const id = newId();
    const scheduled = await send({
      id,
      to: CUSTOMER.address,
      subject: 'Recordatorio de la visita',
      body: '<p>Mañana a las 10.</p>',
      scheduleDate: date,
      createReminder: true,
    });
    expect(scheduled.error).toBeUndefined();
    const item = await itemById(id);
    expect(item).toMatchObject({ type: 'scheduled-message', status: 'active' });
    expect(item!.content).toMatchObject({
      interactionType: 'email',
      reminderOnScheduledMessage: true,
    });

    // Before its date the job sends nothing.
    await runJob(
      sendScheduledMessageJob,
      { tenantId: env.demo.demo.id, interactionId: id },
      env.app.deps,
    );
    expect((await itemById(id))?.status).toBe('active');
    // At its date (the job's clock), the mail is written and the outbox sends it.
    await sendScheduledMessage(env.app.deps, env.demo.demo.id, id, date, {
      email: sendScheduledEmail,
    });
    const done = await itemById(id);
    expect(done?.status).toBe('success');
    const mailId = (done!.content as { sentInteractionId: string }).sentInteractionId;
    expect((await itemById(mailId))?.status).toBe('pending');
    await deliver(mailId);
    expect((await itemById(mailId))?.status).toBe('sent');
    const inbox = await folderOf(mail, CUSTOMER, 'INBOX');
    expect(inbox.map((each) => each.subject)).toContain('Recordatorio de la visita');
  });

  it('una entrada mala responde en castellano y no guarda nada; nadie escribe desde la casilla de otro', async () => {
    const before = (await emailItems()).length;
    const bad = await send({
      to: 'no es un correo',
      subject: '  ',
      body: '<p> </p>',
    });
    expect(bad.error?.data.fieldErrors).toMatchObject({
      'to.0.email': ['El email "no es un correo" no es valido.'],
      subject: ['Requerido'],
      body: ['Requerido'],
    });
    const foreign = await env.call(OTHER_SELLER, 'email.send', {
      id: newId(),
      contactId,
      accountId,
      to: [{ email: CUSTOMER.address }],
      subject: 'Hola',
      body: '<p>Hola</p>',
    });
    expect(foreign.error?.data.domainCode).toBe('EMAIL_ACCOUNT_NOT_FOUND');
    const past = await send({
      to: CUSTOMER.address,
      subject: 'Hola',
      body: '<p>Hola</p>',
      scheduleDate: new Date(Date.now() - 60_000),
    });
    expect(past.error?.data.domainCode).toBe('SCHEDULED_DATE_INVALID');
    expect((await emailItems()).length).toBe(before);

    // A mailbox whose password the server refuses: the mail cannot leave.
    await env.database.handle.db
      .update(emailAccounts)
      .set({ status: 'error' })
      .where(eq(emailAccounts.id, accountId));
    const refused = await send({ to: CUSTOMER.address, subject: 'Hola', body: '<p>Hola</p>' });
    expect(refused.error?.data.domainCode).toBe('EMAIL_ACCOUNT_UNAVAILABLE');
    expect(refused.error?.message).toContain(MAILBOX.address);
    expect((await emailItems()).length).toBe(before);
  });

  it('un correo nuevo llega por IDLE: el vigilante de la casilla pide la sincronización en cuanto llega', async () => {
    const boss = env.app.deps.jobs.pgBoss;
    const queuedSyncs = async () =>
      (await boss.findJobs('email.sync', { key: accountId, queued: true })).length;
    await boss.deleteQueuedJobs('email.sync');
    // Connected again (the test before made its password refused).
    await env.database.handle.db
      .update(emailAccounts)
      .set({ status: 'connected' })
      .where(eq(emailAccounts.id, accountId));
    const watching = watchMailbox(env.app.deps, env.demo.demo.id, accountId, 60_000);
    // A sync at the start: what arrived while no one watched.
    await expect.poll(queuedSyncs).toBe(1);
    await boss.deleteQueuedJobs('email.sync');
    expect(await queuedSyncs()).toBe(0);

    await mailProgramOf(mail, CUSTOMER).sendMail({
      from: CUSTOMER.address,
      to: MAILBOX.address,
      subject: 'Llegó por IDLE',
      text: 'Hola',
    });
    await expect.poll(queuedSyncs).toBe(1);
    closeMailWatches();
    await watching;

    await sync();
    const subjects = (await emailItems()).map((each) => ZEmailContent.parse(each.content).subject);
    expect(subjects).toContain('Llegó por IDLE');
  });
});
