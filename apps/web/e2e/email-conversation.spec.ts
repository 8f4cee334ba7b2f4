import { es, format } from '@cartera/domain/i18n';
import {
  folderOf,
  mailProgramOf,
  startTestMailServer,
  type TestMailServer,
} from '../../server/src/testing/mail-server';
import {
  advanceServerClock,
  expect,
  settle,
  signIn,
  personalEmailFlag,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
} from './fixtures';
import { clearSellerMailboxes, connectMailbox } from './mailbox';

const t = es.email;
const c = es.conversation.composer;
/** A 1×1 PNG picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const MAILBOX = { address: 'vendedor@correo.test', password: 'clave-de-aplicacion' };
const CUSTOMER = { address: 'cliente@cliente.test', password: 'clave-cliente' };
/** Someone none of the seller's contacts is yet. */
const STRANGER = { address: 'nuevo@cliente.test', password: 'clave-nuevo' };

let mail: TestMailServer;

test.beforeAll(async () => {
  mail = await startTestMailServer();
  // Every mailbox before the first sign-in (Dovecot rereads its users by the second).
  mail.addUser(MAILBOX);
  mail.addUser(CUSTOMER);
  mail.addUser(STRANGER);
});

test.afterAll(async () => {
  await mail?.stop();
});

/**
 * Personal e-mail in the conversation (issue #38), against a real Dovecot and SMTP server on
 * 127.0.0.1 and the worker's server with its jobs: the customer's mail arrives live (IMAP IDLE),
 * the seller answers it with a PDF, schedules another mail for later (the server's clock moved
 * ahead through the tests' seam), and both reach the customer's mailbox with their states; the
 * customer's answer marks the reply answered.
 */
