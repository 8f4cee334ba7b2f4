import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, expectShellFor, patchMe, settle, signIn, test } from './fixtures';

/**
 * Every identity and shell screen, photographed on a desktop and on a narrow window (collapsed
 * menu), into test-results/ for review. Each shot waits for its screen to be complete.
 */
const VIEWPORTS = [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'angosta', width: 800, height: 900 },
] as const;

async function openUserMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: new RegExp(es.shell.userMenu) }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`Capturas (${viewport.name}, ${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const shot = async (page: Page, name: string) => {
      await settle(page);
      await page.screenshot({ path: `test-results/screens/${viewport.name}-${name}.png` });
    };

    test('inicio de sesión', async ({ page, browserErrors }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: es.auth.loginTitle })).toBeVisible();
      await shot(page, 'login');
      await page.getByRole('button', { name: es.auth.submit }).click();
      await expect(page.getByText(es.auth.emailRequired)).toBeVisible();
      await shot(page, 'login-errores');
      expect(browserErrors).toEqual([]);
    });

    test('cambio obligatorio y presentación de novedades', async ({ page, browserErrors }) => {
      // Shown through auth.me so the demo user who owes a change keeps owing it.
      let owes = true;
      await patchMe(page, () =>
        owes ? { mustChangePassword: true } : { showNewVersionPresentation: true },
      );
      await signIn(page, 'vendedora@demo.test');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: es.password.title })).toBeVisible();
      await page.getByLabel(es.password.current).fill('Demo');
      await page.getByLabel(es.password.next, { exact: true }).fill('Nueva1');
      await page.getByLabel(es.password.repeat).focus();
      await expect(page.getByText(es.password.currentTooShort)).toBeVisible();
      await shot(page, 'cambio-obligatorio');

      owes = false;
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: es.newVersion.title });
      await expect(dialog).toBeVisible();
      await expect
        .poll(() => dialog.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
        .toBeGreaterThanOrEqual(2);
      await shot(page, 'novedades');
      expect(browserErrors).toEqual([]);
    });

    test('inicio del supervisor', async ({ page, browserErrors }) => {
      await signIn(page, 'supervisor@demo.test');
      await page.goto('/');
      await expect(page.getByRole('region', { name: es.sellers.title })).toBeVisible();
      await shot(page, 'inicio-supervisor');
      await page.getByRole('region', { name: es.sellers.title }).getByRole('link').nth(1).click();
      await expect(page.getByTestId('selection-summary')).toContainText('@demo.test');
      await shot(page, 'inicio-supervisor-vendedor');
      expect(browserErrors).toEqual([]);
    });

    test('inicio, diálogos y cambio de cuenta', async ({ page, browserErrors }) => {
      await signIn(page, 'admin@demo.test');
      await page.goto('/');
      await expectShellFor(page, 'Ana Administradora');
      await expect(page.getByRole('heading', { name: 'Hola, Ana' })).toBeVisible();
      await shot(page, 'inicio-admin');

      await openUserMenuItem(page, es.shell.profile);
      await expect(page.getByRole('dialog', { name: es.profile.title })).toBeVisible();
      await shot(page, 'mi-perfil');
      await page.keyboard.press('Escape');

      await openUserMenuItem(page, es.shell.activity);
      const activity = page.getByRole('dialog', { name: es.activity.title });
      await expect(activity.getByTestId('activity-item').first()).toBeVisible();
      await shot(page, 'actividad');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: es.shell.changeAccount }).click();
      const switcher = page.getByRole('dialog', { name: es.accountSwitcher.title });
      await expect(switcher.getByRole('button', { name: /comercial@demo\.test/ })).toBeVisible();
      await shot(page, 'cambiar-de-cuenta');
      await switcher.getByRole('button', { name: /comercial@demo\.test/ }).click();
      await expect(page.getByTestId('impersonation-banner')).toBeVisible();
      await expect(page.getByRole('region', { name: es.sellers.title })).toBeVisible();
      // Let the notification go before the shot.
      await page.locator('.mantine-Notification-closeButton').click();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      await shot(page, 'usando-otra-cuenta');
      await page
        .getByTestId('impersonation-banner')
        .getByRole('button', { name: es.shell.returnToAdmin })
        .click();
      await expectShellFor(page, 'Ana Administradora');
      expect(browserErrors).toEqual([]);
    });

    test('página no encontrada', async ({ page, browserErrors }) => {
      await signIn(page, 'vendedor@demo.test');
      await page.goto('/no-existe');
      await expect(page.getByRole('heading', { name: es.app.notFoundTitle })).toBeVisible();
      await shot(page, '404');
      expect(browserErrors).toEqual([]);
    });
  });
}
