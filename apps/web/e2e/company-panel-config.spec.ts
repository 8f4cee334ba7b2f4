import { es, format } from '@cartera/domain/i18n';
import { expect, signIn, test, uniqueLetters } from './fixtures';

/**
 * 'Mi Empresa' › 'Campos' › 'Panel de empresas' (issue #4, #17): a name too long is refused as it
 * is typed, 'Cancelar' puts the stored values back, and a fixed field's label is saved (and put
 * back at the end, so the company's configuration ends as it began).
 */

const t = es.fieldsConfig.panel;

test.describe('Mi Empresa: panel de empresas', () => {
  test('comercial ve el nombre demasiado largo, cancela, y guarda la etiqueta de un campo fijo', async ({
    page,
  }) => {
    const label = `Resumen ${uniqueLetters()}`;
    const description = es.fieldsConfig.panel.fieldNames.description;
    await signIn(page, 'comercial@demo.test');
    await page.goto('/company/fields');
    const panel = page.getByRole('region', { name: t.title });
    const name = panel.getByRole('textbox', { name: t.label });
    await expect(name).toBeVisible();
    const stored = await name.inputValue();

    await name.fill('x'.repeat(41));
    await expect(panel.getByText(t.labelTooLong)).toBeVisible();
    await panel.getByRole('button', { name: es.fieldsConfig.cancel }).click();
    await expect(name).toHaveValue(stored);
    await expect(panel.getByText(t.labelTooLong)).toHaveCount(0);

    const fieldLabel = panel.getByRole('textbox', {
      name: format(t.fieldLabelOf, { name: description }),
    });
    await fieldLabel.fill(label);
    await panel.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await page.reload();
    await expect(fieldLabel).toHaveValue(label);

    await fieldLabel.fill('');
    await panel.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved).first()).toBeVisible();
    await page.reload();
    await expect(fieldLabel).toHaveValue('');
  });
});
