import type { Page } from '@playwright/test';
import { errorMessage, es } from '@cartera/domain/i18n';
import { expect, signIn, test, trpcMutation, trpcQuery, unexpectedErrors } from './fixtures';

/**
 * Companies (issue #4): list, company dialog with its rules and server errors, company page
 * with sectors and contacts, massive delete and the encargado picker. Demo Uruguay (RUT) has 30
 * companies; each test makes its own so they do not depend on one another.
 */

const addButton = (page: Page) => page.getByRole('button', { name: 'Agregar', exact: true });
const companyDialog = (page: Page) => page.getByRole('dialog', { name: 'Agregar Empresa' });

async function openCompanies(page: Page, email = 'comercial@demo.test') {
  await signIn(page, email);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Agropecuaria del Este S.A.' })).toBeVisible();
}

async function fillBase(
  page: Page,
  values: { businessName: string; displayName: string; taxCode: string },
) {
  const dialog = companyDialog(page);
  await dialog.getByRole('textbox', { name: 'Razón social' }).fill(values.businessName);
  await dialog.getByRole('textbox', { name: 'Nombre comercial' }).fill(values.displayName);
  await dialog.getByRole('textbox', { name: 'RUT' }).fill(values.taxCode);
}

/** 'Agregar empresa' opened and its required fields filled; the dialog. */
async function startCompany(
  page: Page,
  values: { businessName: string; displayName: string; taxCode: string },
) {
  await addButton(page).click();
  await fillBase(page, values);
  return companyDialog(page);
}

