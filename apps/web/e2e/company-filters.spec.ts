import type { Page } from '@playwright/test';
import { openContact } from './conversations';
import { es } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  patchMe,
  signIn,
  test,
  uniqueLetters,
  unexpectedErrors,
  type SignedInPage,
} from './fixtures';

/**
 * 'Mi Empresa' › 'Configuración' (issue #17): the filters of a status tag — who sees it. The
 * database is shared by every test of a run, so codes and names are unique.
 */

const text = es.company;
const f = text.filters;
const actions = es.conversation.actions;

/** The tags `email` (a seller) is offered in the conversation's 'Cambiar etiqueta' dialog. */
async function tagDialogOf(signedInPage: SignedInPage, email: string) {
  const page = await signedInPage(email);
  // vendedora@demo.test has the news presentation pending (new-version.spec.ts); it stays so.
  await patchMe(page, () => ({ showNewVersionPresentation: false }));
  await openContact(page, await createTestContact(page, 'Filtros'));
  await page
    .getByRole('group', { name: actions.chipsLabel })
    .getByRole('button', { name: `${actions.changeTagHint}: ${actions.noTagChip}` })
    .click();
  const dialog = page.getByRole('dialog', { name: actions.changeTagTitle });
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  return { context: page.context(), dialog };
}

async function openCompany(page: Page) {
  await page.goto('/company');
  await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
}

test('comercial limita una etiqueta a un grupo: la ve un vendedor de ese grupo y no uno de otro', async ({
  page,
  signedInPage,
  browserErrors,
}) => {
  // Three users sign in, one after the other.
  test.setTimeout(90_000);
  const unique = uniqueLetters();
  const name = `Solo Norte ${unique}`;
  await signIn(page, 'comercial@demo.test');
  await openCompany(page);

  const tags = page.getByRole('region', { name: text.tags.title });
  await tags.getByRole('button', { name: text.tags.create }).click();
  const dialog = page.getByRole('dialog', { name: text.tags.createTitle });
  await dialog.getByRole('textbox', { name: text.code }).fill(`norte-${unique}`);
  await dialog.getByRole('textbox', { name: text.name }).fill(name);
  await dialog.getByRole('radio', { name: '#2F9E44' }).click();

  // A user filter without values: the server's Spanish error under its field, nothing saved.
  await dialog.getByRole('button', { name: f.add }).click();
  await dialog.getByRole('textbox', { name: f.field }).fill('zona');
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog.getByText(f.valueRequired)).toBeVisible();
  await dialog.getByRole('button', { name: f.remove.replace('{n}', '1') }).click();

  await dialog.getByRole('combobox', { name: f.groups }).click();
  await page.getByRole('option', { name: /Equipo Norte$/ }).click();
  // The picker's list stays open over the buttons: leaving the field closes it.
  await dialog.getByRole('textbox', { name: text.name }).click();
  await expect(page.getByRole('option', { name: /Equipo Norte$/ })).toBeHidden();
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog).toHaveCount(0);
  await expect(tags.getByRole('row').filter({ hasText: name })).toBeVisible();

  // Opened again, the dialog shows the group it keeps.
  await tags.getByRole('button', { name: text.edit.replace('{name}', name) }).click();
  const edit = page.getByRole('dialog', { name: text.tags.editTitle });
  await expect(edit.getByText(/Equipo Norte$/)).toBeVisible();
  await edit.getByRole('button', { name: text.cancel }).click();

  const north = await tagDialogOf(signedInPage, 'vendedor@demo.test');
  await expect(north.dialog.getByRole('radio', { name, exact: true })).toBeVisible();
  await north.context.close();

  const south = await tagDialogOf(signedInPage, 'vendedora@demo.test');
  await expect(south.dialog.getByRole('radio', { name, exact: true })).toHaveCount(0);
  await south.context.close();
  // The one refused save (400) is the filter without values.
  expect(unexpectedErrors(browserErrors, [400])).toEqual([]);
});
