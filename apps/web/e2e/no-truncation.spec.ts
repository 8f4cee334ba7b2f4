import type { Locator, Page } from '@playwright/test';
import { expect, settle, signIn, test } from './fixtures';

/** The two desk sizes of issue #35: nothing a user reads is cut at either. */
const DESKS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
];

/** The texts of the badges and menu labels on screen whose words do not fit their box. */
async function cutTexts(page: Page): Promise<string[]> {
  return page
    .locator(
      '.mantine-Badge-label, .mantine-Badge-root, .mantine-NavLink-label, .mantine-NavLink-body',
    )
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth)
        .map((element) => element.textContent ?? ''),
    );
}

/** Opens `path` at each desk size and, once `loaded` shows, finds no badge or menu label cut. */
async function expectNothingCut(page: Page, path: string, loaded: (page: Page) => Locator) {
  for (const size of DESKS) {
    await page.setViewportSize(size);
    await page.goto(path);
    await expect(loaded(page).first()).toBeVisible();
    await settle(page);
    expect(await cutTexts(page), `${path} a ${size.width}×${size.height}`).toEqual([]);
  }
}

test.describe('Nada cortado en el escritorio', () => {
  test('el supervisor ve enteros los objetivos de su panel y su menú', async ({ page }) => {
    await signIn(page, 'supervisor@demo.test');
    await expectNothingCut(page, '/', (each) =>
      each.getByTestId('performance-dashboard').locator('table .mantine-Badge-root'),
    );
  });

  test('el comercial ve enteros los estados de las solicitudes y su menú sin desplazarlo', async ({
    page,
  }) => {
    await signIn(page, 'comercial@demo.test');
    await expectNothingCut(page, '/comercial/requestsale', (each) =>
      each.getByTestId('request-status'),
    );
    await expectNothingCut(page, '/comercial/sale', (each) =>
      each.locator('tbody .mantine-Badge-root'),
    );
    await page.setViewportSize({ width: 1366, height: 850 });
    const menu = page.locator('.mantine-AppShell-navbar .mantine-ScrollArea-viewport');
    const { scrollHeight, clientHeight } = await menu.evaluate((element) => ({
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
  });

  test('el vendedor ve enteros los estados de sus solicitudes y su menú', async ({ page }) => {
    await signIn(page, 'vendedor@demo.test');
    await expectNothingCut(page, '/comercial/requestsale', (each) =>
      each.getByTestId('request-status'),
    );
  });

  test("el gestor ve entero el logo de la empresa en 'Mi Empresa'", async ({ page }) => {
    await signIn(page, 'gestor@demo.test');
    for (const size of DESKS) {
      await page.setViewportSize(size);
      await page.goto('/company');
      const logo = page.getByTestId('company-logo');
      await expect(logo).toBeVisible();
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete))
        .toBe(true);
      // Shown at its own proportions: nothing of it cut to fit a square.
      const { shown, natural } = await logo.evaluate((image: HTMLImageElement) => ({
        shown: image.clientWidth / image.clientHeight,
        natural: image.naturalWidth / image.naturalHeight,
      }));
      expect(Math.abs(shown - natural)).toBeLessThan(0.05);
    }
  });
});
