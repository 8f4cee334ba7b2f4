import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
} from './fixtures';

test.afterEach(({ page }) => retireNewSellers(page));

/*
 * Issue #41 item 4: the system's own notices use the notifications channel. A comercial
 * transfers a contact to a seller the test makes: the seller sees the bottom-right notice live
 * and opens the conversation from it; with the kind switched off in 'Ajustes', the next transfer
 * shows nothing.
 */

const system = es.notifications.system.contactTransferred;
const preferences = es.settings.notifications;

const notice = (page: Page, title: string) =>
  page.getByRole('region', { name: `${es.notifications.card.notice}: ${title}` });

/** The comercial on `page` hands a new contact of theirs to the seller named `lastname`. */
async function transferNew(page: Page, lastname: string, note: string) {
  const contact = await createTestContact(page, 'Renata');
  const agents = await trpcQuery<Array<{ id: string; lastname: string }>>(
    page,
    'contact.transferAgents',
    undefined,
  );
  const seller = agents.find((agent) => agent.lastname === lastname);
  expect(seller, `the new seller among the comercial's agents`).toBeTruthy();
  await trpcMutation(page, 'contact.transfer', {
    contactId: contact.id,
    agentId: seller!.id,
    note,
  });
  return contact;
}

test('una transferencia avisa en vivo al vendedor, que abre la conversación desde el aviso; apagado en Ajustes, la siguiente no muestra nada', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}, testInfo) => {
  test.setTimeout(120_000);
  const lastname = `Avisada ${uniqueLetters()}`;
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Noa',
    lastname,
    viewport: { width: 1280, height: 800 },
  });
  await signIn(page, 'comercial@demo.test');

  // The seller is on another screen, nothing waiting.
  await seller.goto('/contacts');
  await expect(seller).toHaveTitle(`${es.menu.entries.contacts} · ${es.app.name}`);
  await expect(seller.getByTestId('notification-notice')).toHaveCount(0);

  const first = await transferNew(page, lastname, 'Quiere la cotización el lunes');
  const title = format(system.title, { contact: first.name });
  const shown = notice(seller, title);
  // Live: without a reload, the bottom-right notice with who transferred it and the note.
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(
    format(system.bodyWithNote, { user: 'Carla Comercial', note: 'Quiere la cotización el lunes' }),
  );
  const box = (await shown.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 40);
  expect(box.y + box.height).toBeGreaterThan(800 - 40);
  await seller.screenshot({ path: testInfo.outputPath('system-notice-desk.png') });

  // A dialog opened meanwhile stands over the notice, never under it.
  await seller.keyboard.press('?');
  await expect(seller.getByRole('dialog', { name: es.keyboard.sheetTitle })).toBeVisible();
  const covered = await shown.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return !node.contains(top);
  });
  expect(covered).toBe(true);
  await seller.keyboard.press('Escape');
  await expect(seller.getByRole('dialog', { name: es.keyboard.sheetTitle })).toHaveCount(0);

  // Its action opens the conversation in place, and the notice leaves.
  await shown.getByRole('link', { name: system.action }).click();
  await expect(seller).toHaveURL(new RegExp(`/contact\\?id=${first.id}`));
  await expect(seller.getByRole('heading', { name: first.name, level: 1 })).toBeVisible();
  await expect(seller.getByTestId('notification-notice')).toHaveCount(0);

  // It is in the list of all notifications too.
  await seller.goto('/all-notifications');
  await expect(seller.getByText(title)).toBeVisible();

  // 'Ajustes' › 'Notificaciones': the kind has its one switch, on; switched off.
  await seller.goto('/settings');
  const panel = seller.getByRole('region', { name: preferences.title });
  const toggle = panel.getByRole('switch', {
    name: `${preferences.types.contactTransferred}: ${preferences.channels.toast}`,
  });
  await expect(toggle).toBeChecked();
  await expect(
    panel.getByRole('switch', {
      name: `${preferences.types.contactTransferred}: ${preferences.channels.sound}`,
    }),
  ).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await seller.screenshot({ path: testInfo.outputPath('system-notice-settings.png') });
  await toggle.click({ force: true });
  await expect(seller.getByText(preferences.saved)).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // The next transfer goes through and tells nothing: no notification was written (the notice
  // is written in the transfer's transaction, so its absence once the transfer answered is final).
  await seller.goto('/contacts');
  await expect(seller).toHaveTitle(`${es.menu.entries.contacts} · ${es.app.name}`);
  const second = await transferNew(page, lastname, 'Otro más');
  const contact = await trpcQuery<{ id: string }>(seller, 'contact.get', { id: second.id });
  expect(contact.id).toBe(second.id);
  const list = await trpcQuery<Array<{ title: string }>>(seller, 'notification.list', {});
  expect(list.map((item) => item.title)).toEqual([title]);
  await expect(seller.getByTestId('notification-notice')).toHaveCount(0);

  await seller.context().close();
  expect(browserErrors).toEqual([]);
});

test('en un teléfono el aviso del sistema está arriba del contenido, sin tapar nada', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}, testInfo) => {
  const lastname = `Movil ${uniqueLetters()}`;
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Ema',
    lastname,
    viewport: { width: 390, height: 844 },
  });
  await signIn(page, 'comercial@demo.test');
  await seller.goto('/contacts');
  await expect(seller).toHaveTitle(`${es.menu.entries.contacts} · ${es.app.name}`);
  await expect(seller.getByTestId('notification-notice')).toHaveCount(0);
  const contact = await transferNew(page, lastname, '');
  const shown = notice(seller, format(system.title, { contact: contact.name }));
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(format(system.body, { user: 'Carla Comercial' }));
  // In the flow at the top of the content: it scrolls with the page, nothing fixed over it.
  expect(await shown.evaluate((node) => getComputedStyle(node.parentElement!).position)).not.toBe(
    'fixed',
  );
  await seller.screenshot({ path: testInfo.outputPath('system-notice-phone.png') });
  await shown.getByRole('link', { name: system.action }).click();
  await expect(seller.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();

  // 'Ajustes' with the new kinds still fits the phone: the grid scrolls inside its box.
  await seller.goto('/settings');
  const panel = seller.getByRole('region', { name: preferences.title });
  await expect(
    panel.getByRole('switch', {
      name: `${preferences.types.requestComment}: ${preferences.channels.toast}`,
    }),
  ).toBeChecked();
  expect(await seller.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await panel.scrollIntoViewIfNeeded();
  await seller.screenshot({ path: testInfo.outputPath('system-notice-settings-phone.png') });

  await seller.context().close();
  expect(browserErrors).toEqual([]);
});
