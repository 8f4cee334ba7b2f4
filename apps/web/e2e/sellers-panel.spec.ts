import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

const panel = (page: Page) => page.getByRole('region', { name: es.sellers.title });
const summary = (page: Page) => page.getByTestId('selection-summary');

test.describe('Panel de vendedores', () => {
  test('supervisor@demo.test ve solo a los vendedores de Equipo Norte', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    await expect(panel(page).getByRole('link', { name: 'Todos (2)' })).toBeVisible();
    await expect(panel(page).getByText(/Toda la empresa/)).toHaveCount(0);
    await expect(panel(page).getByRole('link', { name: /@demo\.test/ })).toHaveText([
      /Julia Limitada/,
      /Valentín Vendedor/,
    ]);
    await expect(summary(page)).toContainText(es.sellers.allTitle);
    await expect(summary(page)).toContainText('2 vendedores');
    await page.screenshot({ path: 'test-results/sellers-supervisor.png' });

    await panel(page)
      .getByRole('link', { name: /Valentín Vendedor/ })
      .click();
    await expect(page).toHaveURL(/\/\?view-user=[0-9a-f-]{36}$/);
    await expect(summary(page)).toContainText('Valentín Vendedor');
    await expect(summary(page)).toContainText('vendedor@demo.test');
    await expect(summary(page)).toContainText('1 vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('comercial@demo.test ve toda la empresa, sus grupos y busca sin acentos', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'comercial@demo.test');
    await page.goto('/');
    await expect(panel(page).getByRole('link', { name: 'Todos (4)' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Toda la empresa (4)' })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Equipo Norte' })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Equipo Sur' })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: 'Todo el grupo (2)' })).toHaveCount(2);
    await page.screenshot({ path: 'test-results/sellers-comercial.png' });

    // A seller sets view-user; a group sets view-group and clears view-user.
    await panel(page)
      .getByRole('link', { name: /Victoria Vendedora/ })
      .click();
    await expect(page).toHaveURL(/\/\?view-user=[0-9a-f-]{36}$/);
    await expect(summary(page)).toContainText('Victoria Vendedora');
    await expect(summary(page)).toContainText('Equipo Sur');

    await panel(page).getByRole('link', { name: 'Todo el grupo (2)' }).first().click();
    await expect(page).toHaveURL(/\/\?view-group=[0-9a-f-]{36}$/);
    await expect(summary(page)).toContainText('Equipo Norte');
    await expect(summary(page)).toContainText('2 vendedores');

    await panel(page).getByRole('link', { name: 'Toda la empresa (4)' }).click();
    await expect(summary(page)).toContainText('Demo Uruguay');
    await expect(summary(page)).toContainText('4 vendedores');

    await panel(page).getByRole('link', { name: 'Todos (4)' }).click();
    await expect(page).toHaveURL('/');

    // Case- and accent-insensitive search on name and e-mail.
    const search = panel(page).getByRole('textbox', { name: es.sellers.search });
    await search.fill('VALENTIN');
    await expect(panel(page).getByRole('link', { name: /@demo\.test/ })).toHaveText([
      /Valentín Vendedor/,
    ]);
    await expect(panel(page).getByRole('button', { name: 'Equipo Sur' })).toHaveCount(0);
    await search.fill('vendedora@');
    await expect(panel(page).getByRole('link', { name: /@demo\.test/ })).toHaveText([
      /Victoria Vendedora/,
    ]);
    await search.fill('nadie');
    await expect(panel(page).getByText(es.sellers.noMatches)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('una selección que no existe lo dice', async ({ page, browserErrors }) => {
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/?view-user=00000000-0000-0000-0000-000000000000');
    await expect(page.getByText(es.sellers.notFound)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('los demás roles ven una bienvenida con su nombre y empresa', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'proyecto@demo.test');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hola, Pablo' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Empresa/ })).toContainText('Demo Uruguay');
    await expect(page.getByRole('region', { name: es.sellers.title })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/home-welcome.png' });
    expect(browserErrors).toEqual([]);
  });
});
