import { es } from '@cartera/domain/i18n';
import { ruleFor } from '@cartera/domain/policy';
import { expect, expectShellFor, signIn, test } from './fixtures';

test.describe('Guardia de rutas', () => {
  test('jail@demo.test queda confinada a sus rutas: / lleva a /training', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'jail@demo.test');
    await page.goto('/');
    await expect(page).toHaveURL('/training');
    await expect(page.getByRole('heading', { name: es.training.title, exact: true })).toBeVisible();
    // Its menu offers nothing the guard would send it back from.
    await expect(page.getByRole('link', { name: es.menu.entries.performance })).toHaveCount(0);
    await expect(page.getByRole('link', { name: es.menu.entries.contacts })).toHaveCount(0);

    await page.goto('/?view-user=x');
    await expect(page).toHaveURL('/training');
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor que abre una ruta de otro rol vuelve al inicio', async ({
    page,
    browserErrors,
  }) => {
    // /grupos is for administrators only; the guard redirects before asking whether it exists.
    expect(ruleFor('/grupos')?.roles).toEqual(['admin']);
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/grupos');
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor sin el permiso de la pantalla también vuelve al inicio', async ({
    page,
    browserErrors,
  }) => {
    // /actionsHistory admits every role but needs the actionsHistory slug, which sellers lack.
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/actionsHistory');
    await expect(page).toHaveURL('/');
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
