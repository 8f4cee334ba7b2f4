import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import {
  createTestContact,
  demoSandbox,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcQuery,
  uniqueMobile,
} from './fixtures';

/**
 * Offline (issue #33 item 7): with the browser context offline the app stays on screen (a banner
 * says so), a screen never opened before shows a retrying error view instead of the browser's
 * error page, and a message and a note written meanwhile wait on the timeline and are delivered
 * once each, in order, when the network returns. As a seller of the test's own, so no toast or
 * unread count reaches another test's demo seller.
 */
test.afterEach(({ page }) => retireNewSellers(page));

const sandboxName = es.channels.sandbox.channelName;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });
const timeline = (page: Page) => page.getByTestId('timeline');
const item = (page: Page, text: string) =>
  timeline(page).getByTestId('timeline-item').filter({ hasText: text });
/** The item's local state (on its way, failed), absent once stored. */
const localStatus = (page: Page, text: string) => item(page, text).locator('[data-local-status]');

interface StoredItem {
  id: string;
  type: string;
  createdAt: string;
  content: { body?: string; message?: { text?: string } };
}

test('sin conexión la app sigue en pantalla y lo escrito se envía una vez, en orden, al volver', async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const page = await newSellerPage(admin, browser, baseURL, { name: 'Olivia', lastname: 'Sinred' });
  const context = page.context();
  const browserErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') browserErrors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => browserErrors.push(`page: ${error.message}`));
  await signIn(admin, 'comercial@demo.test');
  const { key } = await demoSandbox(admin);
  const mobile = uniqueMobile();
  const contact = await createTestContact(page, 'Sofía', { phones: [mobile] });
  // She writes first (the sandbox's customer page): the channel's 24-hour window is open.
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${key}/messages`, {
    data: { phone: `+598${mobile.slice(1)}`, name: 'Sofía', text: 'Hola, ¿siguen abiertos?' },
  });
  expect(wrote.status()).toBe(201);

  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name })).toBeVisible();
  await expect(item(page, 'Hola, ¿siguen abiertos?')).toHaveAttribute('data-side', 'in');
  // A mark on the page itself: a full reload would take it away.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await context.setOffline(true);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveText(es.app.offline);

  // A message and then a note, written offline: both wait on the timeline as on their way.
  const composer = page.getByTestId('composer');
  await page.getByRole('tab', { name: sandboxName }).click();
  const message = `Sí, hasta las 20 h ${contact.name}`;
  await composer.getByTestId('composer-input').fill(message);
  await composer.getByTestId('composer-input').press('Enter');
  await page.getByRole('tab', { name: es.conversation.composer.note }).click();
  const note = `Preguntó por el horario ${contact.name}`;
  const noteInput = page.getByRole('textbox', { name: es.conversation.composer.note, exact: true });
  await noteInput.fill(note);
  await noteInput.press('Enter');
  await expect(localStatus(page, message)).toHaveAttribute('data-local-status', 'sending');
  await expect(localStatus(page, note)).toHaveAttribute('data-local-status', 'sending');

  // A screen never opened before: its code cannot be fetched, the app says so and stays.
  await mainMenu(page).getByRole('link', { name: es.menu.entries.contacts }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText(es.app.screenOffline)).toBeVisible();
  await expect(page.getByRole('button', { name: es.app.screenRetry })).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();

  // Back online: the screen loads by itself and the banner goes.
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByText(es.app.screenOffline)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: es.contacts.search })).toBeVisible();

  // On the server: the message and the note once each, the message first.
  await expect
    .poll(
      async () => {
        const { items } = await trpcQuery<{ items: StoredItem[] }>(page, 'interaction.timeline', {
          contactId: contact.id,
        });
        return items
          .filter((each) => each.content.message?.text === message || each.content.body === note)
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
          .map((each) => each.type);
      },
      // A request dropped as the network comes back is sent again after a probe.
      { timeout: 30_000 },
    )
    .toEqual(['channelMessage', 'note']);

  // The conversation again, without a reload: each shown once, no longer on its way.
  await page.goBack();
  await expect(item(page, message)).toHaveCount(1);
  await expect(item(page, note)).toHaveCount(1);
  await expect(localStatus(page, message)).toHaveCount(0);
  await expect(localStatus(page, note)).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  // What the browser reports while offline: the requests and the screen's code it could not fetch.
  const offlineNoise = [
    'net::ERR_INTERNET_DISCONNECTED',
    'Failed to fetch dynamically imported module',
  ];
  expect(
    browserErrors.filter((error) => !offlineNoise.some((noise) => error.includes(noise))),
  ).toEqual([]);
  await context.close();
});