async function searchCompanies(page: Page, text: string) {
  await page.getByRole('textbox', { name: es.companies.search }).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`),
  );
}

test.describe('Empresas', () => {
  test('un vendedor crea una empresa y la ve en la lista y en su página', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page, 'vendedor@demo.test');
    // The side menu names the panel after the tenant's label; its 'Clientes' group, which
    // holds the current screen, is open.
    const menu = page.getByRole('navigation', { name: es.shell.mainMenu });
    await expect(menu.getByRole('link', { name: 'Empresas' })).toBeVisible();
    // Sellers may not delete: no selection column.
    await expect(page.getByRole('checkbox', { name: es.companies.selectAll })).toHaveCount(0);

    await addButton(page).click();
    const dialog = companyDialog(page);
    await expect(dialog.getByRole('textbox', { name: 'Razón social' })).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Agregar', exact: true });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Origen' })).toHaveValue('Carga manual');

    // 02 §5 messages, shown when leaving a field.
    await dialog.getByRole('textbox', { name: 'Razón social' }).focus();
    await dialog.getByRole('textbox', { name: 'Nombre comercial' }).focus();
    await expect(dialog.getByText(es.companies.businessNameRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'RUT' }).focus();
    await expect(dialog.getByText(es.companies.fieldRequired)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill('x'.repeat(301));
    await dialog.getByRole('textbox', { name: 'Descripción' }).blur();
    await expect(dialog.getByText(es.companies.descriptionTooLong)).toBeVisible();
    await expect(dialog.getByText('301/300')).toBeVisible();

    await fillBase(page, {
      businessName: '  Aserradero del Litoral S.A.  ',
      displayName: 'Aserradero del Litoral',
      taxCode: '219000000101',
    });
    await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Maderas y tableros.');
    await dialog.getByRole('switch', { name: 'Tiene sectores' }).check({ force: true });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(
      page.getByText('Se guardaron los datos de «Aserradero del Litoral S.A.».'),
    ).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // Values are trimmed; the list shows it with its RUT and origin.
    const row = page.getByRole('row', { name: /Aserradero del Litoral S\.A\./ });
    await expect(row).toContainText('219000000101');
    await expect(row).toContainText('Carga manual');
    await searchCompanies(page, 'Aserradero');
    await expect(page.getByRole('row')).toHaveCount(2);

    await row.getByRole('link', { name: 'Aserradero del Litoral S.A.' }).click();
    await expect(page).toHaveURL(/\/companies\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: 'Aserradero del Litoral S.A.', level: 1 }),
    ).toBeVisible();
    const general = page.getByRole('region', { name: es.companies.generalInfo });
    await expect(general).toContainText('Maderas y tableros.');
    await expect(general).toContainText('219000000101');
    expect(browserErrors).toEqual([]);
  });

  test('una segunda empresa con el mismo RUT muestra "Empresa ya registrada"', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page);
    // Agropecuaria del Este S.A. has this RUT in the demo data.
    const dialog = await startCompany(page, {
      businessName: 'Copia de Agropecuaria S.A.',
      displayName: 'Copia',
      taxCode: '210000000000',
    });
    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Empresa ya registrada');
    await expect(alert).toContainText(es.companies.alreadyExistsHint);
    // Nothing typed is lost.
    await expect(dialog.getByRole('textbox', { name: 'Razón social' })).toHaveValue(
      'Copia de Agropecuaria S.A.',
    );
    await expect(dialog.getByRole('textbox', { name: 'RUT' })).toHaveValue('210000000000');
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });

  test('crear un sector dos veces muestra "El nombre del sector ya está en uso."', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page);
    await page.getByRole('link', { name: 'Clínica Sur S.A.' }).click();
    const sectors = page.getByRole('region', { name: es.companies.sectors });
    await expect(sectors.getByText('Compras')).toBeVisible();

    await sectors.getByRole('button', { name: es.companies.createSector }).click();
    const dialog = page.getByRole('dialog', { name: es.companies.createSector });
    const name = dialog.getByRole('textbox', { name: es.companies.sectorName });
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(es.companies.sectorNameTooShort)).toBeVisible();
    await name.fill('x'.repeat(61));
    await expect(dialog.getByText(es.companies.sectorNameTooLong)).toBeVisible();
    await name.fill('Ventas');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(sectors.getByText('Ventas')).toBeVisible();

    await sectors.getByRole('button', { name: es.companies.createSector }).click();
    await dialog.getByRole('textbox', { name: es.companies.sectorName }).fill('Ventas');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByRole('alert')).toContainText(es.companies.sectorErrorTitle);
    await expect(dialog.getByRole('alert')).toContainText('El nombre del sector ya está en uso.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // Search and delete with confirmation.
    await sectors.getByRole('textbox', { name: es.companies.searchSectors }).fill('vent');
    await expect(sectors.getByText('Compras')).toHaveCount(0);
    await sectors.getByRole('button', { name: 'Eliminar sector Ventas' }).click();
    const confirm = page.getByRole('dialog', { name: es.companies.deleteSector });
    await expect(confirm).toContainText(es.fields.irreversible);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(sectors.getByText(es.fields.noSearchResults)).toBeVisible();
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });

  test('un campo adicional requerido bloquea el guardado con "El campo es requerido."', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    const fields = await trpcQuery<Array<{ id: string; code: string }>>(page, 'customField.list', {
      entity: 'company',
    });
    const website = fields.find((field) => field.code === 'sitio_web')!;
    await trpcMutation(page, 'customField.update', { id: website.id, data: { required: true } });
    try {
      await page.goto('/companies');
      const dialog = await startCompany(page, {
        businessName: 'Sin Sitio S.A.',
        displayName: 'Sin Sitio',
        taxCode: '219000000201',
      });
      await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
      const field = dialog.locator('[data-field="sitio_web"]');
      await expect(field.getByText('El campo es requerido.')).toBeVisible();
      await expect(dialog).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Sitio web' }).fill('https://sinsitio.uy');
      await expect(field.getByText('El campo es requerido.')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
      await expect(dialog).toHaveCount(0);
    } finally {
      await trpcMutation(page, 'customField.update', {
        id: website.id,
        data: { required: false },
      });
    }
    expect(browserErrors).toEqual([]);
  });

  test('el código de cliente repetido muestra el mensaje del servidor', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page);
    await addButton(page).click();
    const dialog = companyDialog(page);
    const code = dialog.getByRole('textbox', { name: 'Código de cliente' });
    await code.fill('C-0001');
    const field = dialog.locator('[data-field="codigo_cliente"]');
    await expect(field.getByText(es.fields.notUniqueCompany)).toBeVisible();
    await code.fill('C-7777');
    await expect(field.getByRole('img', { name: es.fields.uniqueAvailable })).toBeVisible();
    await expect(field.getByText(es.fields.notUniqueCompany)).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('la dirección se busca en Google Places y se guarda la elegida', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page);
    const dialog = await startCompany(page, {
      businessName: 'Librería 18 de Julio S.A.',
      displayName: 'Librería 18',
      taxCode: '219000000401',
    });
    const address = dialog.getByRole('textbox', { name: 'Dirección', exact: true });
    await address.fill('zzqx nada');
    await expect(
      page.getByText(es.companies.addressNotFound).filter({ visible: true }),
    ).toBeVisible();

    await address.fill('18 de julio');
    await expect(page.getByRole('option', { name: /Av\. 18 de Julio 888/ })).toBeVisible();
    await page.getByRole('option', { name: /Av\. 18 de Julio 1234/ }).click();
    await expect(address).toHaveValue('Av. 18 de Julio 1234, Montevideo, Uruguay');
    await expect(dialog.getByRole('img', { name: es.fields.addressChosen })).toBeVisible();

    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('link', { name: 'Librería 18 de Julio S.A.' }).click();
    await expect(page.getByRole('region', { name: es.companies.generalInfo })).toContainText(
      'Av. 18 de Julio 1234, Montevideo, Uruguay',
    );
    expect(browserErrors).toEqual([]);
  });

  test('sin clave de Google Maps la dirección lo dice y se guarda como texto', async ({
    page,
    browserErrors,
  }) => {
    // Answer places.status as a server without GOOGLE_PLACES_API_KEY does.
    await page.route(/\/api\/trpc\/[^?]*place\.status/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<{ result?: { data?: { json?: unknown } } }>;
      const paths = new URL(route.request().url()).pathname.replace('/api/trpc/', '').split(',');
      const entry = body[paths.indexOf('place.status')];
      if (entry?.result?.data) entry.result.data.json = { configured: false };
      await route.fulfill({ response, json: body });
    });
    await openCompanies(page);
    const dialog = await startCompany(page, {
      businessName: 'Texto Libre S.A.',
      displayName: 'Texto Libre',
      taxCode: '219000000501',
    });
    await expect(dialog.getByText(errorMessage('PLACES_NOT_CONFIGURED')).first()).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Dirección', exact: true })
      .fill('Ruta 5 km 30, Canelones');
    await dialog.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('link', { name: 'Texto Libre S.A.' }).click();
    await expect(page.getByRole('region', { name: es.companies.generalInfo })).toContainText(
      'Ruta 5 km 30, Canelones',
    );
    expect(browserErrors).toEqual([]);
  });

  test('la eliminación masiva pide confirmación', async ({ page, browserErrors }) => {
    await signIn(page, 'comercial@demo.test');
    for (const [name, taxCode] of [
      ['Descarte Uno S.A.', '219000000601'],
      ['Descarte Dos S.A.', '219000000602'],
    ]) {
      await trpcMutation(page, 'company.create', {
        businessName: name,
        displayName: name,
        taxCode,
      });
    }
    await page.goto('/companies');
    await searchCompanies(page, 'Descarte');
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: es.companies.selectAll }).check();
    await page.getByRole('button', { name: 'Eliminar (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Empresas' });
    await expect(confirm).toContainText('Esta acción es irreversible y no se puede deshacer.');
    await expect(confirm).toContainText('Se eliminarán 2 registros.');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Se eliminaron 2 registros.')).toBeVisible();
    await expect(page.getByText(es.companies.noResults)).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('el encargado se guarda y vuelve atrás si falla', async ({ page, browserErrors }) => {
    await openCompanies(page);
    const picker = page.getByRole('combobox', { name: 'Encargado de Barraca Central S.A.' });
    await expect(picker).toHaveValue('');
    await picker.click();
    await page.getByRole('option', { name: 'Carla Comercial', exact: true }).click();
    await expect(picker).toHaveValue('Carla Comercial');
    const saved = page.waitForResponse(/company\.assignManager/);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(picker).toHaveValue('Carla Comercial');

    // A failed save puts the previous manager back and says so.
    await page.route(/company\.assignManager/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '[]' }),
    );
    await picker.click();
    await page.getByRole('option', { name: 'Sergio Supervisor' }).click();
    await expect(picker).toHaveValue('Sergio Supervisor');
    await expect(page.getByText(es.companies.managerSaveFailed)).toBeVisible();
    await expect(picker).toHaveValue('Carla Comercial');
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('filtra por campos adicionales con igual y mayor que', async ({ page, browserErrors }) => {
    await openCompanies(page);
    await page.getByRole('button', { name: es.companies.addFilter }).click();
    await page.getByRole('combobox', { name: es.companies.filterField, exact: true }).click();
    await page.getByRole('option', { name: 'Rubro' }).click();
    await page.getByRole('combobox', { name: es.companies.filterValue }).click();
    await page.getByRole('option', { name: 'Agro' }).click();
    await page.getByRole('button', { name: es.companies.applyFilter }).click();
    await expect(page.getByText('Rubro igual Agro')).toBeVisible();
    await expect(page).toHaveURL(/filters=/);
    await expect(page.getByRole('link', { name: 'El Fogón Parrilla S.A.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Barraca Central S.A.' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Quitar filtro Rubro igual Agro' }).click();
    await page.getByRole('button', { name: es.companies.addFilter }).click();
    await page.getByRole('combobox', { name: es.companies.filterField, exact: true }).click();
    await page.getByRole('option', { name: 'Cantidad de empleados' }).click();
    await page.getByRole('combobox', { name: es.companies.filterOperator }).click();
    await page.getByRole('option', { name: 'mayor que' }).click();
    await page.getByRole('textbox', { name: es.companies.filterValue }).fill('380');
    await page.getByRole('button', { name: es.companies.applyFilter }).click();
    await expect(page.getByText('Cantidad de empleados mayor que 380')).toBeVisible();
    // The rows expected come from the server, not from the seed's arithmetic.
    const expected = await trpcQuery<{ items: Array<{ businessName: string }> }>(
      page,
      'company.list',
      { filters: [{ code: 'empleados', value: 'gt:380' }], limit: 50 },
    );
    await expect(page.getByRole('row')).toHaveCount(Math.max(expected.items.length, 1) + 1);
    expect(browserErrors).toEqual([]);
  });

  test('la lista carga más empresas al llegar al final', async ({ page, browserErrors }) => {
    await signIn(page, 'comercial@demo.test');
    const created: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      const number = String(index).padStart(2, '0');
      const company = await trpcMutation<{ id: string }>(page, 'company.create', {
        businessName: `Lote ${number} S.A.`,
        displayName: `Lote ${number}`,
        taxCode: `2190000007${number}`,
      });
      created.push(company.id);
    }
    try {
      await page.goto('/companies');
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(51);
      const loadMore = page.getByRole('button', { name: es.companies.loadMore });
      await expect(loadMore).toBeVisible();
      // Reaching the end of the list loads the next page by itself (the button then goes away,
      // so the test scrolls the page rather than waiting on the button).
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => rows.count()).toBeGreaterThan(51);
      await expect(page.getByRole('button', { name: es.companies.loadMore })).toHaveCount(0);
    } finally {
      await trpcMutation(page, 'company.delete', { ids: created });
    }
    expect(browserErrors).toEqual([]);
  });

  test('agrega contactos con rol y sector desde "Seleccionar Contactos"', async ({
    page,
    browserErrors,
  }) => {
    await openCompanies(page);
    await page.getByRole('link', { name: 'Barraca Central S.A.' }).click();
    const contacts = page.getByRole('region', { name: es.companies.contacts });
    await expect(contacts.getByText(es.companies.noContacts)).toBeVisible();
    await contacts.getByRole('button', { name: es.companies.addContacts }).click();
    const sheet = page.getByRole('dialog', { name: es.companies.selectContacts });
    await sheet.getByRole('textbox', { name: es.companies.searchContacts }).fill('andrea');
    await expect(sheet.getByRole('checkbox', { name: 'Bruno Silva' })).toHaveCount(0);
    await sheet.getByRole('checkbox', { name: 'Andrea Pérez' }).check();
    await sheet.getByRole('combobox', { name: es.companies.sector }).click();
    await page.getByRole('option', { name: 'Compras' }).click();
    await sheet.getByRole('textbox', { name: es.companies.role }).fill('Gerente de compras');
    await sheet.getByRole('button', { name: 'Agregar', exact: true }).click();
    await expect(sheet).toHaveCount(0);
    const row = contacts.getByRole('row', { name: /Andrea Pérez/ });
    await expect(row).toContainText('Gerente de compras');
    await expect(row).toContainText('Compras');

    // Only contacts not yet in the company are offered (the demo has hundreds: search them).
    await contacts.getByRole('button', { name: es.companies.addContacts }).click();
    const search = sheet.getByRole('textbox', { name: es.companies.searchContacts });
    await search.fill('bruno');
    await expect(sheet.getByRole('checkbox', { name: 'Bruno Silva' })).toBeVisible();
    await search.fill('andrea');
    await expect(sheet.getByText(es.fields.noSearchResults)).toBeVisible();
    await expect(sheet.getByRole('checkbox', { name: 'Andrea Pérez' })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('una empresa que no existe muestra que no se encontró', async ({ page, browserErrors }) => {
    await signIn(page, 'comercial@demo.test');
    await page.goto('/companies/00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('company-not-found')).toContainText('No se encontró la empresa.');
    await expect(page.getByRole('link', { name: 'Volver a Empresas' })).toBeVisible();
    expect(unexpectedErrors(browserErrors, [404])).toEqual([]);
  });
});
