import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

test.describe('Presentación de novedades', () => {
  test('se muestra con su video y "Entendido" la descarta en el servidor', async ({
    page,
    browserErrors,
  }) => {
    // The demo data flags vendedora@demo.test: she sees the presentation until she dismisses it.
    await signIn(page, 'vendedora@demo.test');
    await page.goto('/');

    const dialog = page.getByRole('dialog', { name: es.newVersion.title });
    await expect(dialog).toBeVisible();
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video.locator('source').first()).toHaveAttribute('src', /^\/media\/novedades\./);
    // The shipped video can be played by this browser.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: 'test-results/new-version.png' });

    const dismissed = page.waitForResponse((response) =>
      response.url().includes('auth.dismissNewVersion'),
    );
    await dialog.getByRole('button', { name: es.newVersion.understood }).click();
    expect((await dismissed).ok()).toBe(true);
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hola, Victoria' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
