import type { Locator, Page } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

/**
 * The configurable fields of companies (issue #4): Demo Uruguay has one company field of each of
 * the 12 types, plus a unique 'Código de cliente'. Every type is filled, saved, shown read-only
 * on the company page and found again when editing; shared options are created, edited and
 * deleted from the field itself.
 */

const field = (scope: Page | Locator, code: string) => scope.locator(`[data-field="${code}"]`);

async function choose(page: Page, combobox: Locator, option: string | RegExp, search?: string) {
  await combobox.click();
  if (search) await combobox.fill(search);
  await page.getByRole('option', { name: option }).click();
}

test.describe('Campos adicionales de empresas', () => {
  test('cada uno de los 12 tipos se completa, se guarda y se vuelve a ver', async ({
    page,
    browserErrors,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'comercial@demo.test');
    await page.goto('/companies');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Empresa' });
    await dialog.getByRole('textbox', { name: 'Razón social' }).fill('Todos los Campos S.A.');
    await dialog.getByRole('textbox', { name: 'Nombre comercial' }).fill('Todos los Campos');
    await dialog.getByRole('textbox', { name: 'RUT' }).fill('219000000901');

    // select
    await choose(page, dialog.getByRole('combobox', { name: 'Rubro' }), 'Tecnología');
    // number: digits only
    await dialog.getByRole('textbox', { name: 'Cantidad de empleados' }).fill('1a2b0');
    await expect(dialog.getByRole('textbox', { name: 'Cantidad de empleados' })).toHaveValue('120');
    // string
    await dialog.getByRole('textbox', { name: 'Sitio web' }).fill('https://campos.uy');
    // date: digits and slashes only, DD/MM/YYYY
    const date = dialog.getByRole('textbox', { name: 'Cliente desde' });
    await date.fill('31/02/2021');
    await date.blur();
    await expect(field(dialog, 'fecha_alta').getByText(es.fields.invalidDate)).toBeVisible();
    await date.fill('05/03/2021');
    await expect(field(dialog, 'fecha_alta').getByText(es.fields.invalidDate)).toHaveCount(0);
    // multiselect
    const lines = dialog.getByRole('combobox', { name: 'Líneas de producto' });
    await choose(page, lines, 'Seguros');
    await page.getByRole('option', { name: 'Ahorro' }).click();
    // phonenumbers, validated for Uruguay
    await dialog.getByRole('textbox', { name: 'Teléfonos 1' }).fill('12');
    await dialog.getByRole('textbox', { name: 'Teléfonos 1' }).blur();
    await expect(field(dialog, 'telefonos').getByText(es.fields.invalidPhone)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Teléfonos 1' }).fill('099123456');
    await dialog.getByRole('button', { name: es.fields.addPhone }).click();
    await dialog.getByRole('textbox', { name: 'Teléfonos 2' }).fill('24001234');
    await expect(field(dialog, 'telefonos').getByText(es.fields.invalidPhone)).toHaveCount(0);
    // selectcontact / multiplecontact: searched on the server
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'Contacto principal' }),
      'Andrea Pérez',
      'andr',
    );
    const referents = dialog.getByRole('combobox', { name: 'Referentes' });
    await choose(page, referents, 'Bruno Silva', 'bru');
    await choose(page, referents, 'Carolina Díaz', 'carol');
    // selectcompany / multiplecompany
    await choose(
      page,
      dialog.getByRole('combobox', { name: 'Casa matriz' }),
      'Barraca Central S.A.',
      'Barraca',
    );
    const related = dialog.getByRole('combobox', { name: 'Empresas relacionadas' });
    await choose(page, related, 'Café del Puerto S.A.', 'Café');
    await choose(page, related, 'Clínica Sur S.A.', 'Clínica');
    // sharedmultioptions
    const labels = dialog.getByRole('textbox', { name: 'Etiquetas' });
    await labels.click();
    await page.getByRole('option', { name: /^VIP/ }).click();
    await page.getByRole('option', { name: /^Exportador/ }).click();
    // direction, through the fake Google Places
    const branch = dialog.getByRole('textbox', { name: 'Dirección de sucursal' });
    await branch.fill('gorlero');
    await page.getByRole('option', { name: /Av\. Gorlero 550/ }).click();
    await expect(branch).toHaveValue('Av. Gorlero 550, Punta del Este, Uruguay');
    // unique string
    await dialog.getByRole('textbox', { name: 'Código de cliente' }).fill('C-9001');
    await expect(
      field(dialog, 'codigo_cliente').getByRole('img', { name: es.fields.uniqueAvailable }),
    ).toBeVisible();

    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(
      page.getByText('Se guardaron los datos de «Todos los Campos S.A.».'),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Read-only on the company page.
    await page.getByRole('link', { name: 'Todos los Campos S.A.' }).click();
    const general = page.getByRole('region', { name: es.companies.generalInfo });
    const expectations: Array<[string, string[]]> = [
      ['rubro', ['Tecnología']],
      ['empleados', ['120']],
      ['sitio_web', ['https://campos.uy']],
      ['fecha_alta', ['05/03/2021']],
      ['lineas', ['Seguros', 'Ahorro']],
      ['telefonos', ['099123456', '24001234']],
      ['contacto_principal', ['Andrea Pérez']],
      ['referentes', ['Bruno Silva', 'Carolina Díaz']],
      ['casa_matriz', ['Barraca Central S.A.']],
      ['relacionadas', ['Café del Puerto S.A.', 'Clínica Sur S.A.']],
      ['etiquetas', ['VIP', 'Exportador']],
      ['sucursal', ['Av. Gorlero 550, Punta del Este, Uruguay']],
      ['codigo_cliente', ['C-9001']],
    ];
    for (const [code, texts] of expectations) {
      for (const text of texts) await expect(field(general, code)).toContainText(text);
    }
    await expect(general.getByRole('link', { name: 'Barraca Central S.A.' })).toBeVisible();
    await page.screenshot({
      path: 'test-results/screens/empresa-todos-los-campos.png',
      fullPage: true,
    });

    // And again in the edit dialog.
    await page.getByRole('button', { name: es.companies.edit }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Empresa' });
    await expect(edit.getByRole('combobox', { name: 'Rubro' })).toHaveValue('Tecnología');
    await expect(edit.getByRole('textbox', { name: 'Cantidad de empleados' })).toHaveValue('120');
    await expect(edit.getByRole('textbox', { name: 'Sitio web' })).toHaveValue('https://campos.uy');
    await expect(edit.getByRole('textbox', { name: 'Cliente desde' })).toHaveValue('05/03/2021');
    await expect(field(edit, 'lineas')).toContainText('Seguros');
    await expect(field(edit, 'lineas')).toContainText('Ahorro');
    await expect(edit.getByRole('textbox', { name: 'Teléfonos 1' })).toHaveValue('099123456');
    await expect(edit.getByRole('textbox', { name: 'Teléfonos 2' })).toHaveValue('24001234');
    await expect(edit.getByRole('combobox', { name: 'Contacto principal' })).toHaveValue(
      'Andrea Pérez',
    );
    await expect(field(edit, 'referentes')).toContainText('Bruno Silva');
    await expect(field(edit, 'referentes')).toContainText('Carolina Díaz');
    await expect(edit.getByRole('combobox', { name: 'Casa matriz' })).toHaveValue(
      'Barraca Central S.A.',
    );
    await expect(field(edit, 'relacionadas')).toContainText('Café del Puerto S.A.');
    await expect(field(edit, 'relacionadas')).toContainText('Clínica Sur S.A.');
    await expect(field(edit, 'etiquetas')).toContainText('VIP');
    await expect(field(edit, 'etiquetas')).toContainText('Exportador');
    await expect(edit.getByRole('textbox', { name: 'Dirección de sucursal' })).toHaveValue(
      'Av. Gorlero 550, Punta del Este, Uruguay',
    );
    await expect(edit.getByRole('textbox', { name: 'Código de cliente' })).toHaveValue('C-9001');

    // Editing keeps its own unique value and saves a change.
    await edit.getByRole('textbox', { name: 'Cantidad de empleados' }).fill('125');
    await edit.getByRole('button', { name: es.companies.save }).click();
    await expect(edit).toHaveCount(0);
    await expect(field(general, 'empleados')).toContainText('125');
    expect(browserErrors).toEqual([]);
  });

  test('un tipo de campo desconocido muestra "Campo no reconocido"', async ({
    page,
    browserErrors,
  }) => {
    // A definition of a type this version does not know (a newer server, say).
    await page.route(/\/api\/trpc\/[^?]*customField\.forForm/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<{
        result?: { data?: { json?: Array<Record<string, unknown>> } };
      }>;
      const paths = new URL(route.request().url()).pathname.replace('/api/trpc/', '').split(',');
      const fields = body[paths.indexOf('customField.forForm')]?.result?.data?.json;
      if (fields?.[0]) {
        fields.push({
          ...fields[0],
          id: '00000000-0000-4000-8000-0000000000ff',
          code: 'valoracion',
          name: 'Valoración',
          type: 'rating',
          required: false,
          uniqueField: false,
        });
      }
      await route.fulfill({ response, json: body });
    });
    await signIn(page, 'comercial@demo.test');
    await page.goto('/companies');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Empresa' });
    await expect(field(dialog, 'valoracion')).toContainText('Valoración');
    await expect(field(dialog, 'valoracion').getByRole('alert')).toHaveText(es.fields.unknownKind);
    expect(browserErrors).toEqual([]);
  });

  test('las opciones compartidas se crean, editan y eliminan desde el campo', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    await page.goto('/companies');
    await page.getByRole('button', { name: 'Agregar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Empresa' });
    await dialog.getByRole('textbox', { name: 'Etiquetas' }).click();
    await page.getByRole('button', { name: es.fields.createOption }).click();

    const option = page.getByRole('dialog', { name: es.fields.createOption });
    const name = option.getByRole('textbox', { name: es.fields.optionName });
    await option.getByRole('button', { name: es.fields.create }).click();
    await expect(option.getByText('El nombre de la opción es requerido.')).toBeVisible();
    await name.fill('x'.repeat(201));
    await expect(
      option.getByText('El nombre no debe de superar los 200 caracteres de longitud.'),
    ).toBeVisible();
    // 18 preset colours, #0080FF chosen by default.
    await expect(option.getByRole('button', { name: /^Color #/ })).toHaveCount(18);
    await expect(option.getByRole('button', { name: 'Color #0080FF' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await name.fill('Mayorista');
    await option.getByRole('button', { name: 'Color #36B37E' }).click();
    await expect(option.getByRole('textbox', { name: es.fields.customColor })).toHaveValue(
      '#36B37E',
    );
    await option.getByRole('button', { name: es.fields.create }).click();
    await expect(option).toHaveCount(0);
    // The new option is chosen at once.
    await expect(field(dialog, 'etiquetas')).toContainText('Mayorista');

    await dialog.getByRole('textbox', { name: 'Etiquetas' }).click();
    await page.getByRole('button', { name: 'Editar opción Mayorista' }).click();
    const editing = page.getByRole('dialog', { name: es.fields.editOption });
    await editing.getByRole('textbox', { name: es.fields.optionName }).fill('Mayorista plus');
    await editing.getByRole('textbox', { name: es.fields.customColor }).fill('#123456');
    await editing.getByRole('button', { name: es.fields.save }).click();
    await expect(editing).toHaveCount(0);
    await expect(field(dialog, 'etiquetas')).toContainText('Mayorista plus');

    await dialog.getByRole('textbox', { name: 'Etiquetas' }).click();
    await page.getByRole('button', { name: 'Editar opción Mayorista plus' }).click();
    await editing.getByRole('button', { name: es.fields.delete }).click();
    const confirm = page.getByRole('dialog', { name: es.fields.deleteOption });
    await expect(confirm).toContainText(es.fields.irreversible);
    await confirm.getByRole('button', { name: es.fields.delete }).click();
    await expect(confirm).toHaveCount(0);
    await expect(field(dialog, 'etiquetas')).not.toContainText('Mayorista');
    await dialog.getByRole('textbox', { name: 'Etiquetas' }).click();
    await expect(page.getByRole('option', { name: /^VIP/ })).toBeVisible();
    await expect(page.getByRole('option', { name: /^Mayorista/ })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
