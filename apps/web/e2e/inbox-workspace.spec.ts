import type { Browser, Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  clientId,
  createTestContact,
  expect,
  test,
  trpcMutation,
  newSellerPage,
  retireNewSellers,
  trpcQuery,
  uniqueLetters,
} from './fixtures';

test.afterEach(({ page }) => retireNewSellers(page));

/*
 * Issue #33 item 3: 'Conversaciones' as a workspace. The test makes its own seller and contacts
 * (the database is shared by the run), searches, filters, switches to 'Archivadas', reloads to
 * find the same view, and at 1440 px opens two chats beside the list, which keeps its search.
 */

const words = es.conversation.inbox.workspace;

/** A new seller of the demo company, signed in on a page of their own at a desk's width. */
function newSeller(page: Page, browser: Browser, baseURL: string | undefined) {
  return newSellerPage(page, browser, baseURL, {
    name: 'Tomás',
    lastname: 'Bandeja',
    viewport: { width: 1440, height: 900 },
  });
}

test('buscar, filtrar, ver archivadas y recargar la vista; a 1440 px la lista queda al lado del chat', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await newSeller(page, browser, baseURL);
  const family = uniqueLetters();
  const [tag] = await trpcQuery<Array<{ code: string; name: string }>>(
    seller,
    'catalog.tags',
    undefined,
  );
  const ana = await createTestContact(seller, 'Ana', { lastName: family, statusTag: tag!.code });
  const bruno = await createTestContact(seller, 'Bruno', { lastName: family });
  const carla = await createTestContact(seller, 'Carla', { lastName: family });
  const reasons = await trpcQuery<Array<{ code: string; name: string; type: string }>>(
    seller,
    'interaction.archivingReasons',
    { contactId: carla.id },
  );
  const reason = reasons.find((each) => each.type !== 'sale');
  await trpcMutation(seller, 'interaction.archive', {
    contactId: carla.id,
    id: clientId(),
    reason: reason!.code,
  });

  await seller.goto('/contact');
  const list = seller.getByRole('list', { name: es.conversation.inbox.conversationsTitle });
  const names = list.getByTestId('inbox-name');

  // The search finds the family's open conversations; the archived one is not among them.
  await seller.getByTestId('inbox-search').fill(family);
  await expect(seller).toHaveURL(new RegExp(`q=${family}`));
  await expect(names).toHaveText([bruno.name, ana.name]);

  // A filter by status tag narrows them, and the address keeps it.
  await seller.getByRole('combobox', { name: words.statusTag }).click();
  await seller.getByRole('option', { name: tag!.name }).click();
  await expect(names).toHaveText([ana.name]);
  await expect(seller).toHaveURL(new RegExp(`tag=${tag!.code}`));
  await seller.getByRole('button', { name: words.clearFilters }).click();
  await expect(seller.getByTestId('inbox-search')).toHaveValue('');

  // 'Archivadas' lists the archived conversation; a reload comes back to the same view.
  await seller.getByTestId('inbox-search').fill(family);
  await expect(seller).toHaveURL(new RegExp(`q=${family}`));
  await seller.getByRole('tab', { name: words.tabArchived }).click();
  await expect(seller).toHaveURL(/tab=archived/);
  await expect(names).toHaveText([carla.name]);
  await seller.reload();
  await expect(seller.getByRole('tab', { name: words.tabArchived })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(seller.getByTestId('inbox-search')).toHaveValue(family);
  await expect(names).toHaveText([carla.name]);

  // At 1440 px the chat opens beside the list; the next one too, the list and search kept.
  await seller.getByRole('tab', { name: words.tabOpen }).click();
  await expect(names).toHaveText([bruno.name, ana.name]);
  // The open chat's line is marked (aria-current) and shaded; the other is not.
  const rowOf = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await list.getByRole('link', { name: new RegExp(ana.name) }).click();
  await expect(seller.getByRole('heading', { level: 1, name: ana.name })).toBeVisible();
  await expect(names).toHaveText([bruno.name, ana.name]);
  await expect(rowOf(ana.name)).toHaveAttribute('aria-current', 'true');
  await expect(rowOf(bruno.name)).not.toHaveAttribute('aria-current');
  const shade = (name: string) =>
    rowOf(name).evaluate((row) => getComputedStyle(row).backgroundColor);
  expect(await shade(ana.name)).not.toBe(await shade(bruno.name));
  await list.getByRole('link', { name: new RegExp(bruno.name) }).click();
  await expect(seller.getByRole('heading', { level: 1, name: bruno.name })).toBeVisible();
  await expect(names).toHaveText([bruno.name, ana.name]);
  await expect(rowOf(bruno.name)).toHaveAttribute('aria-current', 'true');
  await expect(rowOf(ana.name)).not.toHaveAttribute('aria-current');
  await expect(seller.getByTestId('inbox-search')).toHaveValue(family);
  await expect(seller).toHaveURL(new RegExp(`q=${family}`));

  // Both open conversations selected and archived at once: 'Abiertas' is left without them.
  for (const contact of [ana, bruno]) {
    await seller.getByRole('checkbox', { name: new RegExp(contact.name) }).check();
  }
  const bulk = seller.getByTestId('inbox-bulk');
  await expect(bulk).toContainText('2');
  await bulk.getByRole('button', { name: words.archiveSelected }).click();
  await seller.getByRole('menuitem', { name: reason!.name }).click();
  await expect(seller.getByTestId('inbox-empty')).toHaveText(words.noResults);
  await seller.getByRole('tab', { name: words.tabArchived }).click();
  await expect(names).toHaveCount(3);
});

