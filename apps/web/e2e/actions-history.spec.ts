import { es } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
} from './fixtures';

/*
 * 'Historial de acciones' (issue #44 item 2): a transfer made a moment ago is listed with who
 * made it, the contact and to whom, filtered by action; the filter downloads as a workbook. The
 * contact goes to a seller the test makes, so no notice reaches another test's seller.
 */
test.afterEach(({ page }) => retireNewSellers(page));

const texts = es.actionsHistory;

test('el historial lista una transferencia recién hecha y la exporta a Excel', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Renata',
    lastname: 'Historial',
  });
  await seller.context().close();
  await signIn(page, 'comercial@demo.test');
  const contact = await createTestContact(page, 'Transferida');
  const { users } = await trpcQuery<{ users: Array<{ id: string; lastname: string }> }>(
    page,
    'actionsHistory.options',
    undefined,
  );
  const receiver = users.find((user) => user.lastname === 'Historial');
  expect(receiver).toBeTruthy();
  await trpcMutation(page, 'contact.transfer', { contactId: contact.id, agentId: receiver!.id });
  await page.goto('/');

  const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
  await menu.getByText(es.menu.groups.contacts, { exact: true }).click();
  await menu.getByRole('link', { name: es.menu.entries.actionsHistory }).click();
  await expect(page).toHaveURL(/\/actionsHistory$/);
  await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
  await page.getByRole('combobox', { name: texts.filters.action }).click();
  await page.getByRole('option', { name: texts.kinds.transfer, exact: true }).click();

  const row = page.getByTestId('history-row').filter({ hasText: contact.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(texts.kinds.transfer);
  await expect(row).toContainText('A Renata Historial');
  await expect(page.getByTestId('history-row').first()).toContainText(contact.name);
  await expect(
    page.getByTestId('history-row').filter({ hasNotText: texts.kinds.transfer }),
  ).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.export }).click();
  expect((await download).suggestedFilename()).toMatch(/^historial-de-acciones-.*\.xlsx$/);
  await expect(page.getByTestId('excel-done')).toBeVisible();

  // The contact's name opens its conversation.
  await row.getByRole('link', { name: contact.name }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?id=${contact.id}`));
  expect(browserErrors).toEqual([]);
});
