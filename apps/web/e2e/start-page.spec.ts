import { errorMessage, es } from '@cartera/domain/i18n';
import { expect, test } from './fixtures';

test.describe('Página de inicio', () => {
  test('muestra el nombre del producto, la versión y la base de datos embebida cargados desde la API', async ({
    page,
    request,
  }) => {
    const health = await request.get('/api/health');
    expect(health.ok()).toBe(true);

    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Cartera' })).toBeVisible();
    await expect(page.getByText(es.app.connected)).toBeVisible();
    await expect(page.getByRole('row', { name: es.app.version })).toContainText(/\d+\.\d+\.\d+/);
    await expect(page.getByRole('row', { name: es.app.database })).toContainText(
      'Embebida (PGlite)',
    );
    await expect(page.getByRole('row', { name: es.app.serverTime })).toContainText(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    await expect(page).toHaveTitle('Cartera');

    await page.screenshot({ path: 'test-results/start-page.png', fullPage: true });
  });

  test('carga sin errores en la consola ni errores de la página', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('row', { name: es.app.database })).toContainText(
      'Embebida (PGlite)',
    );
    await page.waitForLoadState('networkidle');
    expect(browserErrors).toEqual([]);
  });

  test('muestra el error en español y un botón para volver a intentar si la API falla', async ({
    page,
  }) => {
    let failing = true;
    await page.route('**/api/trpc/**', (route) =>
      failing ? route.abort('connectionrefused') : route.fallback(),
    );

    await page.goto('/');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(errorMessage('SERVICE_UNAVAILABLE'), {
      timeout: 20_000,
    });
    await page.screenshot({ path: 'test-results/start-page-error.png', fullPage: true });

    failing = false;
    await alert.getByRole('button', { name: es.app.retry }).click();
    await expect(page.getByRole('row', { name: es.app.database })).toContainText(
      'Embebida (PGlite)',
    );
  });
});
