import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
  uniqueLetters,
} from './fixtures';
import { openContact } from './conversations';

/**
 * 'Mi Empresa' (/company, issue #17): the configuration editors of archiving reasons, status tags
 * and origins. The database is shared by every test of a run, so codes and names are unique.
 */

const text = es.company;
const actions = es.conversation.actions;

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

async function openCompany(page: Page) {
  await page.goto('/');
  await page
    .getByRole('navigation')
    .getByRole('link', { name: es.menu.entries.company })
    .first()
    .click();
  await expect(page).toHaveURL('/company');
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
}

test.describe('Mi Empresa', () => {
  test('comercial crea un motivo de archivo con acción siguiente y el vendedor lo usa al archivar', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // Two users sign in, one after the other: more than one test's usual time on a busy machine.
    test.setTimeout(60_000);
    const unique = uniqueLetters();
    const name = `Llamar más tarde ${unique}`;
    await signIn(page, 'comercial@demo.test');
    await openCompany(page);
    await expect(page.getByRole('tab', { name: text.tabs.channels })).toBeVisible();

    const reasons = section(page, text.reasons.title);
    await reasons.getByRole('button', { name: text.reasons.create }).click();
    const dialog = page.getByRole('dialog', { name: text.reasons.createTitle });
    // Nothing filled: the client's Spanish errors, and nothing sent.
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog.getByText(text.codeRequired)).toBeVisible();
    await expect(dialog.getByText(text.nameRequired)).toBeVisible();

    await dialog.getByRole('textbox', { name: text.code }).fill(`llamar-${unique}`);
    await dialog.getByRole('textbox', { name: text.name }).fill(name);
    await dialog.getByRole('textbox', { name: text.reasons.group }).fill('seguimiento');
    await dialog.getByRole('combobox', { name: text.reasons.nextAction }).click();
    await page
      .getByRole('option', { name: text.reasons.nextActions.standardReminder, exact: true })
      .click();
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog).toHaveCount(0);
    const row = reasons.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(text.reasons.nextActions.standardReminder);
    await expect(row.getByRole('switch', { name: format(text.activeOf, { name }) })).toBeChecked();

    // The seller sees it in the conversation's 'Archivar' picker and archiving asks for the
    // reminder of its next action.
    const seller = await signedInPage('vendedor@demo.test');
    const contact = await createTestContact(seller, 'Mi Empresa');
    await openContact(seller, contact);
    await seller.getByRole('button', { name: actions.archive, exact: true }).first().click();
    const picker = seller.getByRole('dialog', { name: actions.archiveTitle });
    await picker.getByRole('radio', { name }).check();
    await picker.getByRole('button', { name: actions.archive, exact: true }).click();
    await expect(picker).toHaveCount(0);
    await expect(seller.getByRole('dialog', { name: actions.reminderTitle })).toBeVisible();
    const saved = await trpcQuery<{ archivingReason: string | null }>(seller, 'contact.get', {
      id: contact.id,
    });
    expect(saved.archivingReason).toBe(`llamar-${unique}`);
    expect(browserErrors).toEqual([]);
  });

  test('un código de etiqueta repetido muestra el error en español y no cambia nada; desactivar la guarda', async ({
    page,
    browserErrors,
  }) => {
    const unique = uniqueLetters();
    await signIn(page, 'comercial@demo.test');
    const existing = await trpcMutation<{ code: string; name: string }>(page, 'catalog.createTag', {
      code: `tag-${unique}`,
      name: `Etiqueta ${unique}`,
      color: '#1971C2',
    });
    const before = await trpcQuery<unknown[]>(page, 'catalog.allTags', undefined);
    await openCompany(page);

    const tags = section(page, text.tags.title);
    await tags.getByRole('button', { name: text.tags.create }).click();
    const dialog = page.getByRole('dialog', { name: text.tags.createTitle });
    await dialog.getByRole('textbox', { name: text.code }).fill(existing.code);
    await dialog.getByRole('textbox', { name: text.name }).fill('Otra etiqueta');
    await dialog.getByRole('radio', { name: '#2F9E44' }).click();
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog.getByText(errorMessage('STATUS_TAG_CODE_TAKEN'))).toBeVisible();
    await dialog.getByRole('button', { name: text.cancel }).click();
    expect(await trpcQuery<unknown[]>(page, 'catalog.allTags', undefined)).toEqual(before);

    const active = tags.getByRole('switch', {
      name: format(text.activeOf, { name: existing.name }),
    });
    await active.click({ force: true });
    await expect(active).not.toBeChecked();
    await expect
      .poll(async () => {
        const all = await trpcQuery<{ code: string; active: boolean }[]>(
          page,
          'catalog.allTags',
          undefined,
        );
        return all.find((tag) => tag.code === existing.code)?.active;
      })
      .toBe(false);
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });
});
