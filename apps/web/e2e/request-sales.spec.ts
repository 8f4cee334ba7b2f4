import { truncateSync, writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import { SHARE_PERMISSION_LABELS } from '@cartera/domain/request-sales';
import {
  closeNoticesOf,
  createTestContact,
  expect,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  unexpectedErrors,
} from './fixtures';

/*
 * Request sales, 'Solicitudes' (issue #15), the seller's side: the editor shows and hides fields
 * by the template's rules, saves a draft and sends it; a commercial user's status change reaches
 * the seller's open timeline; a comment raises the unseen badge and 'Marcar como visto' clears
 * it; a user the request is shared with as 'Ver' cannot edit it; archiving a contact with an
 * active request is refused; leaving unsaved changes asks first; a regex mismatch is explained.
 */
const t = es.requestSales;

interface Template {
  id: string;
  title: string;
}
interface Request {
  id: string;
  statusType: string;
}

/** A form field by its label, which Mantine ends with ' *' when the field is required. */
function field(scope: Pick<Locator, 'getByLabel'>, label: string) {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function templateNamed(page: Page, title: string) {
  const templates = await trpcQuery<Template[]>(page, 'requestSale.templates', {});
  return templates.find((each) => each.title === title)!;
}

/** A contact of the signed-in seller with a request of 'Portabilidad' made through the API. */
async function contactWithRequest(page: Page, mode: 'draft' | 'send' = 'send') {
  const contact = await createTestContact(page, 'Solicitud');
  const template = await templateNamed(page, 'Portabilidad');
  const request = await trpcMutation<Request>(page, 'requestSale.create', {
    contactId: contact.id,
    templateId: template.id,
    mode,
    content: { numeroPortar: '091234567', compania: 'antel' },
    lines: [],
  });
  return { contact, request };
}

async function openContact(page: Page, contactId: string) {
  await page.goto(`/contact?id=${contactId}`);
  await expect(page.getByTestId('requests-panel')).toBeVisible();
}

/** Signs in, makes a contact and opens a new request of a template from its panel. */
async function newRequest(page: Page, email: string, contactName: string, template: string) {
  await signIn(page, email);
  const contact = await createTestContact(page, contactName);
  await openContact(page, contact.id);
  await page.getByRole('button', { name: t.newRequest }).click();
  await page
    .getByRole('dialog', { name: t.pickTemplate })
    .getByRole('button', { name: template, exact: true })
    .click();
  return { contact, editor: page.getByTestId('request-editor') };
}

/** Opens the contact's first request from its panel. */
async function openFirstRequest(page: Page) {
  await page.getByTestId('request-row').first().click();
  const editor = page.getByTestId('request-editor');
  await expect(editor).toBeVisible();
  return editor;
}

/** A second signed-in page for another user. */
async function pageOf(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await signIn(other, email);
  return other;
}

/** Another user's page on the contact, with its first request open in the editor. */
async function requestAs(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  contactId: string,
) {
  const other = await pageOf(browser, baseURL, email);
  await openContact(other, contactId);
  return { other, editor: await openFirstRequest(other) };
}

test.describe('Solicitudes', () => {
  test('el vendedor completa una plantilla cuyos campos aparecen y desaparecen, guarda un borrador y lo envía', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { contact, editor } = await newRequest(
      page,
      'vendedor@demo.test',
      'Alta',
      'Alta de servicio',
    );
    await expect(
      editor.getByRole('heading', {
        name: format(t.create, { title: 'Alta de servicio' }),
        exact: true,
      }),
    ).toBeVisible();

    // 'Plan' shows for 'Internet hogar' only; 'Cantidad de líneas' for mobile and business.
    await expect(field(editor, 'Plan')).toHaveCount(0);
    await choose(page, editor, 'Tipo de servicio', 'Internet hogar');
    await expect(field(editor, 'Plan')).toBeVisible();
    await expect(field(editor, 'Cantidad de líneas')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/request-editor.png' });
    await choose(page, editor, 'Tipo de servicio', 'Telefonía móvil');
    await expect(field(editor, 'Plan')).toHaveCount(0);
    await expect(field(editor, 'Cantidad de líneas')).toBeVisible();
    // The backoffice-only field is not the seller's.
    await expect(field(editor, 'Notas de back office')).toHaveCount(0);

    await editor.getByRole('button', { name: t.saveDraft }).click();
    await expect(editor).toBeHidden();
    const row = page.getByTestId('request-row').first();
    await expect(row.getByTestId('request-status')).toHaveText('Borrador');

    // Sending needs the required fields and a 'Prepagos' code.
    const reopened = await openFirstRequest(page);
    await reopened.getByRole('button', { name: t.edit }).click();
    await reopened.getByRole('button', { name: t.send }).click();
    await expect(reopened.getByText(t.fieldErrors.required)).toBeVisible();
    await field(reopened, 'Cantidad de líneas').fill('2');
    await reopened.getByRole('textbox', { name: `${t.lineCode} 1` }).fill('PRE-1');
    await reopened.getByRole('button', { name: t.send }).click();
    await expect(reopened).toBeHidden();
    await expect(row.getByTestId('request-status')).toHaveText('Enviada');
    const stored = await trpcQuery<Array<{ statusType: string }>>(
      page,
      'requestSale.listByContact',
      {
        contactId: contact.id,
      },
    );
    expect(stored.map((each) => each.statusType)).toEqual(['new']);
    expect(browserErrors).toEqual([]);
  });

  test('un cambio de estado del comercial llega en vivo a la conversación abierta del vendedor', async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { contact } = await contactWithRequest(page);
    await openContact(page, contact.id);
    await expect(page.getByTestId('request-bubble')).toHaveCount(1);

    const { other: commercial, editor } = await requestAs(
      browser,
      baseURL,
      'comercial@demo.test',
      contact.id,
    );
    await choose(commercial, editor, t.status, 'En proceso');
    await expect(commercial.getByText(t.statusChanged)).toBeVisible();
    await commercial.screenshot({ path: 'test-results/request-editor-commercial.png' });

    const bubble = page.getByTestId('request-bubble').filter({
      hasText: format(t.bubble.stateChange, { status: 'En proceso' }),
    });
    await expect(bubble).toBeVisible();
    await expect(page.getByTestId('request-row').first().getByTestId('request-status')).toHaveText(
      'En proceso',
    );
    // The item opens the request.
    await bubble.getByRole('button', { name: t.bubble.open }).click();
    await expect(page.getByTestId('request-editor')).toContainText('En proceso');
    await commercial.context().close();
    expect(browserErrors).toEqual([]);
  });

  test("un comentario sube el contador sin ver y 'Marcar como visto' lo borra", async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { contact, request } = await contactWithRequest(page);
    await trpcMutation(page, 'requestSale.addComment', {
      requestId: request.id,
      text: '¿Pueden priorizarla?',
    });

    const { other: commercial, editor } = await requestAs(
      browser,
      baseURL,
      'comercial@demo.test',
      contact.id,
    );
    await expect(editor.getByTestId('unseen-badge')).toHaveText('1');
    await editor.getByRole('tab', { name: new RegExp(t.tabComments) }).click();
    await expect(editor.getByTestId('request-comment')).toContainText('¿Pueden priorizarla?');
    await expect(editor.getByTestId('request-comment')).toContainText(t.commented);
    await editor.getByRole('button', { name: t.markSeen }).click();
    await expect(editor.getByTestId('unseen-badge')).toHaveCount(0);
    await expect(editor.getByRole('button', { name: t.markSeen })).toHaveCount(0);
    // An empty comment is refused; a reply shows first, newest first.
    await editor.getByRole('button', { name: t.comment, exact: true }).click();
    await expect(editor.getByText(t.fieldErrors.required)).toBeVisible();
    await editor.getByRole('textbox', { name: t.tabComments }).fill('Sí, queda en proceso.');
    await editor.getByRole('button', { name: t.comment, exact: true }).click();
    await expect(editor.getByTestId('request-comment')).toHaveCount(2);
    await expect(editor.getByTestId('request-comment').first()).toContainText(
      'Sí, queda en proceso.',
    );
    await expect(editor.getByTestId('comments-count')).toHaveText('2');
    // Their own comment is theirs to delete, after 'Eliminar comentario'.
    await expect(
      editor.getByTestId('request-comment').last().getByRole('button', { name: t.deleteComment }),
    ).toHaveCount(0);
    await editor
      .getByTestId('request-comment')
      .first()
      .getByRole('button', { name: t.deleteComment })
      .click();
    await commercial
      .getByRole('dialog', { name: t.deleteComment })
      .getByRole('button', { name: es.fields.delete })
      .click();
    await expect(editor.getByTestId('request-comment')).toHaveCount(1);
    await commercial.context().close();
    expect(browserErrors).toEqual([]);
    // The comercial's reply told the request's author: closed, so later tests do not see it.
    await closeNoticesOf(page, 'vendedor@demo.test');
  });

  test("el comercial envía con obligatorios sin completar tras 'Continuar'", async ({
    page,
    browserErrors,
  }) => {
    const { contact, editor } = await newRequest(
      page,
      'comercial@demo.test',
      'Comercial',
      'Portabilidad',
    );
    await field(editor, 'Número a portar').fill('091234567');
    await editor.getByRole('button', { name: t.send }).click();
    const question = page.getByRole('dialog', { name: t.missingRequired });
    await question.getByRole('button', { name: t.cancel }).click();
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: t.send }).click();
    await page
      .getByRole('dialog', { name: t.missingRequired })
      .getByRole('button', { name: t.continue })
      .click();
    await expect(editor).toBeHidden();
    const stored = await trpcQuery<Array<{ statusType: string }>>(
      page,
      'requestSale.listByContact',
      { contactId: contact.id },
    );
    expect(stored.map((each) => each.statusType)).toEqual(['new']);
    expect(browserErrors).toEqual([]);
  });

  test("un usuario con quien se comparte con 'Ver' la ve y no la puede editar", async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    // Two users, each signing in and opening the contact and the request: twice the steps.
    test.setTimeout(60_000);
    await signIn(page, 'vendedor@demo.test');
    const { contact, request } = await contactWithRequest(page);
    const users = await trpcQuery<Array<{ id: string; name: string; lastname: string }>>(
      page,
      'requestSale.shareUsers',
      undefined,
    );
    const shared = await pageOf(browser, baseURL, 'supervisor@demo.test');
    const me = await trpcQuery<{ user: { id: string } }>(shared, 'auth.me', undefined);
    const supervisor = users.find((each) => each.id === me.user.id)!;
    const supervisorName = `${supervisor.name} ${supervisor.lastname}`;

    // The seller shares it from the editor: 'Ver' is the default permission.
    await openContact(page, contact.id);
    const mine = await openFirstRequest(page);
    await mine.getByRole('button', { name: t.share }).click();
    const menu = page.getByRole('dialog').filter({ hasText: t.shareEmpty });
    await menu.getByRole('combobox', { name: t.shareUser }).click();
    await page.getByRole('option', { name: supervisorName }).click();
    await menu.getByRole('button', { name: t.shareAdd }).click();
    const row = page.getByTestId('request-share');
    await expect(row).toContainText(supervisorName);
    await expect(row.getByRole('combobox', { name: t.sharePermission })).toHaveValue(
      SHARE_PERMISSION_LABELS.read,
    );
    const stored = await trpcQuery<{ shared: Array<{ userId: string; permission: string }> }>(
      page,
      'requestSale.get',
      { id: request.id },
    );
    expect(stored.shared).toEqual([
      expect.objectContaining({ userId: me.user.id, permission: 'read' }),
    ]);

    await openContact(shared, contact.id);
    const editor = await openFirstRequest(shared);
    await expect(field(editor, 'Número a portar')).toHaveValue('091234567');
    await expect(field(editor, 'Número a portar')).toBeDisabled();
    await expect(editor.getByRole('button', { name: t.edit })).toHaveCount(0);
    await expect(editor.getByRole('button', { name: t.send })).toHaveCount(0);
    await shared.context().close();
    expect(browserErrors).toEqual([]);
  });

  test("el panel muestra las tres primeras con 'Ver mas'; la pestaña 'Solicitudes' del compositor abre la plantilla", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { contact } = await contactWithRequest(page, 'draft');
    const template = await templateNamed(page, 'Portabilidad');
    for (let made = 0; made < 3; made += 1) {
      await trpcMutation(page, 'requestSale.create', {
        contactId: contact.id,
        templateId: template.id,
        mode: 'draft',
        content: {},
      });
    }
    await openContact(page, contact.id);
    const rows = page.getByTestId('request-row');
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: t.more }).click();
    await expect(rows).toHaveCount(4);
    await page.getByRole('button', { name: t.less }).click();
    await expect(rows).toHaveCount(3);

    await page.getByTestId('composer').getByRole('button', { name: t.tab }).click();
    await page
      .getByRole('dialog', { name: t.pickTemplate })
      .getByRole('button', { name: 'Portabilidad', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: format(t.create, { title: 'Portabilidad' }), exact: true }),
    ).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('los archivos se suben con su enlace y uno de más de 50 MB se rechaza', async ({
    page,
    browserErrors,
  }, testInfo) => {
    const { contact, editor } = await newRequest(
      page,
      'vendedor@demo.test',
      'Archivos',
      'Alta de servicio',
    );
    // 'Documentación' starts closed: nothing of it is filled.
    await editor.getByRole('button', { name: 'Documentación' }).click();
    const photo = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: t.upload, exact: true }).click();
    await (
      await photo
    ).setFiles({ name: 'cedula.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(editor.getByRole('link', { name: 'cedula.png' })).toBeVisible();

    const large = testInfo.outputPath('grande.pdf');
    writeFileSync(large, '');
    truncateSync(large, 51 * 1024 * 1024);
    const documents = page.waitForEvent('filechooser');
    await editor.getByRole('button', { name: t.uploadMany }).click();
    await (await documents).setFiles(large);
    await expect(editor.getByText(t.fieldErrors.fileTooLarge)).toBeVisible();
    await expect(editor.getByRole('link', { name: 'grande.pdf' })).toHaveCount(0);
    await editor.getByRole('button', { name: t.saveDraft }).click();
    await expect(editor).toBeHidden();
    const [summary] = await trpcQuery<Array<{ id: string }>>(page, 'requestSale.listByContact', {
      contactId: contact.id,
    });
    const stored = await trpcQuery<{ content: { cedula?: { name: string; size: number } } }>(
      page,
      'requestSale.get',
      { id: summary!.id },
    );
    expect(stored.content.cedula).toMatchObject({ name: 'cedula.png', size: 3 });
    expect(browserErrors).toEqual([]);
  });

  test("archivar un contacto con una solicitud activa muestra 'Existe una solicitud activa'", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { contact } = await contactWithRequest(page, 'draft');
    await openContact(page, contact.id);
    await page
      .getByRole('button', { name: es.conversation.actions.archive, exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: es.conversation.actions.archiveTitle });
    await dialog.getByRole('radio').first().check();
    await dialog
      .getByRole('button', { name: es.conversation.actions.archive, exact: true })
      .click();
    await expect(dialog.getByRole('alert')).toContainText(t.activeOne);
    await page.screenshot({ path: 'test-results/archive-active-request.png' });
    // 'Abrir' walks the user to the request, to modify or cancel it.
    await dialog.getByRole('button', { name: t.open }).click();
    await expect(page.getByTestId('request-editor')).toBeVisible();
    // The refusal itself is the 409 the browser notes.
    expect(unexpectedErrors(browserErrors, [409])).toEqual([]);
  });

  test('salir con cambios sin guardar pregunta primero; un número que no respeta la expresión es inválido', async ({
    page,
    browserErrors,
  }) => {
    const { contact, editor } = await newRequest(
      page,
      'vendedor@demo.test',
      'Salir',
      'Portabilidad',
    );
    await field(editor, 'Número a portar').fill('123456789');
    await expect(editor.getByText(t.fieldErrors.invalid)).toBeVisible();
    await field(editor, 'Número a portar').fill('091234567');
    await expect(editor.getByText(t.fieldErrors.invalid)).toHaveCount(0);

    await editor.getByRole('button', { name: t.close }).click();
    const question = page.getByRole('dialog', { name: t.leaveQuestion });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: t.cancel }).click();
    // The question is gone (its closing animation too) before the editor is asked again.
    await expect(question).toHaveCount(0);
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: t.close }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: t.leave }).click();
    await expect(question).toHaveCount(0);
    await expect(editor).toBeHidden();
    const stored = await trpcQuery<unknown[]>(page, 'requestSale.listByContact', {
      contactId: contact.id,
    });
    expect(stored).toEqual([]);
    expect(browserErrors).toEqual([]);
  });

  test('el creador elimina su borrador; una solicitud en auditoría muestra el aviso y no se edita', async ({
    page,
    browser,
    baseURL,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const { contact } = await contactWithRequest(page, 'draft');
    await openContact(page, contact.id);
    const editor = await openFirstRequest(page);
    await editor.getByRole('button', { name: t.deleteRequest, exact: true }).click();
    await page
      .getByRole('dialog', { name: t.deleteRequestQuestion })
      .getByRole('button', { name: es.fields.delete })
      .click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('request-row')).toHaveCount(0);
    expect(
      await trpcQuery<Request[]>(page, 'requestSale.listByContact', { contactId: contact.id }),
    ).toEqual([]);

    const audited = await contactWithRequest(page, 'send');
    const office = await pageOf(browser, baseURL, 'comercial@demo.test');
    const me = await trpcQuery<{ id: string }>(page, 'requestSale.viewer', undefined);
    await trpcMutation(office, 'requestSale.audit', { id: audited.request.id, auditorId: me.id });
    await openContact(page, audited.contact.id);
    const shown = await openFirstRequest(page);
    await expect(shown.getByText(t.auditBanner)).toBeVisible();
    await expect(shown.getByRole('button', { name: t.edit, exact: true })).toHaveCount(0);
    await expect(shown.getByRole('button', { name: t.deleteRequest, exact: true })).toHaveCount(0);
    await office.context().close();
    expect(browserErrors).toEqual([]);
  });
});
