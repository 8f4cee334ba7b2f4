import type { Page } from '@playwright/test';
import 'dayjs/locale/es.js';
import { errorMessage, es } from '@cartera/domain/i18n';
import {
  browserToday,
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
 * The conversation header's actions and chips (issue #6): reminders, archiving and the tag
 * change. The database is shared by every test of a run, so each test creates its own contact
 * (unique name and Uruguayan mobile) through the API first.
 */

const t = es.conversation.actions;
const VISIT = t.reminderActions.visit ?? 'visit';
const ONE_HOUR = t.reminderChoices['1h'] ?? '1h';
const THREE_HOURS = t.reminderChoices['3h'] ?? '3h';
const PHONE_CALL = t.reminderActions.phoneCall ?? 'phoneCall';

/** A contact of vendedor@demo.test (signed in on `page`), opened on its page. */
async function openNewContact(page: Page, firstName: string): Promise<string> {
  const { id, name } = await createTestContact(page, firstName);
  await page.goto(`/contact?id=${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return id;
}

const chips = (page: Page) => page.getByRole('group', { name: t.chipsLabel });
const headerButton = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first();

async function openArchivePicker(page: Page) {
  await headerButton(page, t.archive).click();
  const dialog = page.getByRole('dialog', { name: t.archiveTitle });
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  return dialog;
}

test.describe('Acciones de la conversación', () => {
  test('un recordatorio con una opción rápida aparece como chip y se cancela desde él', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await openNewContact(page, 'Recordar');

    await headerButton(page, t.remind).click();
    const wizard = page.getByRole('dialog', { name: t.reminderTitle });
    await wizard.getByText(VISIT, { exact: true }).click();
    await expect(wizard.getByRole('radio', { name: VISIT })).toBeChecked();
    await wizard.getByRole('textbox', { name: t.reminderComment }).fill('Llevar catálogo');
    await wizard.getByRole('button', { name: t.reminderNext }).click();

    const create = wizard.getByRole('button', { name: t.reminderCreate, exact: true });
    await expect(create).toBeDisabled();
    await wizard.getByRole('button', { name: ONE_HOUR, exact: true }).click();
    await expect(create).toBeEnabled();
    await settle(page);
    await page.screenshot({ path: 'test-results/reminder-wizard.png' });
    await create.click();
    await expect(wizard).toHaveCount(0);

    const chip = chips(page).getByText(new RegExp(`^${VISIT} · `));
    await expect(chip).toBeVisible();
    const saved = await trpcQuery<{ reminder: { actionType: string; comment: string } | null }>(
      page,
      'contact.get',
      { id },
    );
    expect(saved.reminder).toMatchObject({ actionType: 'visit', comment: 'Llevar catálogo' });
    await settle(page);
    await page.screenshot({ path: 'test-results/reminder-chip.png' });

    await chips(page).getByRole('button', { name: t.reminderCancel }).click();
    await expect(chip).toHaveCount(0);
    await expect(page.getByRole('alert').filter({ hasText: t.reminderCancelled })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test("archivar con 'Sin interés' lo marca 'Actual' y ya no se puede elegir", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await openNewContact(page, 'Archivar');

    let dialog = await openArchivePicker(page);
    const submit = dialog.getByRole('button', { name: t.archive, exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('textbox', { name: t.archiveSearch }).fill('interes');
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await dialog.getByRole('radio', { name: 'Sin interés' }).check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(dialog).toHaveCount(0);
    await expect(chips(page).getByText('Archivado: Sin interés')).toBeVisible();

    dialog = await openArchivePicker(page);
    const current = dialog.getByRole('radio', { name: 'Sin interés' });
    await expect(current).toBeDisabled();
    await expect(dialog.getByText(es.conversation.current, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Perdido', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Seguimiento', { exact: true })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/archive-picker.png' });
    await expect(dialog.getByRole('button', { name: t.archive, exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: t.cancel }).click();

    // The chip's 'x' unarchives.
    await chips(page).getByRole('button', { name: t.unarchive }).click();
    await expect(chips(page).getByText('Archivado: Sin interés')).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('archivar dos veces con el mismo motivo avisa que ya está archivado', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await openNewContact(page, 'Duplicado');
    const other = await page.context().newPage();
    await other.goto(`/contact?id=${id}`);

    // Page B opens the picker before page A archives.
    const late = await openArchivePicker(other);
    await late.getByRole('radio', { name: 'Sin interés' }).check();

    const first = await openArchivePicker(page);
    await first.getByRole('radio', { name: 'Sin interés' }).check();
    await first.getByRole('button', { name: t.archive, exact: true }).click();
    await expect(first).toHaveCount(0);

    await late.getByRole('button', { name: t.archive, exact: true }).click();
    const alert = late.getByRole('alert');
    await expect(alert).toContainText(es.conversation.archiveFailedTitle);
    await expect(alert).toContainText(errorMessage('CONTACT_ALREADY_ARCHIVED'));
    await other.close();
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });

  test('su agente cambia la etiqueta desde el chip', async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    const id = await openNewContact(page, 'Etiqueta');
    const tags = await trpcQuery<Array<{ code: string; name: string }>>(page, 'catalog.tags', {});
    const tag = tags[0];
    expect(tag, 'the demo has status tags').toBeDefined();

    await chips(page)
      .getByRole('button', { name: `${t.changeTagHint}: ${t.noTagChip}` })
      .click();
    const dialog = page.getByRole('dialog', { name: t.changeTagTitle });
    const submit = dialog.getByRole('button', { name: t.changeTagSubmit, exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('radio', { name: tag!.name, exact: true }).check();
    await submit.click();
    await expect(dialog).toHaveCount(0);
    await expect(
      chips(page).getByRole('button', { name: `${t.changeTagHint}: ${tag!.name}` }),
    ).toBeVisible();
    await expect
      .poll(
        async () =>
          (await trpcQuery<{ statusTag: string | null }>(page, 'contact.get', { id })).statusTag,
      )
      .toBe(tag!.code);

    // The current tag is no longer offered.
    await chips(page)
      .getByRole('button', { name: `${t.changeTagHint}: ${tag!.name}` })
      .click();
    await expect(dialog.getByRole('radio', { name: tag!.name, exact: true })).toHaveCount(0);

    // A failed change shows at once, then goes back with 'Error al cambiar la etiqueta'.
    const second = tags[1];
    expect(second, 'the demo has two status tags').toBeDefined();
    await failOnce(page, 'interaction.changeTag');
    await dialog.getByRole('radio', { name: second!.name, exact: true }).check();
    await submit.click();
    await expect(
      page.getByRole('alert').filter({ hasText: es.conversation.tagChangeFailed }),
    ).toBeVisible();
    await expect(
      chips(page).getByRole('button', { name: `${t.changeTagHint}: ${tag!.name}` }),
    ).toBeVisible();

    // Someone else than its agent sees the tag but cannot change it from the chip.
    await page.context().clearCookies();
    await signIn(page, 'supervisor@demo.test');
    await page.reload();
    await expect(chips(page).getByText(tag!.name, { exact: true })).toBeVisible();
    await expect(
      chips(page).getByRole('button', { name: new RegExp(t.changeTagHint) }),
    ).toHaveCount(0);
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });

  test('tras archivar, el motivo abre su seguimiento: recordatorio permanente o cambio de etiqueta', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await openNewContact(page, 'Seguimiento');

    // 'En pausa' asks for a persistent reminder: the wizard opens with 'Permanente' on.
    let picker = await openArchivePicker(page);
    await picker.getByRole('radio', { name: 'En pausa' }).check();
    await picker.getByRole('button', { name: t.archive, exact: true }).click();
    const wizard = page.getByRole('dialog', { name: t.reminderTitle });
    await expect(wizard).toBeVisible();
    await wizard.getByRole('button', { name: t.reminderNext }).click();
    await expect(wizard.getByRole('switch', { name: t.reminderPermanent })).toBeChecked();
    await wizard.getByRole('button', { name: THREE_HOURS, exact: true }).click();
    await wizard.getByRole('button', { name: t.reminderCreate, exact: true }).click();
    await expect(wizard).toHaveCount(0);
    await expect(chips(page).getByText(/ · permanente$/)).toBeVisible();
    await expect(chips(page).getByText('Archivado: En pausa')).toBeVisible();

    // 'Precio alto' asks to change the status tag.
    picker = await openArchivePicker(page);
    await picker.getByRole('radio', { name: 'Precio alto' }).check();
    await picker.getByRole('button', { name: t.archive, exact: true }).click();
    const changeTag = page.getByRole('dialog', { name: t.changeTagTitle });
    await expect(changeTag).toBeVisible();
    await changeTag.getByRole('button', { name: t.cancel }).click();
    await expect(chips(page).getByText('Archivado: Precio alto')).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test("con 'Recordatorios siempre permanentes' el recordatorio es permanente sin poder cambiarlo", async ({
    page,
    browserErrors,
  }) => {
    await companyFlag(page, 'alwaysPermanentReminders', 1);
    try {
      await signIn(page, 'vendedor@demo.test');
      await openNewContact(page, 'Permanente');
      await headerButton(page, t.remind).click();
      const wizard = page.getByRole('dialog', { name: t.reminderTitle });
      await wizard.getByRole('button', { name: t.reminderNext }).click();
      const permanent = wizard.getByRole('switch', { name: t.reminderPermanent });
      await expect(permanent).toBeChecked();
      await expect(permanent).toBeDisabled();
      await expect(wizard.getByText(t.reminderAlwaysPermanent)).toBeVisible();
      await wizard.getByRole('button', { name: THREE_HOURS, exact: true }).click();
      await wizard.getByRole('button', { name: t.reminderCreate, exact: true }).click();
      await expect(wizard).toHaveCount(0);
      await expect(chips(page).getByText(/ · permanente$/)).toBeVisible();
      expect(browserErrors).toEqual([]);
    } finally {
      await companyFlag(page, 'alwaysPermanentReminders', null);
    }
  });

  test("un motivo de venta pide los campos requeridos en 'Guardar y archivar'", async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // A contact field required on sale, made for this test and switched off after it.
    const adminPage = await signedInPage('comercial@demo.test');
    const field = await trpcMutation<{ id: string }>(adminPage, 'customField.create', {
      entity: 'contact',
      code: `factura_${uniqueLetters()}`,
      name: 'Número de factura',
      type: 'string',
      requiredOnSale: true,
    });
    try {
      await signIn(page, 'vendedor@demo.test');
      const id = await openNewContact(page, 'Venta');
      const picker = await openArchivePicker(page);
      await picker.getByRole('radio', { name: 'Vendido' }).check();
      await picker.getByRole('button', { name: t.archive, exact: true }).click();

      const dialog = page.getByRole('dialog', { name: t.saveAndArchive });
      const save = dialog.getByRole('button', { name: t.saveAndArchive, exact: true });
      await save.click();
      await expect(dialog.getByText(t.requiredOnSaleField)).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Número de factura' }).fill('F-0042');
      await save.click();
      await expect(dialog).toHaveCount(0);
      await expect(chips(page).getByText('Archivado: Vendido')).toBeVisible();
      const saved = await trpcQuery<{ additionalData: Record<string, unknown> }>(
        page,
        'contact.get',
        { id },
      );
      expect(Object.values(saved.additionalData)).toContain('F-0042');
    } finally {
      await trpcMutation(adminPage, 'customField.update', {
        id: field.id,
        data: { active: false, requiredOnSale: false },
      });
    }
    expect(unexpectedErrors(browserErrors, [400])).toEqual([]);
  });

  test('un recordatorio o un archivado que fallan se reintentan; el calendario fija la fecha', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await openNewContact(page, 'Fallos');

    await failOnce(page, 'interaction.setReminder');
    await headerButton(page, t.remind).click();
    const wizard = page.getByRole('dialog', { name: t.reminderTitle });
    await wizard.getByRole('button', { name: t.reminderNext }).click();
    await wizard.getByRole('button', { name: t.reminderCalendar }).click();
    await page.getByRole('button', { name: t.calendarNextMonth }).click();
    const day = (await browserToday(page)).locale('es').add(1, 'month').date(15);
    await page.getByRole('button', { name: day.format('D MMMM YYYY'), exact: true }).click();
    await page.getByRole('button', { name: t.calendarConfirm }).click();
    await expect(wizard.getByRole('status')).toContainText(day.format('DD/MM/YYYY'));
    const create = wizard.getByRole('button', { name: t.reminderCreate, exact: true });
    await create.click();
    await expect(wizard.getByRole('alert')).toHaveText(es.conversation.reminderFailed);
    await create.click();
    await expect(wizard).toHaveCount(0);
    await expect(
      chips(page).getByText(`${PHONE_CALL} · ${day.format('DD/MM/YYYY')}`, { exact: false }),
    ).toBeVisible();

    await failOnce(page, 'interaction.archive');
    const picker = await openArchivePicker(page);
    await picker.getByRole('radio', { name: 'Compró a la competencia' }).check();
    await picker.getByRole('button', { name: t.archive, exact: true }).click();
    await expect(picker.getByRole('alert')).toHaveText(es.conversation.archiveFailed);
    await picker.getByRole('button', { name: es.app.retry }).click();
    await expect(picker).toHaveCount(0);
    await expect(chips(page).getByText('Archivado: Compró a la competencia')).toBeVisible();
    expect(unexpectedErrors(browserErrors, [500])).toEqual([]);
  });
});
