import type { Locator, Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
  unexpectedErrors,
} from './fixtures';

/*
 * The request sales back office, /comercial/requestsale 'Solicitudes' (issue #15 items 3 and 7):
 * a commercial user builds a template with a visibility rule and watches the live preview obey
 * it; the back office assigns an auditor and forces a status, and the list filters by status;
 * a seller has no 'Plantillas' and the server refuses them a template; an admin reaches the
 * templates from the menu; 'Nueva solicitud' makes a request and its client ('Datos del cliente').
 */
const t = es.requestSalesOffice;
const SELLER = 'vendedor@demo.test';
const COMERCIAL = 'comercial@demo.test';

/** 'Nueva solicitud' from the back office with the demo's 'Portabilidad' template: its editor. */
async function newPortabilityRequest(page: Page) {
  await page.goto('/comercial/requestsale');
  await page.getByRole('button', { name: es.requestSales.newRequest }).click();
  await page
    .getByRole('dialog', { name: es.requestSales.pickTemplate })
    .getByRole('button', { name: 'Portabilidad', exact: true })
    .click();
  return page.getByTestId('request-editor');
}

/** Fills the 'Portabilidad' template's required fields. */
async function fillPortability(page: Page, editor: Locator) {
  await editor.getByLabel(/^Número a portar/).fill('091234567');
  await editor.getByLabel(/^Compañía actual/).click();
  await page.getByRole('option', { name: 'Antel', exact: true }).click();
}

