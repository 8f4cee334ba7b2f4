import type { Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, settle, signIn, test } from './fixtures';

/**
 * The companies screens photographed on a desktop and on a narrow window, into
 * test-results/screens/ for review: the list, a company page, the company dialog with every
 * field filled, and the shared-option dialog.
 */
const VIEWPORTS = [
  { name: 'escritorio', width: 1280, height: 800 },
  { name: 'angosta', width: 800, height: 900 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`Capturas de empresas (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    const shot = async (page: Page, name: string) => {
      // An animation replaced while waiting (a checkbox, a dropdown) aborts; wait for the next.
      await settle(page).catch(() => settle(page));
      await page.screenshot({ path: `test-results/screens/${viewport.name}-${name}.png` });
    };

    test('lista, página, diálogo y opción', async ({ page, browserErrors }) => {
      test.setTimeout(60_000);
      await signIn(page, 'comercial@demo.test');
      await page.goto('/companies');
      await expect(page.getByRole('link', { name: 'Agropecuaria del Este S.A.' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: /^Encargado de Agropecuaria/ })).toHaveValue(
        'Sergio Supervisor',
      );
      await page.getByRole('checkbox', { name: 'Seleccionar Barraca Central S.A.' }).check();
      await shot(page, 'empresas-lista');
      await page.getByRole('button', { name: es.companies.addFilter }).click();
      await page.getByRole('combobox', { name: es.companies.filterField, exact: true }).click();
      await page.getByRole('option', { name: 'Cliente desde' }).click();
      await page.getByRole('textbox', { name: es.companies.filterValue }).fill('01/01/2020');
      await shot(page, 'empresas-filtro');
      await page.getByRole('button', { name: es.companies.applyFilter }).click();
      await expect(page.getByText('Cliente desde igual 01/01/2020')).toBeVisible();
      await page.goto('/companies');

      await page.getByRole('link', { name: 'Agropecuaria del Este S.A.' }).click();
      const general = page.getByRole('region', { name: es.companies.generalInfo });
      await expect(general.locator('[data-field="etiquetas"]')).toContainText('VIP');
      await expect(general).toContainText('Sergio Supervisor');
      await shot(page, 'empresa-pagina');
      await page.getByRole('button', { name: es.companies.addContacts }).click();
      const sheet = page.getByRole('dialog', { name: es.companies.selectContacts });
      // The demo has hundreds of contacts in name order: search the one to pick.
      await sheet.getByRole('textbox', { name: es.companies.searchContacts }).fill('bru');
      await expect(sheet.getByRole('checkbox', { name: 'Bruno Silva' })).toBeVisible();
      await sheet.getByRole('checkbox', { name: 'Bruno Silva' }).check();
      await shot(page, 'empresa-contactos');
      await sheet.getByRole('button', { name: es.companies.cancel }).click();
      await expect(sheet).toHaveCount(0);

      await page.getByRole('button', { name: es.companies.edit }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar Empresa' });
      await expect(dialog.getByRole('combobox', { name: 'Rubro' })).toHaveValue('Agro');
      await dialog.getByRole('textbox', { name: 'Teléfonos 1' }).fill('099123456');
      await dialog.getByRole('textbox', { name: 'Sitio web' }).fill('https://agro.uy');
      await dialog.getByRole('textbox', { name: 'Código de cliente' }).fill('C-0002');
      await expect(dialog.getByText(es.fields.notUniqueCompany)).toBeVisible();
      await shot(page, 'empresa-dialogo');
      // The whole dialog at once, on a window tall enough to hold it.
      await page.setViewportSize({ width: viewport.width, height: 2200 });
      await shot(page, 'empresa-dialogo-completo');
      await page.setViewportSize({ width: viewport.width, height: viewport.height });

      await dialog.getByRole('textbox', { name: 'Etiquetas' }).click();
      await expect(page.getByRole('option', { name: /^Exportador/ })).toBeVisible();
      await shot(page, 'empresa-opciones');
      await page.getByRole('button', { name: 'Editar opción Exportador' }).click();
      const option = page.getByRole('dialog', { name: es.fields.editOption });
      await expect(option.getByRole('textbox', { name: es.fields.optionName })).toHaveValue(
        'Exportador',
      );
      await shot(page, 'opcion-dialogo');
      expect(browserErrors).toEqual([]);
    });
  });
}
