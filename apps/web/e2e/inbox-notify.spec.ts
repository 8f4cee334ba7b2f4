import type { Browser, Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  demoSandbox,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  uniqueMobile,
} from './fixtures';

test.afterEach(({ page }) => retireNewSellers(page));

/*
 * Issue #33 item 2: a customer's message in a seller's conversation tells the seller on any other
 * screen (a toast that opens the chat, the menu count, the tab title), and, with the tab hidden,
 * the browser's notification; the preferences in 'Ajustes' switch each off. The seller is made
 * by the test, so no notice reaches another test's users.
 */

const sandboxText = es.channels.sandbox;
const notices = es.settings.notifications;
const entries = es.menu.entries;
const app = es.app.name;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });

/**
 * Replaces the browser's Notification with a recorder (its permission starts as the browser's
 * 'default', and asking grants it for the site), and lets the test say whether the tab is hidden.
 */
function recordBrowserNotices() {
  const shown: Array<{ title: string; body: string }> = [];
  // Kept across page loads, as the browser keeps a site's permission.
  const key = 'e2e-notification-permission';
  class RecordedNotification {
    onclick: (() => void) | null = null;
    static get permission() {
      return (localStorage.getItem(key) ?? 'default') as NotificationPermission;
    }
    static requestPermission() {
      localStorage.setItem(key, 'granted');
      return Promise.resolve('granted' as NotificationPermission);
    }
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? '' });
    }
    close() {}
  }
  const win = window as unknown as Record<string, unknown>;
  win.Notification = RecordedNotification;
  win.shownNotices = shown;
  win.tabHidden = false;
  Object.defineProperty(document, 'hidden', { get: () => win.tabHidden === true });
}

/**
 * The menu line of `label` shows its whole text and its count, side by side, inside the menu
 * (issue #33: 'Conversaciones' was cut to 'Convers…' beside its count).
 */
async function expectMenuLineWhole(page: Page, label: string, countTestId: string) {
  const line = await mainMenu(page).evaluate(
    (nav, [text, testId]) => {
      const link = [...nav.querySelectorAll('a')].find(
        (each) => each.textContent?.trim() === text,
      )!;
      const body = link.querySelector('.mantine-NavLink-body')!;
      const count = nav.querySelector(`[data-testid="${testId}"]`)!.getBoundingClientRect();
      const menu = nav.closest('nav')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(body);
      return {
        cut: body.scrollWidth > body.clientWidth,
        textRight: range.getBoundingClientRect().right,
        countLeft: count.left,
        countRight: count.right,
        menuRight: menu.right,
      };
    },
    [label, countTestId],
  );
  expect(line.cut).toBe(false);
  expect(line.textRight).toBeLessThanOrEqual(line.countLeft);
  expect(line.countRight).toBeLessThanOrEqual(line.menuRight);
}

async function customerWrites(page: Page, sandboxUrl: string, mobile: string, text: string) {
  await page.goto(new URL(sandboxUrl).pathname);
  await expect(page.getByRole('heading', { name: sandboxText.pageTitle })).toBeVisible();
  await page.getByLabel(sandboxText.phone).fill(`+598${mobile.slice(1)}`);
  await page.getByLabel(sandboxText.phone).press('Tab');
  await page.getByLabel(sandboxText.name).fill('Julia');
  await page.getByLabel(sandboxText.message).fill(text);
  await page.getByLabel(sandboxText.message).press('Enter');
  await expect(page.getByText(text)).toBeVisible();
}

async function newSeller(page: Page, browser: Browser, baseURL: string | undefined) {
  const seller = await newSellerPage(page, browser, baseURL, { name: 'Noa', lastname: 'Avisada' });
  await seller.context().grantPermissions(['notifications']);
  await seller.addInitScript(recordBrowserNotices);
  await signIn(page, 'comercial@demo.test');
  const sandbox = await demoSandbox(page);
  return { seller, sandboxUrl: sandbox.sandboxUrl };
}

test('un mensaje del cliente avisa al vendedor en otra pantalla; el aviso abre el chat; apagado en Ajustes solo cuenta, y con la pestaña oculta avisa el navegador', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(150_000);
  const { seller, sandboxUrl } = await newSeller(page, browser, baseURL);
  const mobile = uniqueMobile();
  const contact = await createTestContact(seller, 'Julia', { phones: [mobile] });
  const unreadBadge = mainMenu(seller).getByTestId('menu-conversations-unread');
  const toasts = seller.getByTestId('customer-message-toast');

  // The seller is on another screen.
  await seller.goto('/contacts');
  await expect(seller).toHaveTitle(`${entries.contacts} · ${app}`);
  await expect(unreadBadge).toHaveCount(0);

  await customerWrites(page, sandboxUrl, mobile, '¿Me pasan el precio del modelo azul?');

  // Without a reload: the toast with the name and the words, the menu count, the tab title.
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toContainText(contact.name);
  await expect(toasts).toContainText('¿Me pasan el precio del modelo azul?');
  await expect(unreadBadge).toHaveText('1');
  await expect(seller).toHaveTitle(`(1) ${entries.contacts} · ${app}`);
  for (const width of [1280, 1440]) {
    await seller.setViewportSize({ width, height: 800 });
    await expectMenuLineWhole(seller, entries.conversations, 'menu-conversations-unread');
  }
  // A visible tab gets no browser notification.
  expect(
    await seller.evaluate(() => (window as unknown as { shownNotices: unknown[] }).shownNotices),
  ).toEqual([]);

  // The toast opens the chat, which reads it.
  await toasts
    .getByRole('button', { name: format(notices.openChat, { name: contact.name }) })
    .click();
  await expect(seller.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
  await expect(toasts).toHaveCount(0);
  await expect(unreadBadge).toHaveCount(0);
  await expect(seller).toHaveTitle(`${entries.conversations} · ${app}`);

  // 'Ajustes' › 'Notificaciones': the browser's permission is asked only from here.
  await seller.goto('/settings');
  const panel = seller.getByRole('region', { name: notices.title });
  await expect(panel.getByTestId('browser-permission')).toHaveText(notices.permission.default);
  await panel.getByRole('button', { name: notices.permission.ask }).click();
  await expect(panel.getByTestId('browser-permission')).toHaveText(notices.permission.granted);
  const toastSwitch = panel.getByRole('switch', {
    name: `${notices.types.customerMessage}: ${notices.channels.toast}`,
  });
  await expect(toastSwitch).toBeChecked();
  await toastSwitch.click({ force: true });
  await expect(seller.getByText(notices.saved)).toBeVisible();
  await expect(toastSwitch).not.toBeChecked();

  // Back on another screen with the tab hidden: the count moves and the browser tells, no toast.
  await seller.goto('/contacts');
  await expect(seller).toHaveTitle(`${entries.contacts} · ${app}`);
  await seller.evaluate(() => {
    (window as unknown as { tabHidden: boolean }).tabHidden = true;
  });
  await customerWrites(page, sandboxUrl, mobile, 'Sigo esperando el precio');
  await expect(unreadBadge).toHaveText('1');
  await expect
    .poll(() =>
      seller.evaluate(() => (window as unknown as { shownNotices: unknown[] }).shownNotices),
    )
    .toEqual([
      {
        title: format(notices.messageTitle, { name: contact.name }),
        body: 'Sigo esperando el precio',
      },
    ]);
  await expect(toasts).toHaveCount(0);

  await seller.context().close();
  expect(browserErrors).toEqual([]);
});
