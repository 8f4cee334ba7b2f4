import { es } from '@cartera/domain/i18n';
import { expect, test } from './fixtures';

test.describe('Página no encontrada', () => {
  test('una dirección desconocida muestra la página 404 en español y su botón vuelve al inicio', async ({
    page,
    browserErrors,
  }) => {
    const response = await page.goto('/esto-no-existe');
    expect(response?.ok()).toBe(true);

    await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();
    await expect(page.getByText(es.app.notFoundBody)).toBeVisible();
    await page.screenshot({ path: 'test-results/not-found-page.png', fullPage: true });

    await page.getByRole('link', { name: es.app.backHome }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Cartera' })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('también funciona en una dirección anidada', async ({ page }) => {
    await page.goto('/clientes/123/detalle');
    await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();
  });
});
