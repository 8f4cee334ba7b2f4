import { es, format } from '@cartera/domain/i18n';
import { expect, signIn, test, uniqueLetters } from './fixtures';

/**
 * 'Mi Empresa' › 'Ventas' (issue #17): a sale template is created in its dialog (the code is
 * required and unique), listed, and removed again, so the company's configuration ends as it began.
 */

const t = es.fieldsConfig.sale;

test.describe('Mi Empresa: configuración de ventas', () => {
  test('comercial crea una plantilla de venta, el código repetido se rechaza, y la quita', async ({
    page,
  }) => {
    const unique = uniqueLetters();
    const code = `plantilla_${unique}`;
    const title = `Venta ${unique}`;
    await signIn(page, 'comercial@demo.test');
    await page.goto('/company/sales');
    const table = page.getByRole('table', { name: t.templatesTitle });
    await expect(table).toBeVisible();

    await page.getByRole('button', { name: t.createTemplate }).click();
    const dialog = page.getByRole('dialog', { name: t.createTitle });
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByText(t.codeRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: t.code }).fill(code);
    await dialog.getByRole('textbox', { name: t.saleTitle }).fill(title);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(code) })).toContainText(title);

    await page.getByRole('button', { name: t.createTemplate }).click();
    const again = page.getByRole('dialog', { name: t.createTitle });
    await again.getByRole('textbox', { name: t.code }).fill(code);
    await again.getByRole('button', { name: t.save }).click();
    await expect(again.getByText(t.codeTaken)).toBeVisible();
    await again.getByRole('button', { name: es.fieldsConfig.cancel }).click();
    await expect(again).toBeHidden();

    await table.getByRole('button', { name: format(t.remove, { name: title }) }).click();
    const confirm = page.getByRole('dialog', { name: format(t.remove, { name: title }) });
    await confirm.getByRole('button', { name: es.fields.delete }).click();
    await expect(confirm).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
  });
});
