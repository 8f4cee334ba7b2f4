import type { Page } from '@playwright/test';
import 'dayjs/locale/es.js';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { evolutionError } from '../../server/src/providers/evolution/evolution-simulator';
import {
  startEvolutionFake,
  type EvolutionFake,
} from '../../server/src/providers/evolution/evolution.fake';
import {
  browserToday,
  clientId,
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  unexpectedErrors,
  uniqueMobile,
} from './fixtures';

const text = es.channels.personalWhatsapp;
const channelTexts = es.channels;
const state = es.channels.state;
/** The global key of the gateway fake: the company's gateway channel is configured with it. */
const GATEWAY_KEY = 'e2e-gateway-key';
const SELLER_CHANNEL = 'WhatsApp de Valentín Vendedor';

const sessionSection = (page: Page) => page.getByRole('region', { name: text.title });
const disconnectedAlert = (page: Page) => page.getByTestId('disconnected-channels-alert');

let gateway: EvolutionFake;
test.beforeAll(async () => {
  gateway = await startEvolutionFake({ apiKey: GATEWAY_KEY });
});
test.afterAll(async () => {
  await gateway.stop();
});

/**
 * Runs first in its worker: the demo company has no gateway until the next test makes one (no
 * other file makes an 'unofficial_wpp' channel).
 */
test('sin pasarela en la empresa, la pantalla lo explica y no ofrece conectar', async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'vendedor@demo.test');
  await page.goto('/settings/new-whatsapp');
  const section = sessionSection(page);
  await expect(section.getByText(text.noGateway)).toBeVisible();
  await expect(section.getByText(state.disconnected, { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: text.connect })).toHaveCount(0);
  expect(browserErrors).toEqual([]);
});

/**
 * '/settings/new-whatsapp' (01 §2, issue #12): a seller links their own WhatsApp by scanning the
 * QR of the company's gateway (an Evolution API v2 fake on 127.0.0.1), follows its state live,
 * and the project manager's disconnected-channels alert appears when the gateway reports the
 * phone unlinked.
 */
