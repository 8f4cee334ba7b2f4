import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  clientId,
  companyFlag,
  createTestContact,
  expect,
  failOnce,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
  uniqueLetters,
} from './fixtures';

/**
 * The conversation screen's contact editing in place, header and photo (issue #43 items 1, 2):
 * each test makes its own contact through the API first (the database is shared by the run).
 */

const t = es.contactEditor;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const details = (page: Page) => page.getByRole('region', { name: es.contacts.details });
const editButton = (page: Page, field: string) =>
  details(page).getByRole('button', { name: format(t.editLabel, { field }), exact: true });

/** A contact of vendedor@demo.test (signed in on `page`), opened on its conversation screen. */
async function openNewContact(page: Page, firstName: string) {
  const contact = await createTestContact(page, firstName);
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
  return contact;
}

test.describe('Edición del contacto en la conversación', () => {
  test('el nombre se edita en el panel: Enter guarda y el encabezado lo muestra; vacío vuelve al anterior; el comentario se guarda al hacer clic afuera', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await openNewContact(page, 'Editable');
    const lastName = contact.name.split(' ')[1]!;
    // The editor's head: avatar, name and the call button (03 §2.1).
    await expect(details(page).getByTestId('contact-avatar')).toHaveText('E');
    await expect(
      details(page).getByRole('button', {
        name: format(t.callContact, { name: contact.name }),
      }),
    ).toBeVisible();

    // Enter (without Shift) saves: the header shows the new name.
    await editButton(page, es.contacts.firstName).click();
    const input = details(page).getByRole('textbox', { name: es.contacts.firstName });
    await expect(input).toBeFocused();
    await input.fill('Editada');
    await input.press('Enter');
    await expect(
      page.getByRole('heading', { name: `Editada ${lastName}`, level: 1 }),
    ).toBeVisible();
    await expect(editButton(page, es.contacts.firstName)).toHaveText('Editada');

    // An empty value restores the previous one and sends nothing.
    let updates = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/trpc/contact.update')) updates += 1;
    });
    await editButton(page, es.contacts.firstName).click();
    await input.fill('');
    await input.press('Enter');
    await expect(editButton(page, es.contacts.firstName)).toHaveText('Editada');

    // A long comment: Shift+Enter adds a line, clicking outside saves.
    await editButton(page, es.contacts.detail).click();
    const comment = details(page).getByRole('textbox', { name: es.contacts.detail });
    await comment.fill('Prefiere');
    await comment.press('Shift+Enter');
    await comment.pressSequentially('la mañana');
    await page.getByRole('heading', { name: `Editada ${lastName}`, level: 1 }).click();
    await expect(editButton(page, es.contacts.detail)).toHaveText('Prefiere\nla mañana');
    expect(updates).toBe(1);

    // Stored: a reload shows both.
    await page.reload();
    await expect(
      page.getByRole('heading', { name: `Editada ${lastName}`, level: 1 }),
    ).toBeVisible();
    await expect(editButton(page, es.contacts.detail)).toHaveText('Prefiere\nla mañana');
    const stored = await trpcQuery<{ firstName: string; detail: string; phones: unknown[] }>(
      page,
      'contact.get',
      { id: contact.id },
    );
    expect(stored).toMatchObject({ firstName: 'Editada', detail: 'Prefiere\nla mañana' });
    expect(stored.phones).toHaveLength(1);

    await page.setViewportSize({ width: 1280, height: 800 });
    await settle(page);
    await details(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/contact-inline-edit-desk.png' });
    await details(page).screenshot({ path: 'test-results/contact-inline-edit-panel.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('heading', { name: `Editada ${lastName}`, level: 1 })
      .scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: 'test-results/contact-inline-edit-phone.png' });
    await details(page).scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: 'test-results/contact-inline-edit-phone-panel.png' });
    expect(browserErrors).toEqual([]);
  });

  test("un guardado que falla dice 'Error al modificar el campo', deja el valor anterior y 'Volver a intentar.' lo guarda", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await openNewContact(page, 'Fallida');
    const lastName = contact.name.split(' ')[1]!;
    await failOnce(page, 'contact.update');

    await editButton(page, es.contacts.firstName).click();
    const input = details(page).getByRole('textbox', { name: es.contacts.firstName });
    await input.fill('Cambiada');
    await input.press('Enter');
    const alert = details(page).getByRole('alert');
    await expect(alert).toContainText(t.fieldChangeFailed);
    await expect(editButton(page, es.contacts.firstName)).toHaveText('Fallida');
    await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
    await settle(page);
    await details(page).screenshot({ path: 'test-results/contact-inline-edit-error.png' });

    // The retry hint sends the refused value again.
    await alert.getByRole('button', { name: t.retry }).click();
    await expect(
      page.getByRole('heading', { name: `Cambiada ${lastName}`, level: 1 }),
    ).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('con hideContactPhoto no se ve ninguna foto en la conversación ni en las listas', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const lastName = uniqueLetters();
    const { id } = await createTestContact(page, 'Retratada', { lastName });
    await trpcMutation(page, 'interaction.createNote', {
      contactId: id,
      id: clientId(),
      body: `Foto de ${lastName}`,
    });
    await page.goto(`/contact?id=${id}`);
    const heading = page.getByRole('heading', { name: `Retratada ${lastName}`, level: 1 });
    await expect(heading).toBeVisible();

    // The seller puts a picture from the detail panel.
    await details(page).locator('input[type="file"]').setInputFiles({
      name: 'cliente.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const photos = page.getByTestId('contact-avatar').locator('img');
    await expect(photos).toHaveCount(2);
    await page.goto('/contact');
    const row = page.getByRole('listitem').filter({ hasText: `Retratada ${lastName}` });
    await expect(row.getByTestId('contact-avatar').locator('img')).toHaveCount(1);

    try {
      await companyFlag(page, 'hideContactPhoto', 1);
      await signIn(page, 'vendedor@demo.test');
      await page.goto('/contact');
      await expect(row.getByTestId('contact-avatar')).toHaveText('R');
      await expect(page.getByTestId('contact-avatar').locator('img')).toHaveCount(0);
      await page.goto(`/contact?id=${id}`);
      await expect(heading).toBeVisible();
      await expect(page.getByTestId('contact-avatar').first()).toHaveText('R');
      await expect(page.getByTestId('contact-avatar').locator('img')).toHaveCount(0);
      await expect(details(page).getByRole('button', { name: t.changePhoto })).toHaveCount(0);
      const answer = await trpcQuery<{ photo: string | null }>(page, 'contact.get', { id });
      expect(answer.photo).toBeNull();
    } finally {
      await companyFlag(page, 'hideContactPhoto', null);
    }
    expect(browserErrors).toEqual([]);
  });
});

