import type { Locator, Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, settle, signIn, test, uniqueLetters } from './fixtures';

/**
 * 'Carteras compartidas' (issue #6 §10, /contact/sharedinbox): a member works the owner's
 * contacts; comercial sets shared inboxes up under 'Gestionar'. The demo shares Julia's
 * (jail@demo.test) portfolio with carla.sur@demo.test.
 */

const text = es.sharedInboxes;
const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });

async function choose(page: Page, combobox: Locator, option: string, search: string) {
  await combobox.click();
  await combobox.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('carteras compartidas', () => {
  test('un miembro abre la cartera compartida, ve los contactos del dueño y abre uno', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'carla.sur@demo.test');
    await page.goto('/');
    await mainMenu(page).getByRole('link', { name: text.title }).click();
    await expect(page).toHaveURL(/\/contact\/sharedinbox$/);
    await expect(page.getByRole('heading', { name: text.title })).toBeVisible();
    await expect(page.getByRole('combobox', { name: text.picker })).toHaveValue(
      'Cartera de Julia · Julia Limitada',
    );

    const list = page.getByRole('list', { name: 'Cartera de Julia' });
    const first = list.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const name = (await first.getByTestId('inbox-name').textContent())!.trim();
    await settle(page);
    await page.screenshot({ path: 'test-results/shared-inbox-member.png' });

    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/contact\?.*inbox=shared/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('contact-agent')).toContainText('Julia Limitada');
    expect(browserErrors).toEqual([]);
  });

  test('quien no es miembro de ninguna lo ve dicho', async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/contact/sharedinbox');
    await expect(page.getByTestId('shared-inbox-none')).toContainText(text.none);
    // Sellers do not manage shared inboxes.
    await expect(page.getByText(text.manage, { exact: true })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('comercial crea una cartera compartida, el miembro la ve, y se elimina', async ({
    page,
    browserErrors,
  }) => {
    test.setTimeout(90_000);
    const name = `Cartera ${uniqueLetters()}`;
    await signIn(page, 'comercial@demo.test');
    await page.goto('/contact/sharedinbox');
    // 'Gestionar' opens the management in 'Mi Empresa' (issue #17).
    await page.getByRole('link', { name: text.manage, exact: true }).click();
    await expect(page).toHaveURL(/\/company\/sharedinboxes$/);
    const table = page.getByRole('table', { name: text.manageTitle });
    await expect(table.getByRole('row', { name: /Cartera de Julia/ })).toBeVisible();

    await page.getByRole('button', { name: text.create }).click();
    const dialog = page.getByRole('dialog', { name: text.createTitle });
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog.getByText(text.nameRequired)).toBeVisible();
    await expect(dialog.getByText(text.ownerRequired)).toBeVisible();
    await expect(dialog.getByText(text.membersRequired)).toBeVisible();

    await dialog.getByRole('textbox', { name: text.name }).fill(name);
    await choose(
      page,
      dialog.getByRole('combobox', { name: text.owner }),
      'Victoria Vendedora',
      'Victoria',
    );
    await choose(
      page,
      dialog.getByRole('combobox', { name: text.members }),
      'Pablo Proyectos',
      'Pablo',
    );
    await page.screenshot({ path: 'test-results/shared-inbox-dialog.png' });
    await dialog.getByRole('button', { name: text.save }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Victoria Vendedora');
    await expect(row).toContainText('Pablo Proyectos');

    // The member finds it in the picker with Victoria's contacts.
    await signIn(page, 'proyecto@demo.test');
    await page.goto('/contact/sharedinbox');
    // Pablo is a member of this one only: it is chosen already.
    await expect(page.getByRole('combobox', { name: text.picker })).toHaveValue(
      `${name} · Victoria Vendedora`,
    );
    await expect(page.getByRole('list', { name }).getByRole('listitem').first()).toBeVisible();

    await signIn(page, 'comercial@demo.test');
    // The old address of the management leads there.
    await page.goto('/contact/sharedinbox?view=manage');
    await expect(page).toHaveURL(/\/company\/sharedinboxes$/);
    await table.getByRole('button', { name: `Eliminar ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: text.removeTitle });
    await confirm.getByRole('button', { name: text.removeConfirm }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
