import { es } from '@cartera/domain/i18n';
import { expect, expectShellFor, signIn, test } from './fixtures';

test.describe('Página no encontrada', () => {
  test('una dirección desconocida muestra la página 404 en español y su botón vuelve al inicio', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const response = await page.goto('/esto-no-existe');
    expect(response?.ok()).toBe(true);

    await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();
    await expect(page.getByText(es.app.notFoundBody)).toBeVisible();
    await page.screenshot({ path: 'test-results/not-found-page.png', fullPage: true });

    await page.getByRole('link', { name: es.app.backHome }).click();

    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('también funciona en una dirección anidada', async ({ page }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/clientes/123/detalle');
    await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();
  });

  test('sin sesión, una dirección desconocida pide iniciar sesión primero', async ({ page }) => {
    await page.goto('/esto-no-existe');
    await expect(page).toHaveURL('/login?returnurl=%2Festo-no-existe');
  });
});
