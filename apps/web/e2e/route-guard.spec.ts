import { es } from '@cartera/domain/i18n';
import { ruleFor } from '@cartera/domain/policy';
import { expect, expectShellFor, signIn, test } from './fixtures';

test.describe('Guardia de rutas', () => {
  test('jail@demo.test empieza en /training, su menú ofrece sus pantallas y otra dirección se explica', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/');
    await expect(page).toHaveURL('/training');
    await expect(page.getByRole('heading', { name: es.training.title, exact: true })).toBeVisible();
    // Her menu offers her two screens and nothing the guard would refuse (issue #35 item 5).
    const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
    await expect(menu.getByRole('link')).toHaveText([
      es.menu.entries.training,
      es.menu.entries.settings,
    ]);

    await page.goto('/?view-user=x');
    await expect(page).toHaveURL('/training');
    // A typed address outside her list is explained where it was typed.
    await page.goto('/contacts');
    await expect(page).toHaveURL('/contacts');
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    await page.getByRole('link', { name: es.app.forbiddenBack }).click();
    await expect(page).toHaveURL('/training');
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor que escribe la dirección de otro rol ve la explicación y vuelve a su inicio', async ({
    page,
    browserErrors,
  }) => {
    // /grupos is for administrators only; the guard refuses it before asking whether it exists.
    expect(ruleFor('/grupos')?.roles).toEqual(['admin']);
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/grupos');
    await expect(page).toHaveURL('/grupos');
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    await expect(page.getByText(es.app.forbiddenBody)).toBeVisible();
    await page.getByRole('link', { name: es.app.forbiddenBack }).click();
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor sin el permiso de la pantalla también ve la explicación', async ({
    page,
    browserErrors,
  }) => {
    // /comercial/sale admits every role but needs the comercial-sale slug, which sellers lack.
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/comercial/sale');
    await expect(page).toHaveURL('/comercial/sale');
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('el administrador sí puede abrir /grupos', async ({ page, browserErrors }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/grupos');
    await expect(page).toHaveURL(/\/grupos/);
    await expect(page.getByRole('heading', { name: es.admin.title, level: 1 })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });
});
