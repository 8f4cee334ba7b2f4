import type { Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
  unexpectedErrors,
  type SignedInPage,
} from './fixtures';

/**
 * 'Mi Empresa' › 'Campos' (issue #17): a custom field made in the editor is in every seller's
 * contact sheet, and an item hidden in the contact form definition leaves it. The database is
 * shared by every test of a run: codes and names are unique, and the form definition is put back.
 */

const t = es.fieldsConfig;

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

async function openFields(page: Page) {
  await page.goto('/company');
  await page.getByRole('tab', { name: t.tabs.fields }).click();
  await expect(page).toHaveURL('/company/fields');
  await expect(page.getByRole('heading', { name: t.tabs.fields, level: 1 })).toBeVisible();
}

/** A seller's page of their own, on 'Crear contacto'. */
async function sellerSheet(signedInPage: SignedInPage) {
  const page = await signedInPage('vendedor@demo.test');
  await page.goto('/contacts');
  await page.getByRole('main').getByRole('button', { name: es.contacts.newContact }).click();
  const sheet = page.getByRole('dialog', { name: es.contacts.createTitle });
  await expect(
    sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }),
  ).toBeFocused();
  return { context: page.context(), page, sheet };
}

test.describe('Mi Empresa: campos', () => {
  test('comercial crea un campo de opción con dos opciones y el vendedor lo completa al crear un contacto', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // Two users, one after the other: more than one test's usual time on a busy machine.
    test.setTimeout(60_000);
    const unique = uniqueLetters();
    const code = `interes_${unique}`;
    const name = `Interés ${unique}`;
    await signIn(page, 'comercial@demo.test');
    await openFields(page);

    const fields = section(page, t.fields.contactTitle);
    await fields.getByRole('button', { name: t.fields.create }).click();
    const dialog = page.getByRole('dialog', { name: t.fields.createTitle });
    // Nothing filled: the client's Spanish errors, and nothing sent.
    await dialog.getByRole('button', { name: es.company.save }).click();
    await expect(dialog.getByText(es.company.codeRequired)).toBeVisible();
    await expect(dialog.getByText(t.fields.nameRequired)).toBeVisible();

    await dialog.getByRole('textbox', { name: es.company.code }).fill(code);
    await dialog.getByRole('textbox', { name: es.company.name }).fill(name);
    await dialog.getByRole('combobox', { name: t.fields.type }).click();
    await page.getByRole('option', { name: t.fields.types.select, exact: true }).click();
    await dialog.getByRole('button', { name: es.company.save }).click();
    await expect(dialog.getByText(t.fields.optionsRequired)).toBeVisible();
    await dialog.getByRole('button', { name: t.fields.addOption }).click();
    await dialog.getByRole('textbox', { name: format(t.fields.option, { n: 1 }) }).fill('Alto');
    await dialog.getByRole('button', { name: t.fields.addOption }).click();
    await dialog.getByRole('textbox', { name: format(t.fields.option, { n: 2 }) }).fill('Bajo');
    await dialog.getByRole('button', { name: es.company.save }).click();
    await expect(dialog).toHaveCount(0);
    const row = fields.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(t.fields.types.select);
    await expect(
      row.getByRole('switch', { name: format(es.company.activeOf, { name }) }),
    ).toBeChecked();

    // The same code again: the server's Spanish error under the code, and nothing saved.
    await fields.getByRole('button', { name: t.fields.create }).click();
    const again = page.getByRole('dialog', { name: t.fields.createTitle });
    await again.getByRole('textbox', { name: es.company.code }).fill(code);
    await again.getByRole('textbox', { name: es.company.name }).fill('Otro nombre');
    await again.getByRole('button', { name: es.company.save }).click();
    await expect(again.getByText(errorMessage('CUSTOM_FIELD_CODE_TAKEN'))).toBeVisible();
    await again.getByRole('button', { name: es.company.cancel }).click();
    await expect(fields.getByRole('row').filter({ hasText: 'Otro nombre' })).toHaveCount(0);

    // The seller's 'Crear contacto' shows the field with its options and saves the value.
    const seller = await sellerSheet(signedInPage);
    const { sheet } = seller;
    await sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }).fill('Campo');
    await sheet
      .getByRole('textbox', { name: format(es.contacts.phoneN, { n: 1 }), exact: true })
      .fill(uniqueMobile());
    await sheet.getByRole('combobox', { name, exact: true }).click();
    await expect(seller.page.getByRole('option', { name: 'Alto', exact: true })).toBeVisible();
    await seller.page.getByRole('option', { name: 'Bajo', exact: true }).click();
    const submit = sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(seller.page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}$/);
    const id = new URL(seller.page.url()).searchParams.get('id');
    const saved = await trpcQuery<{ additionalData: Record<string, unknown> }>(
      seller.page,
      'contact.get',
      { id },
    );
    expect(saved.additionalData[code]).toBe('Bajo');
    await seller.context.close();
    // The repeated code's 409 is the server's expected answer.
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });

  test('un campo oculto en la definición del formulario desaparece del formulario del vendedor', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, 'comercial@demo.test');
    const before = await trpcQuery<Record<string, unknown>>(
      page,
      'contact.formSettings',
      undefined,
    );
    const comment = (sheet: ReturnType<Page['getByRole']>) =>
      sheet.getByRole('textbox', { name: es.contacts.detail, exact: true });

    const first = await sellerSheet(signedInPage);
    await expect(comment(first.sheet)).toBeVisible();
    await first.context.close();

    try {
      await openFields(page);
      const form = section(page, t.form.title);
      const visible = form.getByRole('switch', {
        name: format(t.form.visibleOf, { name: t.form.kinds.detail }),
      });
      await expect(visible).toBeChecked();
      // Mantine's switch thumb covers its input.
      await visible.click({ force: true });
      await expect(visible).not.toBeChecked();
      await form.getByRole('button', { name: t.form.save }).click();
      await expect(page.getByText(t.form.saved)).toBeVisible();

      const second = await sellerSheet(signedInPage);
      await expect(
        second.sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }),
      ).toBeVisible();
      await expect(comment(second.sheet)).toHaveCount(0);
      await second.context.close();
    } finally {
      await trpcMutation(page, 'contact.saveFormSettings', before);
    }
    expect(browserErrors).toEqual([]);
  });
});