test('un vendedor conecta su WhatsApp con el QR de la pasarela; al desconectarse el teléfono, proyectos ve la alerta', async ({
  page,
  signedInPage,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  // The project manager configures the company's gateway (its own number, already linked).
  await signIn(page, 'proyecto@demo.test');
  const company = await trpcMutation<{ webhookUrl: string }>(page, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Pasarela',
    config: { gatewayUrl: gateway.url, instanceName: 'empresa-e2e' },
    secrets: { apiKey: GATEWAY_KEY, instanceKey: 'empresa-e2e-token' },
  });
  gateway.simulator.addInstance('empresa-e2e', company.webhookUrl, 'empresa-e2e-token');
  expect((await gateway.open('empresa-e2e')).status).toBe(200);
  await page.goto('/');

  // The seller, in a browser of their own, reaches the screen from 'Configuración'.
  const seller = await signedInPage('vendedor@demo.test');
  const sellerErrors: string[] = [];
  seller.on('console', (message) => {
    if (message.type() === 'error') sellerErrors.push(message.text());
  });
  await seller.goto('/settings');
  await seller.getByRole('link', { name: text.settingsOpen }).click();
  await expect(seller).toHaveURL('/settings/new-whatsapp');
  await expect(seller.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
  const section = sessionSection(seller);
  await expect(section.getByText(state.disconnected, { exact: true })).toBeVisible();
  await expect(section.getByText(text.disconnected)).toBeVisible();

  // 'Conectar WhatsApp': the gateway makes the seller's instance and answers a QR to scan.
  await section.getByRole('button', { name: text.connect }).click();
  await expect(section.getByRole('heading', { name: text.scanTitle })).toBeVisible();
  await expect(section.getByRole('img', { name: text.qrAlt })).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  );
  await expect(section.getByText('WZYEH1YY')).toBeVisible();
  await expect(section.getByText(state.connecting, { exact: true })).toBeVisible();
  await expect(section.getByText(SELLER_CHANNEL)).toBeVisible();
  await settle(seller);
  await seller.screenshot({ path: 'test-results/personal-whatsapp-qr.png', fullPage: true });
  const instance = [...gateway.simulator.instances.keys()].find((name) =>
    name.startsWith('cartera-'),
  )!;
  expect(instance).toBeTruthy();

  // The phone scans it: the screen says so without a reload.
  expect((await gateway.open(instance)).status).toBe(200);
  await expect(section.getByText(text.connected)).toBeVisible();
  await expect(section.getByText(state.available, { exact: true })).toBeVisible();
  await expect(section.getByRole('img', { name: text.qrAlt })).toHaveCount(0);
  await settle(seller);
  await seller.screenshot({ path: 'test-results/personal-whatsapp-connected.png' });

  // The phone unlinks Cartera: the project manager's alert names the channel at once (no
  // reload: its own refresh is a minute away), and the seller's screen offers to reconnect.
  await expect(disconnectedAlert(page).filter({ hasText: SELLER_CHANNEL })).toHaveCount(0);
  expect((await gateway.close(instance, 401)).status).toBe(200);
  await expect(disconnectedAlert(page)).toContainText(SELLER_CHANNEL);
  await expect(disconnectedAlert(page)).toContainText(
    format(es.channels.sessionClosed, { code: '401' }),
  );
  await expect(section.getByRole('button', { name: text.connectAgain })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: 'test-results/personal-whatsapp-alert.png' });

  // Connected again, and the alert goes away.
  await section.getByRole('button', { name: text.connectAgain }).click();
  await expect(section.getByRole('img', { name: text.qrAlt })).toBeVisible();
  await gateway.open(instance);
  await expect(section.getByText(text.connected)).toBeVisible();
  await expect(disconnectedAlert(page).filter({ hasText: SELLER_CHANNEL })).toHaveCount(0);

  // 'Desconectar' asks first, then logs the phone out at the gateway.
  await section.getByRole('button', { name: text.disconnect }).click();
  const confirm = seller.getByRole('dialog', { name: text.disconnectTitle });
  await expect(confirm).toContainText(text.disconnectMessage);
  await confirm.getByRole('button', { name: text.disconnect }).click();
  await expect(confirm).toBeHidden();
  await expect(seller.getByText(text.disconnectedNotice)).toBeVisible();
  await expect(section.getByRole('button', { name: text.connectAgain })).toBeVisible();
  expect(gateway.simulator.instances.get(instance)!.state).toBe('close');
  expect(
    gateway.requests.some(
      (request) => request.method === 'DELETE' && request.path === `/instance/logout/${instance}`,
    ),
  ).toBe(true);

  expect(sellerErrors).toEqual([]);
  expect(browserErrors).toEqual([]);
});

/**
 * 03 §4, §6 (issue #13): the seller edits a message sent through the gateway within its 15
 * minutes and deletes it within the hour; the customer's phone changes first (the gateway
 * fake records it), a refusal says 'Error al editar el mensaje' and changes nothing.
 */
