import type { Browser, Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  demoSandbox,
  expect,
  signIn,
  test,
  trpcMutation,
  newSellerPage,
  retireNewSellers,
  trpcQuery,
  uniqueMobile,
} from './fixtures';

test.afterEach(({ page }) => retireNewSellers(page));

/*
 * Issue #33 items 1 and 4: a customer's message leaves the conversation unread for its holder
 * (row, menu and tab title, live), opening the chat reads it, 'Marcar como no leído' brings it
 * back; an archived conversation reopens when the customer writes, and archiving with a pending
 * reminder asks what to do with it. Each test makes its own seller, so no count leaks into
 * another test (the database is shared by the run).
 */

const sandboxText = es.channels.sandbox;
const t = es.conversation.actions;
const entries = es.menu.entries;
const app = es.app.name;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });

/** A new seller of the demo company signed in on a page of their own, and the sandbox's URL. */
async function newSeller(page: Page, browser: Browser, baseURL: string | undefined) {
  const seller = await newSellerPage(page, browser, baseURL, { name: 'Lía', lastname: 'Leída' });
  await signIn(page, 'comercial@demo.test');
  const sandbox = await demoSandbox(page);
  return { seller, sandboxKey: sandbox.key, sandbox };
}

test('un mensaje del cliente cuenta sin leer en vivo; abrir el chat lo lee y «Marcar como no leído» lo devuelve', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const { seller, sandbox } = await newSeller(page, browser, baseURL);
  const mobile = uniqueMobile();
  const contact = await createTestContact(seller, 'Julia', { phones: [mobile] });

  // The seller is on another screen: nothing unread yet.
  await seller.goto('/contacts');
  const conversations = mainMenu(seller).getByRole('link', { name: entries.conversations });
  await expect(conversations).toBeVisible();
  await expect(seller).toHaveTitle(`${entries.contacts} · ${app}`);
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveCount(0);

  // The customer writes on the sandbox channel's page.
  await page.goto(new URL(sandbox.sandboxUrl).pathname);
  await expect(page.getByRole('heading', { name: sandboxText.pageTitle })).toBeVisible();
  await page.getByLabel(sandboxText.phone).fill(`+598${mobile.slice(1)}`);
  await page.getByLabel(sandboxText.phone).press('Tab');
  await page.getByLabel(sandboxText.name).fill('Julia');
  await page.getByLabel(sandboxText.message).fill('Hola, ¿tienen stock del modelo azul?');
  await page.getByLabel(sandboxText.message).press('Enter');

  // Without a reload, the menu and the tab title count it.
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveText('1');
  await expect(seller).toHaveTitle(`(1) ${entries.contacts} · ${app}`);

  // The row shows the count and the preview.
  await conversations.click();
  await expect(seller).toHaveTitle(`(1) ${entries.conversations} · ${app}`);
  const row = seller.getByRole('listitem').filter({ hasText: contact.name });
  await expect(row.getByTestId('inbox-unread')).toHaveText('1');
  await expect(row.getByTestId('inbox-preview')).toHaveText('Hola, ¿tienen stock del modelo azul?');

  // Opening the chat reads it.
  await row.getByText(contact.name).click();
  await expect(seller.getByRole('heading', { name: contact.name })).toBeVisible();
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveCount(0);
  await expect(seller).toHaveTitle(`${entries.conversations} · ${app}`);

  // 'Marcar como no leído' brings it back.
  await seller.getByRole('button', { name: es.conversation.bot.moreActions }).click();
  await seller.getByRole('menuitem', { name: t.markUnread }).click();
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveText('1');
  await expect(seller).toHaveTitle(`(1) ${entries.conversations} · ${app}`);
  await seller.goBack();
  await expect(
    seller.getByRole('listitem').filter({ hasText: contact.name }).getByTestId('inbox-unread'),
  ).toHaveText('1');

  await seller.context().close();
  expect(browserErrors).toEqual([]);
});

test('una conversación archivada se reabre sin leer cuando el cliente escribe; archivar con un recordatorio pendiente pregunta qué hacer', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const { seller, sandboxKey } = await newSeller(page, browser, baseURL);
  const chips = seller.getByRole('group', { name: t.chipsLabel });
  const archiveWithReminder = async (choice: string) => {
    const mobile = uniqueMobile();
    const contact = await createTestContact(seller, 'Pilar', { phones: [mobile] });
    const reminderDate = new Date(Date.now() + 2 * 86_400_000);
    reminderDate.setSeconds(0, 0);
    await trpcMutation(seller, 'interaction.setReminder', {
      contactId: contact.id,
      id: clientId(),
      reminderDate: reminderDate.toISOString(),
      actionType: 'phoneCall',
      comment: 'Llamar para cerrar',
    });
    await seller.goto(`/contact?id=${contact.id}`);
    await expect(seller.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
    await seller.getByRole('button', { name: t.archive, exact: true }).first().click();
    const dialog = seller.getByRole('dialog', { name: t.archiveTitle });
    await dialog.getByRole('radio', { name: 'Sin interés' }).check();
    // The dialog asks what to do with the pending reminder: keep it unless told otherwise.
    const pending = dialog.getByTestId('archive-pending');
    await expect(pending.getByText(t.archivePendingReminder)).toBeVisible();
    await expect(pending.getByRole('radio', { name: t.archiveKeepPending })).toBeChecked();
    await pending.getByText(choice, { exact: true }).click();
    await expect(pending.getByRole('radio', { name: choice })).toBeChecked();
    await dialog.getByRole('button', { name: t.archive, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(chips.getByText('Archivado: Sin interés')).toBeVisible();
    const detail = await trpcQuery<{ reminder: unknown }>(seller, 'contact.get', {
      id: contact.id,
    });
    return { contact, mobile, reminder: detail.reminder };
  };

  // Kept: the reminder is still pending after archiving.
  const kept = await archiveWithReminder(t.archiveKeepPending);
  expect(kept.reminder).not.toBeNull();
  // Cancelled: no reminder is left.
  const cancelled = await archiveWithReminder(t.archiveCancelPending);
  expect(cancelled.reminder).toBeNull();

  // The customer of the archived conversation writes: it reopens, unread, with a line saying so.
  await seller.goto('/contacts');
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveCount(0);
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${sandboxKey}/messages`, {
    data: { phone: `+598${cancelled.mobile.slice(1)}`, name: 'Pilar', text: 'Lo pensé mejor' },
  });
  expect(wrote.status()).toBe(201);
  await expect(mainMenu(seller).getByTestId('menu-conversations-unread')).toHaveText('1');
  await mainMenu(seller).getByRole('link', { name: entries.conversations }).click();
  const row = seller.getByRole('listitem').filter({ hasText: cancelled.contact.name });
  await expect(row.getByTestId('inbox-unread')).toHaveText('1');
  await expect(row.getByText('Archivado: Sin interés')).toHaveCount(0);
  await row.getByText(cancelled.contact.name).click();
  await expect(
    seller.getByTestId('timeline').getByText(es.conversation.timeline.reopenedByCustomer),
  ).toBeVisible();
  await expect(chips.getByText('Archivado: Sin interés')).toHaveCount(0);

  await seller.context().close();
  expect(browserErrors).toEqual([]);
});
