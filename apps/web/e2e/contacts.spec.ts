import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { proximityLevel } from '@cartera/domain/proximity';
import {
  closeNoticesOf,
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcQuery,
  unexpectedErrors,
  uniqueLetters,
  uniqueMobile,
} from './fixtures';

/**
 * Contacts (issue #5): the '/contacts' list, the contact page, transfer, unify and
 * sub-conversations. The database is shared by every test of a run, so each test creates its
 * own contacts (unique names and Uruguayan mobiles) through the API first.
 */

interface NewContact {
  firstName: string;
  lastName: string;
  phone: string;
}

async function createContact(page: Page, contact: NewContact): Promise<string> {
  const { firstName, lastName, phone } = contact;
  return (await createTestContact(page, firstName, { lastName, phones: [phone] })).id;
}

/** '099 123 456' for '099123456'. */
function national(phone: string) {
  return `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
}

const details = (page: Page) => page.getByRole('region', { name: es.contacts.details });
const searchBox = (page: Page) => page.getByRole('textbox', { name: es.contacts.search });

async function searchContacts(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`),
  );
}

async function pickOption(page: Page, name: string) {
  await page.getByRole('option', { name, exact: true }).click();
}

/** An agent of the transfer dialog: its option also shows the team and the e-mail. */
async function pickAgent(page: Page, name: string) {
  await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
}