test('el vendedor edita su mensaje enviado y luego lo elimina; un rechazo de la pasarela no cambia nada', async ({
  page,
  browserErrors,
}) => {
  const chat = es.conversation.timeline.chat;
  await signIn(page, 'proyecto@demo.test');
  const channel = await trpcMutation<{ id: string; webhookUrl: string }>(page, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Mostrador',
    config: { gatewayUrl: gateway.url, instanceName: 'mostrador-e2e' },
    secrets: { apiKey: GATEWAY_KEY, instanceKey: 'mostrador-e2e-token' },
  });
  gateway.simulator.addInstance('mostrador-e2e', channel.webhookUrl, 'mostrador-e2e-token');
  expect((await gateway.open('mostrador-e2e')).status).toBe(200);

  await page.context().clearCookies();
  await signIn(page, 'vendedor@demo.test');
  const contact = await createTestContact(page, 'Edición');
  await trpcMutation(page, 'channel.sendMessage', {
    id: clientId(),
    contactId: contact.id,
    channelId: channel.id,
    text: 'El precio es 100',
  });
  await page.goto(`/contact?id=${contact.id}`);
  const bubble = page
    .getByTestId('timeline-item')
    .filter({ hasText: 'El precio es 100' })
    .locator('[data-delivery="sent"]');
  await expect(bubble).toBeVisible({ timeout: 15_000 });

  // The gateway refuses once: the dialog says so and the bubble keeps its text.
  gateway.simulator.failNext(evolutionError(500, 'Internal Server Error'));
  await bubble.hover();
  await bubble.getByRole('button', { name: chat.actions }).click();
  await page.getByRole('menuitem', { name: chat.edit }).click();
  const dialog = page.getByRole('dialog', { name: chat.editTitle });
  await dialog.getByRole('textbox', { name: chat.editLabel }).fill('El precio es 90');
  await dialog.getByRole('button', { name: chat.save }).click();
  await expect(dialog.getByRole('alert')).toHaveText(errorMessage('EDIT_MESSAGE_ERROR'));
  await dialog.getByRole('button', { name: chat.save }).click();
  await expect(dialog).toBeHidden();

  // The new text and 'Mensaje editado', which shows the text it had.
  const edited = page.getByTestId('timeline-item').filter({ hasText: 'El precio es 90' });
  await expect(edited.getByTestId('edited-mark')).toHaveText(chat.edited);
  expect(gateway.simulator.edits.map((each) => each.text)).toEqual(['El precio es 90']);
  await edited.getByTestId('edited-mark').click();
  await expect(page.getByRole('dialog').getByText('El precio es 100')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: 'test-results/mensaje-editado.png' });
  await page.keyboard.press('Escape');

  // Deleted for everyone, after confirming.
  await edited.hover();
  await edited.getByRole('button', { name: chat.actions }).click();
  await page.getByRole('menuitem', { name: chat.remove }).click();
  const confirm = page.getByRole('dialog', { name: chat.removeTitle });
  await expect(confirm).toContainText(chat.removeBody);
  await confirm.getByRole('button', { name: chat.remove }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('timeline-item').filter({ hasText: chat.deleted })).toBeVisible();
  await expect(page.getByText('El precio es 90')).toHaveCount(0);
  expect(gateway.simulator.deletions).toHaveLength(1);
  // The refused edit's 502 is the only error the browser saw.
  expect(unexpectedErrors(browserErrors, [502])).toEqual([]);
});

/**
 * Scheduled messages (02 §3, §5; 03 §4; issue #13): the seller picks a suggested time in the
 * composer, sees the chip, sends; the item waits on the timeline, is cancelled and restored; a
 * date already gone is refused with 'Fecha no válida'; one due in seconds is sent by the job at
 * its time and the screen follows without a reload.
 */
