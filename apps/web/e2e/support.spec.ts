import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

/*
 * 01 §2 'Support' and the user menu's 'show or hide support' (issue #44 item 4): the test
 * servers' SUPPORT_URL is a mail address; the entry opens it in a new tab, and hiding it lasts
 * across reloads until the user shows it again.
 */
test("'Soporte' abre la dirección de soporte y el menú de usuario lo oculta y lo vuelve a mostrar", async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'vendedor@demo.test');
  await page.goto('/');
  const support = page.getByRole('link', { name: es.shell.support });
  await expect(support).toHaveAttribute('href', 'mailto:soporte@cartera.test');
  await expect(support).toHaveAttribute('target', '_blank');

  const userMenu = page.getByRole('button', { name: `${es.shell.userMenu}: Valentín Vendedor` });
  await userMenu.click();
  await page.getByRole('menuitem', { name: es.shell.hideSupport }).click();
  await expect(support).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(support).toHaveCount(0);

  await userMenu.click();
  await page.getByRole('menuitem', { name: es.shell.showSupport }).click();
  await expect(support).toBeVisible();
  expect(browserErrors).toEqual([]);
});