test.describe('Contactos', () => {
  test('la lista busca por parte del teléfono y por nombre sin tildes, y abre el contacto', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const letters = uniqueLetters();
    const phone = uniqueMobile();
    const name = `Zoé Ibáñez ${letters}`;
    await createContact(page, { firstName: 'Zoé', lastName: `Ibáñez ${letters}`, phone });

    await page.goto('/contacts');
    await expect(
      page.getByRole('heading', { name: es.contacts.listTitle, level: 1 }),
    ).toBeVisible();
    // The side menu holds 'Contactos' in the 'Clientes' group, open on its screen.
    const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
    await expect(menu.getByRole('link', { name: es.menu.entries.contacts })).toBeVisible();
    await expect(menu.getByRole('button', { name: es.menu.groups.contacts })).toHaveAttribute(
      'data-expanded',
      'true',
    );

    // A part of the number as people type it: '765 4' style, spaces and all.
    const part = `${phone.slice(3, 6)} ${phone.slice(6, 8)}`;
    await searchContacts(page, part);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(national(phone));

    // The accented name typed without accents.
    await searchContacts(page, `zoe ibanez ${letters}`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await page.screenshot({ path: 'test-results/contacts-list.png' });

    // A click anywhere on the row opens the contact.
    await row.getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const panel = details(page);
    await expect(panel.getByText(es.contacts.proximity)).toBeVisible();
    await expect(panel.getByTestId('proximity')).toHaveText(proximityLevel(0).label);
    await expect(panel.getByRole('link', { name: national(phone) })).toBeVisible();
    await expect(page.getByRole('region', { name: es.contacts.requests })).toContainText(
      es.contacts.requestsEmpty,
    );
    await expect(page.getByTestId('contact-agent')).toContainText('Valentín Vendedor');
    await settle(page);
    await page.screenshot({ path: 'test-results/contact-page.png', fullPage: true });

    // Searching for nobody says so.
    await page.goto(`/contacts?search=${letters}zzzz`);
    await expect(page.getByTestId('contacts-empty')).toHaveText(es.contacts.noResults);
    expect(browserErrors).toEqual([]);
  });

  test('unificar dos contactos deja uno solo con los teléfonos de ambos', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const letters = uniqueLetters();
    const phoneA = uniqueMobile();
    const phoneB = uniqueMobile();
    const idA = await createContact(page, {
      firstName: 'Unificar',
      lastName: `Uno ${letters}`,
      phone: phoneA,
    });
    await createContact(page, { firstName: 'Unificar', lastName: `Dos ${letters}`, phone: phoneB });

    await page.goto(`/contact?id=${idA}`);
    await expect(page.getByRole('heading', { name: `Unificar Uno ${letters}` })).toBeVisible();
    await details(page).getByRole('button', { name: es.contacts.unify }).click();
    const dialog = page.getByRole('dialog', { name: es.contacts.unifyTitle });
    await expect(dialog.getByText(es.contacts.unifyIrreversible)).toBeVisible();
    const submit = dialog.getByRole('button', { name: es.contacts.unifySubmit, exact: true });
    await expect(submit).toBeDisabled();

    await dialog.getByRole('combobox', { name: es.contacts.unifyOther }).fill(`Dos ${letters}`);
    await pickOption(page, `Unificar Dos ${letters}`);

    // The preview: A is older, so it is the base; 'Cambiar base' moves the mark.
    const preview = dialog.getByRole('table', { name: es.contacts.unifyTitle });
    await expect(preview.getByRole('columnheader')).toHaveText([
      es.contacts.unifyColumns.field,
      es.contacts.unifyColumns.a,
      es.contacts.unifyColumns.b,
      es.contacts.unifyColumns.result,
    ]);
    const phonesRow = preview.getByRole('row', { name: new RegExp(es.contacts.phones) });
    await expect(phonesRow.getByRole('cell').nth(3)).toContainText(national(phoneA));
    await expect(phonesRow.getByRole('cell').nth(3)).toContainText(national(phoneB));
    await dialog.getByRole('button', { name: es.contacts.unifySwap }).click();
    await expect(preview.getByRole('columnheader').nth(2)).toHaveText(es.contacts.unifyColumnBBase);
    await expect(dialog.getByTestId('unify-base')).toHaveText(
      format(es.contacts.unifyBase, { name: `Unificar Dos ${letters}` }),
    );
    await dialog.getByRole('button', { name: es.contacts.unifySwap }).click();
    await expect(preview.getByRole('columnheader').nth(1)).toHaveText(es.contacts.unifyColumns.a);
    await settle(page);
    await page.screenshot({ path: 'test-results/contact-unify.png' });

    await submit.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(es.contacts.unifyDone)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/contact\\?id=${idA}`));
    const panel = details(page);
    await expect(panel.getByRole('link', { name: national(phoneA) })).toBeVisible();
    await expect(panel.getByRole('link', { name: national(phoneB) })).toBeVisible();

    await page.goto('/contacts');
    await searchContacts(page, letters);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(
      page.getByRole('row', { name: new RegExp(`Unificar Uno ${letters}`) }),
    ).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('transferirse a sí mismo muestra ERROR_YOURSELF_TRANSFER y a un compañero funciona', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const letters = uniqueLetters();
    const name = `Transferir ${letters}`;
    const id = await createContact(page, {
      firstName: 'Transferir',
      lastName: letters,
      phone: uniqueMobile(),
    });

    await page.goto(`/contact?id=${id}`);
    await page.getByRole('button', { name: es.contacts.transfer, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: es.contacts.transferTitle });
    const submit = dialog.getByRole('button', { name: es.contacts.transferSubmit, exact: true });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText(es.contacts.transferKeep)).toBeVisible();

    const agent = dialog.getByRole('combobox', { name: es.contacts.transferAgent });
    await agent.click();
    await agent.fill('nadie con este nombre');
    await expect(page.getByText(es.contacts.noAgents)).toBeVisible();
    await agent.fill('Valentín');
    await pickAgent(page, 'Valentín Vendedor');
    await dialog.getByRole('textbox', { name: es.contacts.transferNote }).fill('Para mí');
    await submit.click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(es.contacts.transferFailedTitle);
    await expect(alert).toContainText(errorMessage('ERROR_YOURSELF_TRANSFER'));
    await expect(alert).toContainText('Error ERROR_YOURSELF_TRANSFER');
    const retry = dialog.getByRole('button', { name: es.contacts.retry });
    await expect(retry).toBeEnabled();

    await agent.click();
    await agent.fill('Sergio');
    await pickAgent(page, 'Sergio Supervisor');
    await retry.click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(es.contacts.transferDone)).toBeVisible();
    // The seller no longer holds it: back to the list, where it is gone.
    await expect(page).toHaveURL(/\/contacts$/);
    await searchContacts(page, letters);
    await expect(page.getByTestId('contacts-empty')).toHaveText(es.contacts.noResults);

    // The supervisor holds it now.
    await page.context().clearCookies();
    await signIn(page, 'supervisor@demo.test');
    const contact = await trpcQuery<{ agent: { name: string } | null }>(page, 'contact.get', {
      id,
    });
    expect(contact.agent?.name).toBe('Sergio');
    await page.goto(`/contact?id=${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    expect(unexpectedErrors(browserErrors, [400])).toEqual([]);
    await closeNoticesOf(page, 'supervisor@demo.test');
  });

  test('varios contactos elegidos en la lista se transfieren juntos', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const letters = uniqueLetters();
    for (const word of ['Primero', 'Segundo']) {
      await createContact(page, { firstName: word, lastName: letters, phone: uniqueMobile() });
    }
    await page.goto(`/contacts?search=${letters}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: es.contacts.selectAll }).check();
    await expect(page.getByText(format(es.contacts.selected, { n: 2 }))).toBeVisible();
    await page.getByRole('button', { name: es.contacts.transfer, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: es.contacts.transferTitle });
    const agent = dialog.getByRole('combobox', { name: es.contacts.transferAgent });
    await agent.click();
    await agent.fill('Sergio');
    await pickAgent(page, 'Sergio Supervisor');
    await dialog.getByRole('button', { name: es.contacts.transferSubmit, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(es.contacts.transferDone)).toBeVisible();
    await expect(page.getByTestId('contacts-empty')).toHaveText(es.contacts.noResults);
    expect(browserErrors).toEqual([]);
    await closeNoticesOf(page, 'supervisor@demo.test');
  });

  test('una subconversación nueva aparece en el panel y lleva a su contacto', async ({
    page,
    browserErrors,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'vendedor@demo.test');
    const letters = uniqueLetters();
    const name = `Principal ${letters}`;
    const id = await createContact(page, {
      firstName: 'Principal',
      lastName: letters,
      phone: uniqueMobile(),
    });
    await page.goto(`/contact?id=${id}`);
    const panel = page.getByRole('region', { name: es.contacts.subConversations });
    await expect(panel).toContainText(es.contacts.subConversationsEmpty);

    // Nothing happened with the contact yet: nothing to copy.
    await details(page).getByRole('button', { name: es.contacts.copyConversation }).click();
    await expect(page.getByText(es.contacts.copyEmpty)).toBeVisible();

    await panel.getByRole('button', { name: es.contacts.newSubConversation }).click();
    const dialog = page.getByRole('dialog', { name: es.contacts.subConversationTitle });
    // The user's own unless they choose another agent.
    await expect(
      dialog.getByRole('combobox', { name: es.contacts.subConversationAgent }),
    ).toHaveValue('Valentín Vendedor');
    await dialog
      .getByRole('textbox', { name: es.contacts.subConversationDescription })
      .fill('Consulta por otra sucursal');
    await dialog.getByRole('button', { name: es.contacts.subConversationCreate }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(es.contacts.subConversationCreated)).toBeVisible();
    const item = panel.getByRole('link', { name: new RegExp(name) });
    await expect(item).toContainText(es.contacts.subConversationStatus.new);

    // The creation is on the timeline now: 'Copiar conversación' copies it.
    await details(page).getByRole('button', { name: es.contacts.copyConversation }).click();
    await expect(page.getByText(es.contacts.copied)).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} - Valentín Vendedor - Subconversación creada - Consulta por otra sucursal$/,
    );

    await item.click();
    await expect(page).not.toHaveURL(new RegExp(`id=${id}`));
    const parentLink = page.getByRole('link', {
      name: format(es.contacts.subConversationOf, { name }),
    });
    await expect(parentLink).toBeVisible();
    // A sub-conversation has no sub-conversations and cannot be transferred.
    await expect(page.getByRole('region', { name: es.contacts.subConversations })).toHaveCount(0);
    await expect(page.getByRole('button', { name: es.contacts.transfer, exact: true })).toHaveCount(
      0,
    );
    await parentLink.click();
    await expect(page).toHaveURL(new RegExp(`id=${id}`));
    expect(browserErrors).toEqual([]);
  });

  test('un contacto que no existe o no es visible dice "Contacto no encontrado"', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await createContact(page, {
      firstName: 'Ajeno',
      lastName: uniqueLetters(),
      phone: uniqueMobile(),
    });
    // A seller of another company never sees it.
    await page.context().clearCookies();
    await signIn(page, 'vendedor@otra.test');
    await page.goto(`/contact?id=${id}`);
    const notFound = page.getByTestId('contact-not-found');
    await expect(notFound).toContainText(errorMessage('CONTACT_NOT_FOUND'));
    await notFound.getByRole('link', { name: es.contacts.backToList }).click();
    await expect(page).toHaveURL(/\/contacts$/);

    // An address without a valid id never asks the server.
    await page.goto('/contact?id=nada');
    await expect(page.getByTestId('contact-not-found')).toBeVisible();
    expect(unexpectedErrors(browserErrors, [404])).toEqual([]);
  });
});
