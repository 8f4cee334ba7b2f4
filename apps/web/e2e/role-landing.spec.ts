import type { Page, Response } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { LANDING_PATHS } from '@cartera/domain/policy';
import { expect, signIn, test } from './fixtures';

/**
 * Issue #35 item 5: each demo login starts on the screen of the policy's landing table, and every
 * entry of its side menu opens a screen that asks the server for its data and is answered 200:
 * no explanation page, no redirect.
 */

const mainMenu = (page: Page) => page.getByRole('navigation', { name: es.shell.mainMenu });

/** A data request of a screen: the API, not the live events' stream. */
function isData(response: Response) {
  const url = new URL(response.url());
  return url.pathname.startsWith('/api/') && !url.pathname.includes('realtime.events');
}

/** One demo login per role (the "each demo role"). */
const DEMO_LOGINS: ReadonlyArray<readonly [email: string, landing: string]> = [
  ['admin@demo.test', LANDING_PATHS.admin],
  ['supervisor@demo.test', LANDING_PATHS.super],
  ['comercial@demo.test', LANDING_PATHS.comercial],
  ['proyecto@demo.test', LANDING_PATHS.project_manager],
  ['gestor@demo.test', LANDING_PATHS.users_manager],
  ['vendedor@demo.test', LANDING_PATHS.user],
  // cambio@demo.test, who owes a password change, is in force-change-password.spec: that file
  // changes the password, and a file's tests are the only order a worker keeps.
  // Confined to /training and /settings: the first of its list.
  ['jail@demo.test', '/training'],
];

test.describe('Pantalla de inicio y menú de cada rol', () => {
  for (const [email, landing] of DEMO_LOGINS) {
    test(`${email} empieza en ${landing} y cada entrada de su menú abre una pantalla con datos`, async ({
      page,
      browserErrors,
    }) => {
      const answered: Response[] = [];
      page.on('response', (response) => {
        if (isData(response)) answered.push(response);
      });
      await signIn(page, email);
      await page.goto('/');
      await expect(page).toHaveURL(new RegExp(`^[^?#]*//[^/]+${landing}(\\?.*)?$`));
      await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toHaveCount(0);
      await expect.poll(() => answered.some((response) => response.status() === 200)).toBe(true);

      const menu = mainMenu(page);
      await expect(menu.getByRole('link').first()).toBeVisible();
      // The groups that start closed ('Clientes') are opened to reach their entries.
      const closed = menu.locator('button[aria-expanded="false"]');
      while ((await closed.count()) > 0) await closed.first().click();
      const hrefs = await menu
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);

      // A screen seen before answers from the page's cache for 30 s ('/#vendedores' after '/'):
      // it is loaded afresh, from a blank page, so that its requests are seen.
      const seen = new Set([new URL(page.url()).pathname]);
      for (const [index, href] of hrefs.entries()) {
        const target = new URL(href, page.url());
        const from = answered.length;
        if (seen.has(target.pathname)) {
          await page.goto('about:blank');
          await page.goto(href);
        } else {
          await menu.getByRole('link').nth(index).click();
        }
        seen.add(target.pathname);
        await expect(page, href).toHaveURL((url) => url.pathname === target.pathname);
        await expect
          .poll(() => answered.slice(from).some((response) => response.status() === 200), {
            message: `${href}: a data request answered 200`,
          })
          .toBe(true);
        await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toHaveCount(0);
      }
      const refused = answered.filter((response) => response.status() >= 400);
      expect(refused.map((response) => `${response.status()} ${response.url()}`)).toEqual([]);
      expect(browserErrors).toEqual([]);
    });
  }
});
