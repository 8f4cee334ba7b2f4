import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { createTestContact, demoSandbox, expect, signIn, test, uniqueMobile } from './fixtures';

/**
 * Issue #31 §11: the demo's 'Canal de prueba' customer page plays a real customer. From a
 * Mexican mobile as WhatsApp writes it (`521` + ten digits) the customer writes, taps a
 * quick-reply button and a list row and shares a place; the seller reads the words, the titles
 * tapped and the place with its map link in the conversation of the contact saved with the `52`
 * number, and the customer sees the ticks turn blue and the seller's answer with its time.
 */

const text = es.channels.sandbox;
const parts = es.conversation.timeline.chat.parts;
const sandboxName = text.channelName;

const bubble = (page: Page, content: string) =>
  page.getByTestId('timeline').getByTestId('timeline-item').filter({ hasText: content });

test('el cliente responde con un botón, comparte su ubicación y escribe desde un número mexicano 521; el vendedor lo lee en el contacto del 52', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'comercial@demo.test');
  const sandbox = await demoSandbox(page);
  // Ten Mexican digits unique to this run: saved as +52, written by WhatsApp as 521.
  const ten = `551${uniqueMobile().slice(2)}`;
  const contact = await createTestContact(page, 'Mariana', {
    phones: [`+52 ${ten.slice(0, 2)} ${ten.slice(2, 6)} ${ten.slice(6)}`],
  });

  // The customer's phone: the sandbox page at a phone's width.
  const phone = await page.context().newPage();
  const phoneErrors: string[] = [];
  phone.on('pageerror', (error) => phoneErrors.push(error.message));
  phone.on('console', (message) => {
    if (message.type() === 'error') phoneErrors.push(message.text());
  });
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(new URL(sandbox.sandboxUrl).pathname);
  await expect(phone.getByRole('heading', { name: text.pageTitle })).toBeVisible();

  // She picks Mexico's WhatsApp format and writes from her own number in it.
  await phone.getByLabel(text.numberFormat).selectOption({ label: text.numberFormats.mx521 });
  const number = phone.getByLabel(text.phone);
  await expect(number).toHaveValue('+521 55 1234 5678');
  await number.fill(`+521 ${ten.slice(0, 2)} ${ten.slice(2, 6)} ${ten.slice(6)}`);
  await number.press('Tab');
  // Typed by hand, the number still reads as Mexico's WhatsApp format.
  await expect(phone.getByLabel(text.numberFormat)).toHaveValue('+521 55 1234 5678');
  await phone.getByLabel(text.name).fill('Mariana');
  const messages = phone.getByRole('list', { name: text.pageTitle });
  const mine = (content: string) => messages.locator('li.customer').filter({ hasText: content });
  await phone.getByLabel(text.message).fill('Hola, les escribo desde México');
  await phone.getByLabel(text.message).press('Enter');
  await expect(mine('Hola, les escribo desde México')).toBeVisible();

  // She taps a quick-reply button and a list row, and shares a place.
  const quick = phone.getByRole('region', { name: text.quickRepliesTitle });
  await quick.getByRole('button', { name: text.quickReplies.yes }).click();
  await expect(mine(text.quickReplies.yes)).toContainText(text.tapped);
  await quick.getByText(text.listTitle).click();
  await quick.getByRole('button', { name: text.quickReplies.delivery }).click();
  await expect(mine(text.quickReplies.delivery)).toContainText(text.chosen);
  await phone.getByRole('button', { name: text.shareLocation }).click();
  await phone.getByLabel(text.place, { exact: true }).selectOption({ label: 'Zócalo' });
  await expect(phone.getByLabel(text.address)).toHaveValue(
    'Plaza de la Constitución, Ciudad de México',
  );
  await phone.screenshot({ path: 'test-results/sandbox-customer-place.png', fullPage: true });
  await phone.getByRole('button', { name: text.sendLocation }).click();
  const place = mine('Zócalo');
  await expect(place.getByRole('link', { name: text.openMap })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=19\.432600&mlon=-99\.133200/,
  );
  // On the seller's timeline: two ticks, each with its time.
  await expect(place.locator('[data-status="delivered"]')).toBeVisible();
  await expect(place.locator('time')).toHaveText(/^\d{2}:\d{2}$/);

  // The seller reads all three in the conversation of the contact saved with +52.
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name })).toBeVisible();
  await expect(bubble(page, 'Hola, les escribo desde México')).toHaveAttribute('data-side', 'in');
  const button = bubble(page, text.quickReplies.yes);
  await expect(button.getByTestId('chat-choice')).toHaveText(parts.choice.button_reply!);
  await expect(bubble(page, text.quickReplies.delivery).getByTestId('chat-choice')).toHaveText(
    `${parts.choice.list_reply!} · ${text.quickReplies.deliveryHint}`,
  );
  const shared = bubble(page, 'Zócalo').getByTestId('chat-location');
  await expect(shared).toContainText('Plaza de la Constitución, Ciudad de México');
  await expect(shared.getByRole('link', { name: parts.openMap })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=19.432600&mlon=-99.133200#map=17/19.432600/-99.133200',
  );
  await expect(page.getByTestId('timeline')).not.toContainText(/\[[A-Za-z_]+\]/);

  // He answers on the channel: it reaches the number she wrote from; her ticks turned blue.
  await page.getByRole('tab', { name: sandboxName }).click();
  const input = page.getByTestId('composer').getByTestId('composer-input');
  await input.fill('¡Hola Mariana! Te lo enviamos mañana.');
  await input.press('Enter');
  await expect(bubble(page, '¡Hola Mariana! Te lo enviamos mañana.')).toHaveAttribute(
    'data-side',
    'out',
  );
  const answer = messages.locator('li.company').filter({ hasText: 'Te lo enviamos mañana' });
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(
    mine('Hola, les escribo desde México').locator('[data-status="read"]'),
  ).toBeVisible();
  await expect(place.locator('[data-status="read"]')).toBeVisible();

  await phone.screenshot({ path: 'test-results/sandbox-customer-phone.png', fullPage: true });
  await phone.setViewportSize({ width: 1280, height: 900 });
  await phone.screenshot({ path: 'test-results/sandbox-customer-desk.png', fullPage: true });
  expect(phoneErrors).toEqual([]);
  expect(browserErrors).toEqual([]);
});