test('el correo del cliente llega en vivo, el vendedor responde con un PDF, programa otro y ambos llegan', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  await personalEmailFlag(page, 1);
  try {
    await signIn(page, 'vendedor@demo.test');
    const lastName = uniqueLetters();
    const { id } = await trpcMutation<{ id: string }>(page, 'contact.create', {
      firstName: 'Clienta',
      lastName,
      phones: [{ phone: uniqueMobile(), extensionNumber: '' }],
      emails: [CUSTOMER.address],
    });
    // The seller connects the mailbox in 'Ajustes', as a user does.
    await connectMailbox(page, mail, MAILBOX);
    await trpcMutation(page, 'template.create', {
      scope: 'personal',
      values: {
        type: 'email',
        title: `Propuesta ${lastName}`,
        subject: 'Propuesta para mañana',
        message: '<p>Le escribo mañana con la <b>propuesta</b>.</p>',
      },
    });
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('rastreo.example')) remoteRequests.push(request.url());
    });
    await page.goto(`/contact?id=${id}`);
    await expect(page.getByRole('heading', { name: `Clienta ${lastName}` })).toBeVisible();

    // The customer writes from their own mail program: the mail appears on the open screen.
    await mailProgramOf(mail, CUSTOMER).sendMail({
      from: `"Clienta ${lastName}" <${CUSTOMER.address}>`,
      to: MAILBOX.address,
      subject: 'Consulta por el presupuesto',
      html:
        '<p onclick="window.hacked = 3">Hola, ¿me <b>envían</b> el presupuesto?</p>' +
        '<script>window.hacked = 1</script>' +
        '<img src="https://rastreo.example/pixel.gif" onerror="window.hacked = 2">',
    });
    const item = (subject: string) =>
      page.getByTestId('timeline-item').filter({ has: page.getByText(subject, { exact: true }) });
    const received = item('Consulta por el presupuesto');
    await expect(received).toBeVisible({ timeout: 30_000 });
    await expect(received.getByRole('img', { name: t.bubble.status.received })).toBeVisible();
    // Inert: no script or handler ran, and the remote picture waits for 'Mostrar imágenes'.
    await expect(received.getByText(t.bubble.imagesBlocked)).toBeVisible();
    await received.getByText('el presupuesto?', { exact: false }).click();
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    expect(remoteRequests).toEqual([]);

    // The reply, with a PDF: in its thread, from the mailbox it came to.
    await received.getByRole('button', { name: t.bubble.reply }).click();
    const form = page.getByTestId('email-composer');
    await expect(form.getByTestId('email-replying')).toBeVisible();
    await expect(form.getByRole('combobox', { name: t.composer.from, exact: true })).toBeDisabled();
    await expect(form.getByRole('textbox', { name: t.composer.subject })).toHaveValue(
      'RE: Consulta por el presupuesto',
    );
    await form.getByRole('textbox', { name: t.composer.body }).click();
    await page.keyboard.type('Hola, le adjunto el presupuesto.');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await form.getByTestId('composer-file-input').setInputFiles({
      name: 'presupuesto.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await expect(form.getByText(/Listo ·/)).toBeVisible();
    await form.getByRole('button', { name: t.composer.send }).click();
    await expect(page.getByText(t.composer.sent)).toBeVisible();
    const reply = item('RE: Consulta por el presupuesto');
    await expect(reply.getByRole('img', { name: t.bubble.status.sent })).toBeVisible({
      timeout: 20_000,
    });
    await expect(reply.getByRole('link', { name: 'presupuesto.pdf' })).toBeVisible();

    // A new mail for in an hour: scheduled, then sent when the server's clock gets there.
    await page.getByRole('tab', { name: t.composer.tab }).click();
    // To starts with the contact (named; the only address, so not removable).
    await expect(form.getByText(`Clienta ${lastName}`, { exact: true })).toBeVisible();
    // From one of the seller's e-mail templates: its subject and text fill the mail.
    await form.getByRole('button', { name: t.composer.templates }).click();
    await page.getByRole('textbox', { name: t.composer.templatesSearch }).fill(lastName);
    await page.getByRole('button', { name: new RegExp(`Propuesta ${lastName}`) }).click();
    await expect(form.getByRole('textbox', { name: t.composer.subject })).toHaveValue(
      'Propuesta para mañana',
    );
    await expect(form.getByRole('textbox', { name: t.composer.body })).toContainText(
      'Le escribo mañana con la propuesta.',
    );
    await form.getByRole('button', { name: c.schedule }).click();
    const dialog = page.getByRole('dialog', { name: c.scheduleTitle });
    await dialog
      .getByRole('button', { name: es.conversation.actions.reminderChoices['1h'] })
      .click();
    await dialog.getByRole('button', { name: c.scheduleConfirm }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByTestId('scheduled-chip')).toBeVisible();
    await form.getByRole('button', { name: t.composer.send }).click();
    const scheduled = page
      .getByTestId('scheduled-message')
      .filter({ hasText: 'Propuesta para mañana' });
    await expect(scheduled).toHaveAttribute('data-status', 'active');

    await advanceServerClock(page, 2 * 60 * 60 * 1000);
    await expect(scheduled).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
    const later = item('Propuesta para mañana');
    await expect(later.getByRole('img', { name: t.bubble.status.sent })).toBeVisible({
      timeout: 20_000,
    });

    // Both are in the customer's mailbox; the reply in its thread with its PDF.
    await expect
      .poll(async () => (await folderOf(mail, CUSTOMER)).map((each) => each.subject).sort())
      .toEqual(['Propuesta para mañana', 'RE: Consulta por el presupuesto']);
    const inbox = await folderOf(mail, CUSTOMER);
    const answered = inbox.find((each) => each.subject === 'RE: Consulta por el presupuesto')!;
    expect(answered.inReplyTo).toBeTruthy();
    expect(answered.attachments.map((each) => each.content.equals(pdf))).toEqual([true]);

    // The customer answers the reply: it is marked answered, live.
    await mailProgramOf(mail, CUSTOMER).sendMail({
      from: CUSTOMER.address,
      to: MAILBOX.address,
      subject: 'RE: RE: Consulta por el presupuesto',
      text: 'Gracias, lo reviso. Le mando el plano.',
      inReplyTo: answered.messageId,
      references: [answered.inReplyTo!, answered.messageId!],
      attachments: [{ filename: 'plano.png', content: PNG, contentType: 'image/png' }],
    });
    await expect(reply.getByRole('img', { name: t.bubble.status.done })).toBeVisible({
      timeout: 30_000,
    });
    // The picture it brings is previewed, loaded from this server.
    const answer = item('RE: RE: Consulta por el presupuesto');
    const preview = answer.getByRole('img', {
      name: format(t.bubble.preview, { name: 'plano.png' }),
    });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1);
    await settle(page);
    await page.screenshot({ path: 'test-results/correo-conversacion.png' });

    // The thread's viewer: its three mails, oldest first, each whole.
    await answer.getByRole('button', { name: format(t.bubble.thread, { n: 3 }) }).click();
    const thread = page.getByRole('dialog', { name: t.bubble.threadTitle });
    await expect(thread.getByText(format(t.bubble.threadCount, { n: 3 }))).toBeVisible();
    await expect(
      thread.getByTestId('email-item').getByText(/^(RE: )*Consulta por el presupuesto$/),
    ).toHaveText([
      'Consulta por el presupuesto',
      'RE: Consulta por el presupuesto',
      'RE: RE: Consulta por el presupuesto',
    ]);
    await expect(thread.getByRole('link', { name: 'presupuesto.pdf' })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/correo-hilo.png' });
    // 'Responder' from the viewer closes it with the reply in the composer (a subject that
    // starts with 'RE: ' already keeps it).
    await thread.getByRole('button', { name: t.bubble.reply }).last().click();
    await expect(thread).toBeHidden();
    await expect(form.getByRole('textbox', { name: t.composer.subject })).toHaveValue(
      'RE: RE: Consulta por el presupuesto',
    );
    await form.getByRole('button', { name: t.composer.cancel }).click();

    // The seller keeps the thread out of the CRM: its three mails become private lines, live.
    await answer.getByRole('button', { name: t.bubble.keepOut }).click();
    const confirm = page.getByRole('dialog', { name: t.bubble.keepOutTitle });
    await expect(confirm.getByText(t.bubble.keepOutText)).toBeVisible();
    await confirm.getByRole('button', { name: t.bubble.keepOut }).click();
    await expect(page.getByText(t.bubble.keptOut)).toBeVisible();
    await expect(
      page.getByTestId('timeline-item').filter({ hasText: t.bubble.private }),
    ).toHaveCount(3);
    await expect(item('RE: Consulta por el presupuesto')).toHaveCount(0);
    await expect(later.getByTestId('email-item')).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/correo-privado.png' });

    // A mail from an address no contact has: in 'Ajustes', 'Crear contacto' with the sender's
    // name and address, and the mail moves to the new contact's conversation.
    const strangerName = `Nuevo ${uniqueLetters()}`;
    await mailProgramOf(mail, STRANGER).sendMail({
      from: `"${strangerName}" <${STRANGER.address}>`,
      to: MAILBOX.address,
      subject: 'Quiero una cotización',
      text: 'Hola, ¿me cotizan 10 unidades?',
    });
    await expect
      .poll(async () => (await trpcQuery<unknown[]>(page, 'email.unknownMail', undefined)).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await page.goto('/settings');
    const unknown = page.getByRole('region', { name: t.unknown.title });
    await expect(
      unknown.getByText('Quiero una cotización').filter({ visible: true }),
    ).toBeVisible();
    await settle(page);
    await unknown.screenshot({ path: 'test-results/correo-sin-contacto.png' });
    // On a phone the list fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await unknown.scrollIntoViewIfNeeded();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: 'test-results/correo-sin-contacto-telefono.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await unknown
      .getByRole('button', { name: `${t.unknown.createContact}: ${STRANGER.address}` })
      .click();
    const sheet = page.getByRole('dialog', { name: es.contacts.createTitle });
    const [first, last] = strangerName.split(' ');
    await expect(
      sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }),
    ).toHaveValue(first!);
    await expect(
      sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }),
    ).toHaveValue(last!);
    await sheet
      .getByRole('textbox', { name: format(es.contacts.phoneN, { n: 1 }), exact: true })
      .fill(uniqueMobile());
    await sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }).click();
    await expect(page.getByText(t.unknown.brought)).toBeVisible();
    await expect(page).toHaveURL(/\/contact\?/);
    await expect(page.getByRole('heading', { name: strangerName })).toBeVisible();
    await expect(item('Quiero una cotización')).toBeVisible();
    expect(browserErrors).toEqual([]);
  } finally {
    await clearSellerMailboxes(page);
  }
});