test.describe('Encabezado de la conversación', () => {
  test("un campo 'Mostrar en el encabezado del contacto' es un select del encabezado que se borra solo si no es obligatorio; la etiqueta se quita salvo si es obligatoria", async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // A contact select field shown in the header, made for this test and switched off after it.
    const adminPage = await signedInPage('comercial@demo.test');
    const tags = await trpcQuery<Array<{ code: string; name: string }>>(
      adminPage,
      'catalog.tags',
      undefined,
    );
    const field = await trpcMutation<{ id: string }>(adminPage, 'customField.create', {
      entity: 'contact',
      code: `interes_${uniqueLetters()}`,
      name: 'Interés',
      type: 'select',
      options: [
        { name: 'Alto', color: '#0080FF' },
        { name: 'Bajo', color: '#FF8000' },
      ],
      showOnProspectHeader: true,
    });
    try {
      await signIn(page, 'vendedor@demo.test');
      const contact = await createTestContact(page, 'Encabezada', { statusTag: tags[0]!.code });
      await page.goto(`/contact?id=${contact.id}`);
      const header = page.getByRole('group', { name: t.headerFields });
      const select = header.getByRole('combobox', { name: 'Interés' });
      await select.click();
      await page.getByRole('option', { name: 'Alto', exact: true }).click();
      await expect(select).toHaveValue('Alto');
      await expect
        .poll(async () => {
          const read = await trpcQuery<{ additionalData: Record<string, unknown> }>(
            page,
            'contact.get',
            { id: contact.id },
          );
          return Object.values(read.additionalData);
        })
        .toContain('Alto');
      await settle(page);
      await page.screenshot({ path: 'test-results/contact-header-fields.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await settle(page);
      await page.screenshot({ path: 'test-results/contact-header-fields-phone.png' });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Not required: it may be cleared.
      await header
        .getByRole('button', { name: format(t.clearField, { field: 'Interés' }) })
        .click();
      await expect(select).toHaveValue('');
      await expect
        .poll(async () => {
          const read = await trpcQuery<{ additionalData: Record<string, unknown> }>(
            page,
            'contact.get',
            { id: contact.id },
          );
          return Object.values(read.additionalData).filter((value) => value !== null);
        })
        .toEqual([]);

      // The tag's 'x' removes it: 'Sin etiqueta'.
      const chipBar = page.getByRole('group', { name: es.conversation.actions.chipsLabel });
      await chipBar.getByRole('button', { name: t.removeTag }).click();
      await expect(chipBar.getByText(es.conversation.actions.noTagChip)).toBeVisible();

      // The business company chip (business sales model, on in the demo) opens the company
      // drawer (e2e/conversation-panels.spec.ts).
      const businessName = `Encabezado ${uniqueLetters()} S.A.`;
      const company = await trpcMutation<{ id: string }>(adminPage, 'company.create', {
        businessName,
        displayName: businessName,
        taxCode: `21${Date.now()}`.slice(-12),
      });
      await trpcMutation(page, 'contact.update', {
        id: contact.id,
        changes: { affiliatedCompanyGroup: [{ companyId: company.id }] },
      });
      await page.reload();
      const companyChip = chipBar.getByRole('button', {
        name: format(t.businessCompany, { name: businessName }),
      });
      await expect(companyChip).toBeVisible();

      // Required: no clearing; with required tags, no tag removal.
      await trpcMutation(adminPage, 'customField.update', {
        id: field.id,
        data: { required: true },
      });
      await trpcMutation(page, 'contact.update', {
        id: contact.id,
        changes: { statusTag: tags[0]!.code },
      });
      await companyFlag(adminPage, 'requiredTags', 1);
      await page.reload();
      await select.click();
      await page.getByRole('option', { name: 'Bajo', exact: true }).click();
      await expect(select).toHaveValue('Bajo');
      await expect(
        header.getByRole('button', { name: format(t.clearField, { field: 'Interés' }) }),
      ).toHaveCount(0);
      await expect(chipBar.getByText(tags[0]!.name)).toBeVisible();
      await expect(chipBar.getByRole('button', { name: t.removeTag })).toHaveCount(0);
    } finally {
      await companyFlag(adminPage, 'requiredTags', null);
      await trpcMutation(adminPage, 'customField.update', {
        id: field.id,
        data: { active: false, required: false, showOnProspectHeader: false },
      });
    }
    expect(browserErrors).toEqual([]);
  });
});
