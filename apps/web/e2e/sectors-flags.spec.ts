import { es } from '@cartera/domain/i18n';
import { companyFlag, expect, signIn, test } from './fixtures';

/*
 * The company's sector flags (issue #44 item 4; docs/decisions.md 'The shell's leftovers'):
 * without `enableCompanyGroupSectors` a company's page has no 'Sectores' panel; without `sectors`
 * a contact's companies carry no sector. The demo has both on; each test turns one off and back.
 */
test('sin los sectores de las empresas la página de la empresa no los muestra', async ({
  page,
  browserErrors,
}) => {
  await companyFlag(page, 'enableCompanyGroupSectors', null);
  try {
    await signIn(page, 'comercial@demo.test');
    await page.goto('/companies');
    await page.getByRole('link', { name: 'Clínica Sur S.A.' }).click();
    await expect(page.getByRole('region', { name: es.companies.contacts })).toBeVisible();
    await expect(page.getByRole('region', { name: es.companies.sectors })).toHaveCount(0);
  } finally {
    await companyFlag(page, 'enableCompanyGroupSectors', 1);
  }
  await signIn(page, 'comercial@demo.test');
  await page.goto('/companies');
  await page.getByRole('link', { name: 'Clínica Sur S.A.' }).click();
  await expect(page.getByRole('region', { name: es.companies.sectors })).toBeVisible();
  expect(browserErrors).toEqual([]);
});

test('sin sectores la ficha del contacto no pide el sector de su empresa', async ({
  page,
  browserErrors,
}) => {
  await companyFlag(page, 'sectors', null);
  try {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/contacts');
    await page.getByRole('main').getByRole('button', { name: es.contacts.newContact }).click();
    const sheet = page.getByRole('dialog', { name: es.contacts.createTitle });
    // A name first: leaving the empty first field would show its error and move the button.
    const firstName = sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true });
    await expect(firstName).toBeFocused();
    await firstName.fill('Sin sector');
    await sheet.getByRole('button', { name: es.contacts.addCompany }).click();
    await expect(
      sheet.getByRole('combobox', { name: `${es.contacts.company} 1`, exact: true }),
    ).toBeVisible();
    await expect(
      sheet.getByRole('combobox', { name: `${es.contacts.sector} 1`, exact: true }),
    ).toHaveCount(0);
  } finally {
    await companyFlag(page, 'sectors', 1);
  }
  expect(browserErrors).toEqual([]);
});