test.describe('Solicitudes (back office)', () => {
  test('comercial crea una plantilla con una regla y la vista previa muestra el campo cuando se cumple', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, COMERCIAL);
    await page.goto('/comercial/requestsale');
    await page.getByRole('tab', { name: t.tabs.templates }).click();
    await page.getByRole('button', { name: t.templates.new }).click();
    const editor = page.getByTestId('template-editor');
    const preview = editor.getByTestId('template-preview');

    // Saving an empty title shows the schema's Spanish text by the field.
    await editor.getByRole('button', { name: t.editor.save }).click();
    await expect(editor.getByText('El título de la plantilla es obligatorio')).toBeVisible();
    const title = `Portabilidad ${uniqueLetters()}`;
    await editor.getByLabel(t.editor.templateTitle).fill(title);
    // Leaving with unsaved changes asks first.
    await editor.getByRole('button', { name: t.editor.back }).click();
    const leave = page.getByRole('dialog', { name: t.editor.leave });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: t.editor.stay }).click();
    await expect(leave).toBeHidden();

    // A select 'Plan' with two options.
    await editor.getByRole('button', { name: t.editor.addField }).click();
    await page.getByRole('menuitem', { name: t.fieldTypes.select, exact: true }).click();
    const plan = editor.getByTestId('template-field').nth(0);
    await plan.getByLabel(t.field.title, { exact: true }).fill('Plan');
    await plan.getByLabel(t.field.code, { exact: true }).fill('plan');
    for (const [key, label] of [
      ['prepago', 'Prepago'],
      ['empresa', 'Empresa'],
    ]) {
      await plan.getByRole('button', { name: t.field.addOption }).click();
      const option = plan.getByTestId('field-option').last();
      await option.getByLabel(t.field.optionKey).fill(key!);
      await option.getByLabel(t.field.optionTitle).fill(label!);
    }

    // A text 'Razón social' shown when plan = empresa.
    await editor.getByRole('button', { name: t.editor.addField }).click();
    await page.getByRole('menuitem', { name: t.fieldTypes.string, exact: true }).click();
    const company = editor.getByTestId('template-field').nth(1);
    await company.getByLabel(t.field.title, { exact: true }).fill('Razón social');
    await company.getByRole('button', { name: t.field.addRule }).click();
    const rule = company.getByTestId('field-rule');
    await expect(rule.getByRole('combobox', { name: t.field.ruleField })).toHaveValue(
      'Plan (plan)',
    );
    await rule.getByRole('combobox', { name: t.field.ruleValue }).click();
    await page.getByRole('option', { name: 'Empresa' }).click();

    // The preview hides the field until the condition is met, and hides it again after.
    await expect(preview.getByLabel('Plan')).toBeVisible();
    await expect(preview.getByLabel('Razón social')).toHaveCount(0);
    await preview.getByLabel('Plan').click();
    await page.getByRole('option', { name: 'Empresa' }).click();
    await expect(preview.getByLabel('Razón social')).toBeVisible();
    await preview.getByLabel('Razón social').fill('ACME S.A.');
    await company.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: test.info().outputPath('template-editor.png') });
    await preview.getByLabel('Plan').click();
    await page.getByRole('option', { name: 'Prepago' }).click();
    await expect(preview.getByLabel('Razón social')).toHaveCount(0);

    await editor.getByRole('button', { name: t.editor.save }).click();
    await expect(page.getByText(t.editor.created)).toBeVisible();
    await expect(page.getByTestId('template-row').filter({ hasText: title })).toBeVisible();
    const stored = await trpcQuery<Array<{ title: string; body: Array<{ field: string }> }>>(
      page,
      'requestSale.templates',
      { includeInactive: true },
    );
    const saved = stored.find((template) => template.title === title)!;
    expect(saved.body.map((field) => field.field)).toEqual(['plan', 'campo2']);
    expect(browserErrors).toEqual([]);
  });

  test('la lista filtra por estado y muestra el estado forzado', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, COMERCIAL);
    const contact = await createTestContact(page, 'Solicitante');
    const template = await trpcQuery<{ id: string; title: string }>(
      page,
      'requestSale.defaultTemplate',
      undefined,
    );
    await trpcMutation(page, 'requestSale.create', {
      contactId: contact.id,
      templateId: template.id,
      mode: 'draft',
    });

    await page.goto('/comercial/requestsale');
    const row = page.getByTestId('request-row').filter({ hasText: contact.name });
    await expect(row).toContainText('Borrador');
    // A row opens the request in the request editor.
    await row.getByRole('button', { name: format(t.openRequest, { name: contact.name }) }).click();
    const opened = page.getByText(format(es.requestSales.modify, { title: template.title }));
    await expect(opened).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    // An auditor puts it in audit mode; the row names them.
    await row.getByRole('button', { name: t.actions.menu }).click();
    await page.getByRole('menuitem', { name: t.actions.audit }).click();
    const audit = page.getByRole('dialog', { name: t.actions.auditTitle });
    await audit.getByRole('combobox', { name: t.actions.auditLabel }).click();
    await page.getByRole('option', { name: 'Carla Comercial', exact: true }).click();
    await audit.getByRole('button', { name: t.actions.auditConfirm }).click();
    await expect(page.getByText(t.actions.auditDone)).toBeVisible();
    await expect(row.getByTestId('request-auditor')).toHaveText(
      format(t.audited, { name: 'Carla Comercial' }),
    );

    await row.getByRole('button', { name: t.actions.menu }).click();
    await page.getByRole('menuitem', { name: t.actions.force }).click();
    const dialog = page.getByRole('dialog', { name: t.actions.forceTitle });
    await expect(dialog).toContainText(format(t.actions.question, { name: contact.name }));
    await dialog.getByRole('combobox', { name: t.actions.forceLabel }).click();
    await page.getByRole('option', { name: 'Cancelada' }).click();
    await dialog.getByRole('button', { name: t.actions.forceConfirm }).click();
    await expect(
      page.getByText(format(t.actions.forceDone, { status: 'Cancelada' })),
    ).toBeVisible();
    await expect(row).toContainText('Cancelada');
    await settle(page);
    await page.screenshot({ path: test.info().outputPath('request-sales-office.png') });

    // Filtered by 'Cancelada' the request is there; by 'Borrador' it is not.
    const status = page.getByRole('combobox', { name: t.filters.status });
    await status.click();
    await page.getByRole('option', { name: 'Cancelada' }).click();
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Cancelada');
    await expect(page.getByTestId('request-status').filter({ hasText: 'Borrador' })).toHaveCount(0);
    await page.getByRole('button', { name: t.filters.clear }).click();
    await status.click();
    await page.getByRole('option', { name: 'Borrador' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('request-status').first()).toHaveText('Borrador');
    await expect(row).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor no ve Plantillas y el servidor le niega crear una', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, SELLER);
    await page.goto('/comercial/requestsale');
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByRole('tab', { name: t.tabs.templates })).toHaveCount(0);
    await expect(page.getByRole('table', { name: t.title })).toBeVisible();
    const refused = await page.request.post('/api/trpc/requestSale.createTemplate', {
      data: { json: { title: `Prohibida ${uniqueLetters()}` } },
    });
    expect(refused.status()).toBe(403);
    const templates = await trpcQuery<Array<{ title: string }>>(page, 'requestSale.templates', {});
    expect(templates.some((template) => template.title.startsWith('Prohibida'))).toBe(false);
    expect(unexpectedErrors(browserErrors, [403])).toEqual([]);
  });

  test("un administrador llega a 'Plantillas' desde el menú y da su nombre a la pantalla", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'admin@demo.test');
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: t.title }).first().click();
    await expect(page).toHaveURL('/comercial/requestsale');
    await page.getByRole('tab', { name: t.tabs.templates }).click();
    await expect(page.getByText('Portabilidad', { exact: true }).first()).toBeVisible();
    // The company names the screen: the title and the menu follow; empty brings 'Solicitudes' back.
    const label = page.getByLabel(t.label.field);
    try {
      await label.fill('Pedidos');
      await page.getByRole('button', { name: t.label.save }).click();
      await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('navigation').getByRole('link', { name: 'Pedidos' }).first(),
      ).toBeVisible();
      await label.fill('');
      await page.getByRole('button', { name: t.label.save }).click();
      await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    } finally {
      await trpcMutation(page, 'requestSale.setLabel', { label: null });
    }
    expect(browserErrors).toEqual([]);
  });

  test("'Nueva solicitud' pide los 'Datos del cliente' y crea el cliente con la solicitud", async ({
    page,
    browserErrors,
  }) => {
    const r = es.requestSales;
    await signIn(page, COMERCIAL);
    const editor = await newPortabilityRequest(page);
    await expect(editor.getByText(r.clientCard)).toBeVisible();
    const lastName = `Cliente ${uniqueLetters()}`;
    await editor.getByLabel(r.clientFirstName, { exact: false }).first().fill('x'.repeat(33));
    await editor.getByLabel(r.clientLastName, { exact: false }).first().fill(lastName);
    await fillPortability(page, editor);
    await editor.getByRole('button', { name: r.send }).click();
    await expect(editor.getByText(r.newClientErrors.firstName)).toBeVisible();
    await expect(editor.getByText(r.newClientErrors.phoneRequired)).toBeVisible();
    await editor.getByLabel(r.clientFirstName, { exact: false }).first().fill('Nueva');
    await editor
      .getByLabel(r.clientPhone, { exact: false })
      .first()
      .fill(`099${String(Date.now()).slice(-6)}`);
    await editor.getByRole('button', { name: r.send }).click();
    await expect(editor).toBeHidden();
    const contacts = await trpcQuery<{ items: Array<{ id: string; lastName: string }> }>(
      page,
      'contact.list',
      { search: lastName },
    );
    const made = contacts.items.find((contact) => contact.lastName === lastName)!;
    const requests = await trpcQuery<Array<{ statusType: string }>>(
      page,
      'requestSale.listByContact',
      { contactId: made.id },
    );
    expect(requests.map((request) => request.statusType)).toEqual(['new']);
    expect(browserErrors).toEqual([]);
  });

  test("'Nueva solicitud' con el teléfono de un contacto existente ofrece usarlo y la solicitud queda en él", async ({
    page,
    browserErrors,
  }) => {
    const r = es.requestSales;
    await signIn(page, COMERCIAL);
    const phone = uniqueMobile();
    const existing = await createTestContact(page, 'Existente', { phones: [phone] });
    const editor = await newPortabilityRequest(page);
    await editor.getByLabel(r.clientFirstName, { exact: false }).first().fill('Otra');
    await editor.getByLabel(r.clientPhone, { exact: false }).first().fill(phone);
    // Checked as the contact sheet checks a phone: the contact is offered before any save.
    await expect(editor.getByText(r.clientExists)).toBeVisible();
    await editor.getByRole('button', { name: r.useExistingClient }).click();
    await expect(editor.getByText(r.usingExistingClient)).toBeVisible();
    await fillPortability(page, editor);
    await editor.getByRole('button', { name: r.send }).click();
    await expect(editor).toBeHidden();
    const requests = await trpcQuery<Array<{ statusType: string }>>(
      page,
      'requestSale.listByContact',
      { contactId: existing.id },
    );
    expect(requests.map((request) => request.statusType)).toEqual(['new']);
    // No second contact was made with that phone.
    const found = await trpcQuery<{ items: Array<{ id: string }> }>(page, 'contact.list', {
      search: phone,
    });
    expect(found.items.map((contact) => contact.id)).toEqual([existing.id]);
    expect(browserErrors).toEqual([]);
  });
});
