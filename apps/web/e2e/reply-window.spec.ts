import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  demoSandbox,
  expect,
  settle,
  signIn,
  test,
  uniqueMobile,
} from './fixtures';

const w = es.channels.replyWindow;
const sandboxName = es.channels.sandbox.channelName;
const TEMPLATE_TEXT = 'Hola Paula, te escribimos de nuevo por tu consulta. ¿Seguimos conversando?';

const timeline = (page: Page) => page.getByTestId('timeline');
const bubble = (page: Page, text: string) =>
  timeline(page).getByTestId('timeline-item').filter({ hasText: text });

/**
 * WhatsApp's 24-hour window in the composer (03 §4, issue #13 §2) on the demo's 'Canal de
 * prueba': a customer who has not written gets only an approved template; their answer opens the
 * window and the free-text input comes back with its countdown.
 */
test('fuera de las 24 horas solo se envía una plantilla; cuando el cliente responde vuelve el texto libre', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'comercial@demo.test');
  const { key } = await demoSandbox(page);
  const mobile = uniqueMobile();
  const contact = await createTestContact(page, 'Paula', { phones: [mobile] });
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name })).toBeVisible();

  // She never wrote through the channel: the input gives way to the approved templates.
  await page.getByRole('tab', { name: sandboxName }).click();
  const composer = page.getByTestId('composer');
  await expect(composer.getByText(w.whatsappClosed)).toBeVisible();
  await expect(composer.getByTestId('composer-input')).toHaveCount(0);
  await composer.getByRole('combobox', { name: w.template }).click();
  await page.getByRole('option', { name: 'retomar_conversacion (es)' }).click();
  const send = composer.getByRole('button', { name: w.sendTemplate });
  await expect(send).toBeDisabled();
  await composer.getByRole('textbox', { name: format(w.parameter, { n: 1 }) }).fill('Paula');
  await expect(composer.getByTestId('template-preview')).toHaveText(TEMPLATE_TEXT);
  await settle(page);
  await page.screenshot({ path: 'test-results/reply-window-template.png' });
  await send.click();
  await expect(bubble(page, TEMPLATE_TEXT)).toHaveAttribute('data-side', 'out');

  // She answers from her phone (the sandbox's customer page): free text again, for 24 hours.
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${key}/messages`, {
    data: { phone: `+598${mobile.slice(1)}`, name: 'Paula', text: 'Sí, sigamos' },
  });
  expect(wrote.status()).toBe(201);
  await expect(bubble(page, 'Sí, sigamos')).toHaveAttribute('data-side', 'in');
  const input = composer.getByTestId('composer-input');
  await expect(input).toBeVisible();
  await expect(composer.getByTestId('reply-window-countdown')).toHaveText(
    new RegExp(`^${w.closesIn.replace('{time}', '(24 h|23 h 59 min)')}$`),
  );
  await expect(composer.getByText(w.whatsappClosed)).toHaveCount(0);
  await input.fill('¡Genial! Te paso los precios.');
  await input.press('Enter');
  await expect(bubble(page, '¡Genial! Te paso los precios.')).toHaveAttribute('data-side', 'out');
  await settle(page);
  await page.screenshot({ path: 'test-results/reply-window-open.png' });
  expect(browserErrors).toEqual([]);
});