test('el vendedor programa un mensaje, lo cancela y lo restaura; otro sale solo a su hora', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  const c = es.conversation.composer;
  const s = es.conversation.scheduled;
  await signIn(page, 'proyecto@demo.test');
  const channel = await trpcMutation<{ id: string; webhookUrl: string }>(page, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Agenda',
    config: { gatewayUrl: gateway.url, instanceName: 'agenda-e2e' },
    secrets: { apiKey: GATEWAY_KEY, instanceKey: 'agenda-e2e-token' },
  });
  gateway.simulator.addInstance('agenda-e2e', channel.webhookUrl, 'agenda-e2e-token');
  expect((await gateway.open('agenda-e2e')).status).toBe(200);

  await signIn(page, 'vendedor@demo.test');
  const contact = await createTestContact(page, 'Agenda');
  await page.goto(`/contact?id=${contact.id}`);
  const composer = page.getByTestId('composer');
  await expect(composer.getByTestId('channel-tab')).toBeVisible();
  if (!(await composer.getByTestId('channel-tab').textContent())?.includes('WhatsApp Agenda')) {
    await composer.getByRole('button', { name: c.pickChannel }).click();
    await page.getByRole('menuitem', { name: 'WhatsApp Agenda' }).click();
  }
  await composer.getByTestId('composer-input').fill('Te escribo mañana temprano');
  await composer.getByRole('button', { name: c.schedule }).click();
  const dialog = page.getByRole('dialog', { name: c.scheduleTitle });

  // Today at a time already gone: refused, nothing set.
  await dialog.getByRole('button', { name: c.scheduleDate }).click();
  await page
    .getByRole('button', {
      name: (await browserToday(page)).locale('es').format('D MMMM YYYY'),
      exact: true,
    })
    .click();
  await page.getByRole('button', { name: es.conversation.actions.calendarConfirm }).click();
  await dialog.getByRole('button', { name: c.scheduleConfirm }).click();
  await expect(dialog.getByRole('alert')).toContainText(c.scheduleInvalidTitle);
  await expect(dialog.getByRole('alert')).toContainText(c.scheduleInvalid);

  // A suggested time: the chip shows it, and sending schedules instead of sending.
  await dialog.getByRole('button', { name: es.conversation.actions.reminderChoices['1h'] }).click();
  await dialog.getByRole('checkbox', { name: c.scheduleReminder }).check();
  await dialog.getByRole('button', { name: c.scheduleConfirm }).click();
  await expect(dialog).toBeHidden();
  await expect(composer.getByTestId('scheduled-chip')).toContainText('Programado:');
  await composer.getByRole('button', { name: c.send }).click();
  const waiting = page
    .getByTestId('scheduled-message')
    .filter({ hasText: 'Te escribo mañana temprano' });
  await expect(waiting).toHaveAttribute('data-status', 'active');
  await expect(waiting).toContainText(s.withReminder);
  await expect(composer.getByTestId('scheduled-chip')).toHaveCount(0);
  await expect(composer.getByTestId('composer-input')).toHaveValue('');

  await waiting.getByRole('button', { name: s.cancel }).click();
  await expect(waiting).toHaveAttribute('data-status', 'cancel');
  await waiting.getByRole('button', { name: s.undo }).click();
  await expect(waiting).toHaveAttribute('data-status', 'active');
  await page.reload();
  await expect(waiting).toHaveAttribute('data-status', 'active');
  await expect(waiting).toContainText(s.status.active!);

  // One due in a few seconds: the job sends it through the gateway, and the screen follows.
  await trpcMutation(page, 'channel.scheduleMessage', {
    id: clientId(),
    contactId: contact.id,
    channelId: channel.id,
    text: 'Ya casi es la hora',
    date: new Date(Date.now() + 3_000),
  });
  const due = page.getByTestId('scheduled-message').filter({ hasText: 'Ya casi es la hora' });
  await expect(due).toHaveAttribute('data-status', 'success', { timeout: 20_000 });
  // The message it became goes through the channel's outbox, with its own delivery status.
  await expect
    .poll(() => gateway.simulator.sent.some((each) => each.body.text === 'Ya casi es la hora'))
    .toBe(true);
  await expect(
    page
      .getByTestId('timeline-item')
      .filter({ hasText: 'Ya casi es la hora' })
      .locator('[data-delivery]'),
  ).toBeVisible();
  await settle(page);
  await page.screenshot({ path: 'test-results/mensajes-programados.png' });
  expect(browserErrors).toEqual([]);
});

/**
 * 03 §2.1 (issue #13): the composer's WhatsApp number picker for a contact with two phones,
 * 'Canales disponibles', and 'Cuenta de whatsapp desconectada' for a personal WhatsApp whose
 * phone has not scanned the QR.
 */