test('transferir dos conversaciones seleccionadas a otra vendedora: salen de la lista y llegan a la suya', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const seller = await newSeller(page, browser, baseURL);
  const receiverName = `Rita ${uniqueLetters()}`;
  const [first, last] = receiverName.split(' ');
  const receiver = await newSellerPage(page, browser, baseURL, { name: first!, lastname: last! });
  const family = uniqueLetters();
  const ana = await createTestContact(seller, 'Ana', { lastName: family });
  const bruno = await createTestContact(seller, 'Bruno', { lastName: family });

  await seller.goto('/contact');
  const list = seller.getByRole('list', { name: es.conversation.inbox.conversationsTitle });
  await seller.getByTestId('inbox-search').fill(family);
  await expect(list.getByTestId('inbox-name')).toHaveText([bruno.name, ana.name]);
  for (const contact of [ana, bruno]) {
    await seller.getByRole('checkbox', { name: new RegExp(contact.name) }).check();
  }
  const bulk = seller.getByTestId('inbox-bulk');
  await expect(bulk).toContainText(format(words.selected, { n: 2 }));
  await bulk.getByRole('button', { name: words.transferSelected }).click();
  await seller.getByRole('menuitem', { name: receiverName }).click();
  await expect(seller.getByText(format(words.bulkDone, { n: 2 }))).toBeVisible();
  await expect(seller.getByTestId('inbox-empty')).toHaveText(words.noResults);
  await expect(bulk).toHaveCount(0);

  // The receiver finds both in her own 'Conversaciones'.
  await receiver.goto('/contact');
  const theirs = receiver.getByRole('list', { name: es.conversation.inbox.conversationsTitle });
  await receiver.getByTestId('inbox-search').fill(family);
  // In the order of their transfers, which the server runs one by one in no promised order.
  const received = theirs.getByTestId('inbox-name');
  await expect(received).toHaveCount(2);
  expect((await received.allTextContents()).sort()).toEqual([ana.name, bruno.name].sort());
  expect(browserErrors).toEqual([]);
});

test('un recordatorio para tres conversaciones seleccionadas a la vez (03 §7, issue #43)', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  const seller = await newSeller(page, browser, baseURL);
  const actions = es.conversation.actions;
  const family = uniqueLetters();
  const chosen = [];
  for (const name of ['Ana', 'Bruno', 'Carla']) {
    chosen.push(await createTestContact(seller, name, { lastName: family }));
  }

  await seller.goto('/contact');
  const list = seller.getByRole('list', { name: es.conversation.inbox.conversationsTitle });
  await seller.getByTestId('inbox-search').fill(family);
  await expect(list.getByTestId('inbox-name')).toHaveCount(3);
  for (const contact of chosen) {
    await seller.getByRole('checkbox', { name: new RegExp(contact.name) }).check();
  }
  const bulk = seller.getByTestId('inbox-bulk');
  await expect(bulk).toContainText(format(words.selected, { n: 3 }));
  await bulk.getByRole('button', { name: words.remindSelected }).click();
  const wizard = seller.getByRole('dialog', { name: actions.reminderTitle });
  await wizard.getByRole('button', { name: actions.reminderNext }).click();
  await wizard.getByRole('button', { name: actions.reminderChoices['3h']!, exact: true }).click();
  await wizard.getByRole('button', { name: actions.reminderCreate, exact: true }).click();
  await expect(wizard).toHaveCount(0);
  await expect(seller.getByText(format(words.bulkDone, { n: 3 }))).toBeVisible();
  await expect(bulk).toHaveCount(0);

  for (const contact of chosen) {
    const detail = await trpcQuery<{ reminder: { actionType: string } | null }>(
      seller,
      'contact.get',
      { id: contact.id },
    );
    expect(detail.reminder, contact.name).not.toBeNull();
  }
  expect(browserErrors).toEqual([]);
});
