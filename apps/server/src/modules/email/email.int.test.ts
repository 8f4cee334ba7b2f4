import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImapFlow } from 'imapflow';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, contacts, emailAccounts, interactions } from '@cartera/db/schema';
import { ZEmailContent } from '@cartera/domain/interactions';
import { runJob } from '../../app-jobs';
import { syncMailboxJob } from './email.jobs';
import { useDemoApp } from '../../testing/demo-app';
import { createMailContact } from '../../testing/mail-contacts';
import { ADMIN, OTHER_SELLER, SELLER } from '../../testing/demo-users';
import { mailProgramOf, startTestMailServer, type TestMailServer } from '../../testing/mail-server';

/*
 * Connecting a personal mailbox (issue #38 item 1) against a real Dovecot (IMAP) and SMTP
 * server on 127.0.0.1: the servers are signed in to before anything is stored, each refusal is
 * told in Spanish and stores nothing, the password is sealed and never answered, and a user
 * reaches only their own mailboxes.
 */
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let mail: TestMailServer;

const MAILBOX = { address: 'vendedor@correo.test', password: 'clave-de-aplicacion' };

function connectInput(overrides: Record<string, unknown> = {}) {
  return {
    address: MAILBOX.address,
    password: MAILBOX.password,
    imap: { host: '127.0.0.1', port: mail.imapPort, security: 'none' },
    smtp: { host: '127.0.0.1', port: mail.smtpPort, security: 'none' },
    ...overrides,
  };
}

async function storedAccounts() {
  return env.database.handle.db
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.tenantId, env.demo.demo.id));
}

/** The raw message the SMTP server last accepted from `from`. */
async function lastRaw(from: string) {
  return [...mail.accepted].reverse().find((each) => each.user === from)?.raw;
}

beforeAll(async () => {
  mail = await startTestMailServer();
  mail.addUser(MAILBOX);
  const flag = await env.call(ADMIN, 'admin.setFlag', {
    groupId: env.demo.demo.id,
    flag: 'personalEmail',
    value: 1,
  });
  expect(flag.error).toBeUndefined();
});

afterAll(async () => {
  await mail?.stop();
});