test('en el compositor: el número elegido, archivos, una nota de voz, los canales disponibles y el WhatsApp personal sin sesión', async ({
  page,
  browserErrors,
}) => {
  // Several sends through the outbox, two uploads and a recording: slower on a busy machine.
  test.setTimeout(90_000);
  const c = es.conversation.composer;
  await signIn(page, 'proyecto@demo.test');
  const channel = await trpcMutation<{ id: string; webhookUrl: string }>(page, 'channel.create', {
    type: 'unofficial_wpp',
    name: 'WhatsApp Números',
    config: { gatewayUrl: gateway.url, instanceName: 'numeros-e2e' },
    secrets: { apiKey: GATEWAY_KEY, instanceKey: 'numeros-e2e-token' },
  });
  gateway.simulator.addInstance('numeros-e2e', channel.webhookUrl, 'numeros-e2e-token');
  expect((await gateway.open('numeros-e2e')).status).toBe(200);

  await signIn(page, 'vendedor@demo.test');
  // His personal WhatsApp exists, but no phone scanned its QR (again).
  await trpcMutation(page, 'channel.connectWhatsapp', {});
  const [first, second] = [uniqueMobile(), uniqueMobile()];
  const contact = await createTestContact(page, 'Números', { phones: [first, second] });
  await page.goto(`/contact?id=${contact.id}`);
  const composer = page.getByTestId('composer');
  const pickChannel = async (name: string | RegExp) => {
    await composer.getByRole('button', { name: c.pickChannel }).click();
    await page.getByRole('menuitem', { name }).click();
  };

  await pickChannel(/^WhatsApp de .*\(desconectado\)$/);
  const disconnected = page.getByRole('dialog', { name: channelTexts.personalDisconnectedTitle });
  await expect(disconnected).toContainText(es.channels.personalDisconnected);
  await disconnected.getByRole('link', { name: es.channels.personalConnect }).click();
  await expect(page).toHaveURL('/settings/new-whatsapp');
  await page.goBack();

  // The second number: the message goes there.
  await pickChannel('WhatsApp Números');
  await composer.getByLabel(es.channels.phonePicker).click();
  await page.getByRole('option').nth(1).click();
  await composer.getByTestId('composer-input').fill('Te escribo a tu otro número');
  await composer.getByTestId('composer-input').press('Enter');
  await expect
    .poll(
      () =>
        gateway.simulator.sent.find((each) => each.body.text === 'Te escribo a tu otro número')
          ?.body.number,
      { timeout: 20_000 },
    )
    .toBe(`598${second.slice(1)}`);

  // A file chosen and one pasted (02 §5), each uploaded with its progress, go as media; the
  // text is the first one's caption.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await composer
    .getByTestId('composer-file-input')
    .setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: png });
  await composer.getByTestId('composer-input').evaluate(
    (field, bytes) => {
      const pasted = new DataTransfer();
      pasted.items.add(new File([new Uint8Array(bytes)], 'pegada.png', { type: 'image/png' }));
      field.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }),
      );
    },
    [...png],
  );
  const files = composer.getByRole('list', { name: es.conversation.composer.attachments });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByText(/^Listo/)).toHaveCount(2);
  await composer.getByTestId('composer-input').fill('Las fotos del catálogo');
  await composer.getByTestId('composer-input').press('Enter');
  await expect(files).toHaveCount(0);
  // Each file is its own message through the outbox: they may reach the gateway in any order.
  await expect
    .poll(
      () =>
        gateway.simulator.sent
          .filter((each) => each.path === 'sendMedia' && each.instance === 'numeros-e2e')
          .map((each) => `${String(each.body.fileName)}|${String(each.body.caption ?? '')}`)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(['catalogo.png|Las fotos del catálogo', 'pegada.png|']);
  await expect(page.getByTestId('timeline').getByTestId('chat-media')).toHaveCount(2, {
    timeout: 20_000,
  });

  // A voice note from Chromium's fake microphone: recorded, sent as audio/mpeg at 44,100 Hz.
  await composer.getByRole('button', { name: es.conversation.composer.voiceRecord }).click();
  await expect(composer.getByTestId('voice-recording').getByRole('status')).toHaveText(
    /Grabando 0:(0[1-9]|[1-5]\d)/,
  );
  await composer.getByRole('button', { name: es.conversation.composer.voiceSend }).click();
  await expect
    .poll(
      () =>
        gateway.simulator.sent.find(
          (each) => each.path === 'sendMedia' && each.body.mediatype === 'audio',
        )?.body,
      { timeout: 20_000 },
    )
    .toMatchObject({
      mimetype: 'audio/mpeg',
      fileName: expect.stringMatching(/^nota-de-voz-.*\.mp3$/),
    });
  const voice = gateway.simulator.sent.find((each) => each.body.mediatype === 'audio')!;
  const mp3 = Buffer.from(await (await page.request.get(voice.body.media as string)).body());
  // An MPEG-1 Layer III frame at 44,100 Hz (sync bits, then the sample-rate index 0).
  const frame = mp3.indexOf(Buffer.from([0xff, 0xfb]));
  expect(frame).toBeGreaterThanOrEqual(0);
  expect((mp3[frame + 2]! >> 2) & 0b11).toBe(0);
  await expect(page.getByTestId('timeline').locator('audio')).toHaveCount(1);

  // 'Canales disponibles': the company's channels with their state, WhatsApp's chat link.
  await composer.getByRole('button', { name: c.pickChannel }).click();
  await page.getByRole('menuitem', { name: es.channels.availableOpen }).click();
  const available = page.getByRole('dialog', { name: es.channels.availableTitle });
  const row = available.getByText('WhatsApp Números').locator('xpath=ancestor::div[2]');
  await expect(row).toContainText(es.channels.availableActive);
  await expect(row.getByRole('link', { name: es.channels.availableOpenChat })).toHaveAttribute(
    'href',
    `https://wa.me/${`598${second.slice(1)}`}`,
  );
  await settle(page);
  await page.screenshot({ path: 'test-results/canales-disponibles.png' });
  expect(browserErrors).toEqual([]);
});