describe('correo personal: conectar una casilla por IMAP y SMTP', () => {
  it('un usuario o contraseña rechazados se explican en español y no guardan nada', async () => {
    const refused = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({ password: 'equivocada' }),
    );
    expect(refused.error?.data.domainCode).toBe('EMAIL_AUTH_FAILED');
    expect(refused.error?.message).toBe(
      'El servidor IMAP rechazó el usuario o la contraseña. Revisa la contraseña; si tu correo usa verificación en dos pasos, crea una contraseña de aplicación.',
    );
    expect(await storedAccounts()).toEqual([]);
  });

  it('un servidor que no existe, una conexión segura que falla y una red privada se explican', async () => {
    const unknownHost = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({ imap: { host: 'imap.no-existe.invalid', port: 993, security: 'tls' } }),
    );
    expect(unknownHost.error?.data.domainCode).toBe('EMAIL_HOST_NOT_FOUND');
    expect(unknownHost.error?.message).toBe(
      'No se encontró el servidor IMAP "imap.no-existe.invalid". Revisa su nombre.',
    );

    // SSL/TLS chosen against a server that speaks plain IMAP on that port.
    const tls = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({ imap: { host: '127.0.0.1', port: mail.imapPort, security: 'tls' } }),
    );
    expect(tls.error?.data.domainCode).toBe('EMAIL_TLS_FAILED');
    expect(tls.error?.message).toBe(
      'No se pudo establecer una conexión segura con 127.0.0.1. Revisa el puerto y la seguridad (SSL/TLS o STARTTLS).',
    );

    // The SMTP server is checked too: a port nobody listens on.
    const closed = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({ smtp: { host: '127.0.0.1', port: 1, security: 'none' } }),
    );
    expect(closed.error?.data.domainCode).toBe('EMAIL_SERVER_UNREACHABLE');
    expect(closed.error?.message).toContain('El servidor SMTP "127.0.0.1" no respondió.');

    // A private address the operator did not exempt: the outbound guard refuses it.
    const privateHost = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({ imap: { host: '10.0.0.7', port: 143, security: 'none' } }),
    );
    expect(privateHost.error?.data.domainCode).toBe('OUTBOUND_URL_NOT_ALLOWED');

    const badInput = await env.call(
      SELLER,
      'email.connectImap',
      connectInput({
        address: 'no-es-un-correo',
        imap: { host: 'imap/x', port: 0, security: 'x' },
      }),
    );
    expect(badInput.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(badInput.error?.data.fieldErrors).toMatchObject({
      address: ['Correo electrónico inválido'],
      'imap.host': ['Escribe solo el nombre del servidor, por ejemplo imap.tudominio.com.'],
    });
    expect(await storedAccounts()).toEqual([]);
  });

  it('con la contraseña correcta se conecta: la contraseña queda sellada, nunca se devuelve, y se audita', async () => {
    const connected = await env.call(SELLER, 'email.connectImap', connectInput());
    expect(connected.error).toBeUndefined();
    expect(connected.data).toMatchObject({
      provider: 'imap',
      address: MAILBOX.address,
      status: 'connected',
      username: MAILBOX.address,
      imap: { host: '127.0.0.1', port: mail.imapPort, security: 'none' },
    });
    expect(JSON.stringify(connected.data)).not.toContain(MAILBOX.password);

    const [row] = await storedAccounts();
    expect(row!.userId).toBe(env.demo.users[SELLER]!.id);
    expect(row!.secrets).toMatch(/^v1\./);
    expect(row!.secrets).not.toContain(MAILBOX.password);

    const listed = await env.rest<Array<{ id: string; address: string }>>(
      SELLER,
      'GET',
      '/api/nylas',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((account) => account.address)).toEqual([MAILBOX.address]);
    expect(JSON.stringify(listed.body)).not.toContain(MAILBOX.password);

    const again = await env.call(SELLER, 'email.connectImap', connectInput());
    expect(again.error?.data.domainCode).toBe('EMAIL_ACCOUNT_EXISTS');

    // Its first sync is queued with it; another while it waits is not queued again.
    const waiting = async () => {
      const result = await env.database.handle.db.execute(
        sql`select count(*)::int as n from pgboss.job
          where name = 'email.sync' and data->>'accountId' = ${row!.id} and state = 'created'`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    };
    expect(await waiting()).toBe(1);
    await env.app.deps.jobs.send(
      syncMailboxJob,
      { tenantId: env.demo.demo.id, accountId: row!.id },
      { singletonKey: row!.id },
    );
    expect(await waiting()).toBe(1);

    const [entry] = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, env.demo.demo.id), eq(auditLog.targetId, row!.id)));
    expect(entry).toMatchObject({
      action: 'emailAccount.connect',
      after: { email: MAILBOX.address, provider: 'imap' },
    });
    expect(JSON.stringify(entry)).not.toContain(MAILBOX.password);
  });

  it('la firma guarda solo el formato; otro usuario no ve ni cambia la casilla', async () => {
    const [row] = await storedAccounts();
    const signed = await env.rest<{ signature: string }>(SELLER, 'PATCH', '/api/nylas', {
      id: row!.id,
      signature:
        '<p><b>Juan</b> <span style="color:#c00;position:fixed">Ventas</span></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    });
    expect(signed.status).toBe(200);
    expect(signed.body.signature).toBe(
      '<p><b>Juan</b> <span style="color:#c00">Ventas</span></p><a target="_blank" rel="noopener noreferrer">x</a>',
    );

    expect((await env.call(OTHER_SELLER, 'email.accounts')).data).toEqual([]);
    const foreign = await env.call(OTHER_SELLER, 'email.disconnect', { id: row!.id });
    expect(foreign.error?.data.domainCode).toBe('EMAIL_ACCOUNT_NOT_FOUND');
    const foreignSignature = await env.call(OTHER_SELLER, 'email.updateSignature', {
      id: row!.id,
      signature: 'Otra',
    });
    expect(foreignSignature.error?.data.domainCode).toBe('EMAIL_ACCOUNT_NOT_FOUND');
    expect((await storedAccounts()).length).toBe(1);
  });

  it('el correo de un contacto llega a su conversación una vez; el de una dirección desconocida no crea nada', async () => {
    const customer = { address: 'cliente@cliente.test', password: 'clave-cliente' };
    mail.addUser(customer);
    const contactId = await createMailContact(env, {
      firstName: 'Clara',
      lastName: 'Correa',
      phone: '091555123',
      email: 'Cliente@Cliente.test',
    });
    const [row] = await storedAccounts();

    // The customer writes from their own mail program, through their SMTP server.
    const customerSmtp = mailProgramOf(mail, customer);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const sent = await customerSmtp.sendMail({
      from: '"Clara Correa" <cliente@cliente.test>',
      to: MAILBOX.address,
      subject: 'Presupuesto de la heladera',
      text: 'Hola, ¿me confirman el precio?\n\nEl lun, 3 nov 2025 a las 10:00, Ventas escribió:\n> Le enviamos el presupuesto',
      html: '<p onclick="alert(1)">Hola, <b>¿me confirman el precio?</b></p><script>alert(2)</script><img src="https://rastreo.example/pixel.gif">',
      attachments: [
        { filename: 'presupuesto firmado.pdf', content: pdf, contentType: 'application/pdf' },
      ],
    });
    // A stranger's mail: no contact has the address.
    const stranger = { address: 'desconocido@otro.test', password: 'x' };
    mail.addUser(stranger);
    await mailProgramOf(mail, stranger).sendMail({
      from: stranger.address,
      to: MAILBOX.address,
      subject: 'Oferta',
      text: 'Hola',
    });

    await runJob(syncMailboxJob, { tenantId: env.demo.demo.id, accountId: row!.id }, env.app.deps);
    const emails = (await env.interactionsOf(contactId)).filter((item) => item.type === 'email');
    expect(emails).toHaveLength(1);
    const item = emails[0]!;
    expect(item.agentId).toBeNull();
    const content = ZEmailContent.parse(item.content);
    expect(content).toMatchObject({
      subject: 'Presupuesto de la heladera',
      origin: 'contact',
      from: { email: 'cliente@cliente.test', name: 'Clara Correa' },
      recipients: [{ email: MAILBOX.address }],
      messageId: sent.messageId,
      threadId: sent.messageId,
      accountId: row!.id,
      resume: 'Hola, ¿me confirman el precio?',
    });
    // Inert: no script, no handler; the tracking pixel is not loaded until the user asks.
    expect(content.body).toBe(
      '<p>Hola, <b>¿me confirman el precio?</b></p><img data-remote-src="https://rastreo.example/pixel.gif" />',
    );
    expect(content.attachments).toMatchObject([
      { filename: 'presupuesto firmado.pdf', size: pdf.length, mimeType: 'application/pdf' },
    ]);
    const stored = await fetch(content.attachments[0]!.url!, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(pdf)).toBe(true);
    // The stranger's mail created no contact: it waits in 'Correo personal' for one.
    expect(
      await env.demoContacts(sql`${contacts.emails} @> array['desconocido@otro.test']::text[]`),
    ).toEqual([]);
    const unknown = await env.call(SELLER, 'email.unknownMail');
    expect(unknown.data).toMatchObject([
      { fromEmail: 'desconocido@otro.test', subject: 'Oferta', resume: 'Hola' },
    ]);
    expect((await env.call(OTHER_SELLER, 'email.unknownMail')).data).toEqual([]);
    // Before a contact has the address, nothing can be brought.
    const early = await env.call(SELLER, 'email.bringUnknownMail', {
      address: 'desconocido@otro.test',
    });
    expect(early.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    // 'Crear contacto': the mail is read again and lands on the new contact's timeline.
    const newcomer = await createMailContact(env, {
      firstName: 'Desconocido',
      lastName: 'Nuevo',
      phone: '091555124',
      email: 'desconocido@otro.test',
    });
    const brought = await env.call(SELLER, 'email.bringUnknownMail', {
      address: 'Desconocido@otro.test',
    });
    expect(brought.data).toEqual({ contactId: newcomer, stored: 1 });
    const strangerMail = (await env.interactionsOf(newcomer)).filter(
      (item) => item.type === 'email',
    );
    expect(strangerMail.map((item) => ZEmailContent.parse(item.content).subject)).toEqual([
      'Oferta',
    ]);
    expect((await env.call(SELLER, 'email.unknownMail')).data).toEqual([]);

    // Synced again, and the same mail delivered twice more: still one item.
    await mail.deliver(customer.address, MAILBOX.address, (await lastRaw(customer.address))!);
    await runJob(syncMailboxJob, { tenantId: env.demo.demo.id, accountId: row!.id }, env.app.deps);
    await runJob(syncMailboxJob, { tenantId: env.demo.demo.id, accountId: row!.id }, env.app.deps);
    const again = await env.database.handle.db
      .select({ id: interactions.id })
      .from(interactions)
      .where(and(eq(interactions.contactId, contactId), eq(interactions.type, 'email')));
    expect(again).toHaveLength(1);
    const [synced] = await storedAccounts();
    expect(synced!.syncState.INBOX?.lastUid).toBe(3);

    // The seller answers from their own mail program: it sends through SMTP and keeps a copy in
    // its Sent folder, which the next sync reads.
    const reply = {
      from: MAILBOX.address,
      to: '"Clara Correa" <cliente@cliente.test>',
      subject: 'RE: Presupuesto de la heladera',
      text: 'Sí, el precio es el del presupuesto.',
      inReplyTo: sent.messageId,
      references: [sent.messageId],
    };
    await mailProgramOf(mail, MAILBOX).sendMail(reply);
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port: mail.imapPort,
      secure: false,
      auth: { user: MAILBOX.address, pass: MAILBOX.password },
      logger: false,
    });
    await imap.connect();
    await imap.append('Sent', (await lastRaw(MAILBOX.address))!, ['\\Seen']);
    await imap.logout();
    await runJob(syncMailboxJob, { tenantId: env.demo.demo.id, accountId: row!.id }, env.app.deps);
    const thread = (await env.interactionsOf(contactId)).filter((each) => each.type === 'email');
    expect(thread).toHaveLength(2);
    const answer = thread.find((each) => ZEmailContent.parse(each.content).origin === 'agent')!;
    expect(answer.agentId).toBe(env.demo.users[SELLER]!.id);
    expect(ZEmailContent.parse(answer.content)).toMatchObject({
      subject: 'RE: Presupuesto de la heladera',
      threadId: sent.messageId,
      recipients: [{ email: 'cliente@cliente.test', name: 'Clara Correa' }],
    });
  });

  it('desconectar borra la casilla y su contraseña; sin la funcionalidad nada responde', async () => {
    const [row] = await storedAccounts();
    const out = await env.rest<{ ok: boolean }>(SELLER, 'POST', '/api/nylas/logoutV3', {
      id: row!.id,
    });
    expect(out).toEqual({ status: 200, body: { ok: true } });
    expect(await storedAccounts()).toEqual([]);

    await env.call(ADMIN, 'admin.setFlag', {
      groupId: env.demo.demo.id,
      flag: 'personalEmail',
      value: null,
    });
    const off = await env.call(SELLER, 'email.accounts');
    expect(off.error?.data.domainCode).toBe('DISABLED_FEATURE');
    const connect = await env.call(SELLER, 'email.connectImap', connectInput());
    expect(connect.error?.data.domainCode).toBe('DISABLED_FEATURE');
    expect(await storedAccounts()).toEqual([]);
  });
});
