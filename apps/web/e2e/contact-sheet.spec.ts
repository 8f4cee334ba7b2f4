import type { APIRequestContext, Page } from '@playwright/test';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  DEMO_PASSWORD,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueMobile,
  unexpectedErrors,
} from './fixtures';

/**
 * The contact sheet (issue #5): 'Crear contacto' from the list and 'Editar contacto' from the
 * contact page, with the rules of 02 §5, the phone checks and the popover of a number that
 * belongs to someone else (02 §8). The database is shared by every test of a run: apart from
 * '099 123 456', which only this file types, each test uses numbers of its own.
 */

let counter = 0;

/** A valid Uruguayan mobile, 093 and six digits from the clock, unique to this run and call. */
function freshMobile(): { typed: string; e164: string } {
  counter += 1;
  const digits = String((Date.now() + counter * 104_729) % 1_000_000).padStart(6, '0');
  return { typed: `093 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+59893${digits}` };
}

/** A surname nobody else has in this run. */
function freshSurname(): string {
  counter += 1;
  return `Prueba${(Date.now() + counter).toString(36).toUpperCase()}`;
}

const createSheet = (page: Page) => page.getByRole('dialog', { name: es.contacts.createTitle });
const editSheet = (page: Page) => page.getByRole('dialog', { name: es.contacts.editTitle });
const phoneInput = (page: Page, n: number) =>
  page.getByRole('textbox', { name: format(es.contacts.phoneN, { n }), exact: true });

async function openCreateSheet(page: Page, email = 'vendedor@demo.test') {
  await signIn(page, email);
  await page.goto('/contacts');
  await page.getByRole('main').getByRole('button', { name: es.contacts.newContact }).click();
  const sheet = createSheet(page);
  // 02 §4 keyboard: the first field has the focus.
  await expect(
    sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }),
  ).toBeFocused();
  return sheet;
}

/** Signs a separate API client in (its own cookies, not the page's). */
async function signInApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok(), `login ${email}: ${response.status()}`).toBe(true);
}

type BatchEntry = Record<string, unknown>;

/**
 * Rewrites one procedure's entry in tRPC's batched HTTP answers (the web batches queries and
 * mutations): `answer` gets the procedure's input and the server's entry and returns the entry
 * to hand to the page, with the HTTP status of the whole answer.
 */
async function patchProcedure(
  page: Page,
  path: string,
  answer: (input: unknown, real: BatchEntry) => { entry: BatchEntry; status?: number },
) {
  const procedures = (url: URL) =>
    decodeURIComponent(url.pathname.slice('/api/trpc/'.length)).split(',');
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && procedures(url).includes(path),
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const index = procedures(url).indexOf(path);
      const inputs = (
        request.method() === 'GET'
          ? JSON.parse(url.searchParams.get('input') ?? '{}')
          : request.postDataJSON()
      ) as Record<string, { json?: unknown }> | null;
      const response = await route.fetch();
      const body = (await response.json()) as BatchEntry[];
      const patched = answer(inputs?.[index]?.json, body[index]!);
      body[index] = patched.entry;
      await route.fulfill({ response, status: patched.status ?? 200, json: body });
    },
  );
}

const result = (json: unknown): BatchEntry => ({ result: { data: { json } } });

test.describe('Ficha de contacto', () => {
  test("'Crear contacto' del menú lateral abre la ficha desde cualquier pantalla", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/');
    await page.getByRole('button', { name: es.contacts.newContact }).click();
    const sheet = createSheet(page);
    const firstName = sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true });
    await expect(firstName).toBeFocused();
    const lastName = freshSurname();
    await firstName.fill('Menú');
    await sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }).fill(lastName);
    await phoneInput(page, 1).fill(uniqueMobile());
    await sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }).click();
    await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: `Menú ${lastName}` })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor crea un contacto: el teléfono se guarda normalizado y se abre el contacto', async ({
    page,
    browserErrors,
  }) => {
    const sheet = await openCreateSheet(page);
    const submit = sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true });
    await expect(submit).toBeDisabled();
    // Demo Uruguay has no external contact system: no status box.
    await expect(sheet.getByRole('status')).toHaveCount(0);

    const lastName = freshSurname();
    await sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }).fill('Lucía');
    await sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }).fill(lastName);
    await phoneInput(page, 1).fill('099 123 456');
    // Read, then checked on the server.
    await expect(sheet.getByRole('img', { name: es.contacts.phoneValid })).toBeVisible();
    await expect(sheet.getByText('Uruguay · +598 99 123 456', { exact: true })).toBeVisible();
    await sheet.getByRole('textbox', { name: format(es.contacts.emailN, { n: 1 }) }).fill('lucia@');
    await sheet.getByRole('textbox', { name: es.contacts.detail, exact: true }).focus();
    await expect(sheet.getByText(es.contacts.invalidEmail)).toBeVisible();
    await expect(submit).toBeDisabled();
    await sheet
      .getByRole('textbox', { name: format(es.contacts.emailN, { n: 1 }) })
      .fill('lucia@ejemplo.com');
    await sheet.getByRole('combobox', { name: es.contacts.statusTag }).click();
    await page.getByRole('option', { name: 'Contactado', exact: true }).click();
    await sheet.getByRole('combobox', { name: es.contacts.origin, exact: true }).click();
    await page.getByRole('option', { name: 'Referido', exact: true }).click();
    await sheet
      .getByRole('textbox', { name: es.contacts.detail, exact: true })
      .fill('Pidió precios por email.');
    // Demo Uruguay sells to companies: a company, one of its sectors and the role there.
    await sheet.getByRole('button', { name: es.contacts.addCompany }).click();
    await sheet.getByRole('combobox', { name: `${es.contacts.company} 1`, exact: true }).click();
    await sheet
      .getByRole('combobox', { name: `${es.contacts.company} 1`, exact: true })
      .fill('Agropecuaria');
    await page.getByRole('option', { name: 'Agropecuaria del Este S.A.', exact: true }).click();
    await sheet.getByRole('combobox', { name: `${es.contacts.sector} 1`, exact: true }).click();
    await page.getByRole('option', { name: 'Compras', exact: true }).click();
    await sheet
      .getByRole('textbox', { name: `${es.contacts.role} 1`, exact: true })
      .fill('Jefa de compras');
    await expect(submit).toBeEnabled();
    await settle(page).catch(() => settle(page));
    await page.screenshot({ path: 'test-results/contact-sheet.png' });

    await submit.click();
    await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}$/);
    await expect(createSheet(page)).toHaveCount(0);
    await expect(
      page.getByText(format(es.contacts.createdNotice, { name: `Lucía ${lastName}` })),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: `Lucía ${lastName}`, level: 1 })).toBeVisible();
    const id = new URL(page.url()).searchParams.get('id')!;
    const saved = await trpcQuery<{
      phones: Array<{ phone: string; national: string }>;
      emails: string[];
      statusTag: string;
      origin: string;
      affiliations: Array<{ companyName: string; sectorName: string | null; role: string }>;
    }>(page, 'contact.get', { id });
    expect(saved.phones).toEqual([
      { phone: '+59899123456', national: '099 123 456', extensionNumber: '' },
    ]);
    expect(saved.emails).toEqual(['lucia@ejemplo.com']);
    expect(saved.statusTag).toBe('contacted');
    expect(saved.origin).toBe('referido');
    expect(saved.affiliations).toMatchObject([
      { companyName: 'Agropecuaria del Este S.A.', sectorName: 'Compras', role: 'Jefa de compras' },
    ]);
    await expect(page.getByRole('link', { name: '099 123 456' })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('los campos obligatorios y los números inválidos se explican bajo cada campo', async ({
    page,
    browserErrors,
  }) => {
    const sheet = await openCreateSheet(page);
    const firstName = sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true });
    // Leaving the first name empty says so.
    await firstName.press('Tab');
    await expect(sheet.getByText('Este campo es obligatorio')).toBeVisible();
    await expect(
      sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }),
    ).toBeDisabled();
    await firstName.fill('Tomás');
    await expect(sheet.getByText('Este campo es obligatorio')).toHaveCount(0);

    // While typing, a number that cannot be read.
    await phoneInput(page, 1).fill('099 12');
    await expect(sheet.getByText(es.contacts.phoneTyped)).toBeVisible();
    // Once the field is left, the full rule.
    await phoneInput(page, 1).blur();
    await expect(
      sheet.getByText(format(es.contacts.phoneInvalidForCountry, { country: 'Uruguay' })),
    ).toBeVisible();
    // An empty additional phone.
    await sheet.getByRole('button', { name: es.contacts.addPhone }).click();
    await phoneInput(page, 2).focus();
    await phoneInput(page, 2).blur();
    await expect(sheet.getByText(es.contacts.extraPhoneRequired)).toBeVisible();
    await sheet.getByRole('button', { name: format(es.contacts.removePhone, { n: 2 }) }).click();
    await expect(sheet.getByText(es.contacts.extraPhoneRequired)).toHaveCount(0);
    await expect(
      sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }),
    ).toBeDisabled();

    // The server check cannot be reached.
    await page.route(/\/api\/trpc\/[^?]*contact\.validatePhone/, (route) => route.abort('failed'));
    const number = freshMobile();
    await phoneInput(page, 1).fill(number.typed);
    await expect(
      sheet.getByText(format(es.contacts.phoneCheckFailed, { number: number.typed })),
    ).toBeVisible();
    await expect(
      sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }),
    ).toBeDisabled();

    // Escape closes the sheet.
    await page.keyboard.press('Escape');
    await expect(createSheet(page)).toHaveCount(0);
    expect(browserErrors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  });

  test('el mismo número en dos filas se marca como repetido y no deja guardar', async ({
    page,
    browserErrors,
  }) => {
    const sheet = await openCreateSheet(page);
    await sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }).fill('Repetido');
    // Typed without its 0: read as a Uruguayan mobile, and written as such on leaving.
    await phoneInput(page, 1).fill('99765432');
    await expect(sheet.getByText('Uruguay · +598 99 765 432', { exact: true })).toBeVisible();
    await sheet.getByRole('button', { name: es.contacts.addPhone }).click();
    await expect(phoneInput(page, 1)).toHaveValue('099 765 432');
    await phoneInput(page, 2).fill('+598 99 765 432');
    await expect(sheet.getByText(es.contacts.phoneRepeated)).toHaveCount(2);
    await expect(
      sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }),
    ).toBeDisabled();
    // Enter does not save a refused sheet.
    await phoneInput(page, 2).press('Enter');
    await expect(createSheet(page)).toBeVisible();
    // Removing the second row clears the message and the sheet may be saved.
    await sheet.getByRole('button', { name: format(es.contacts.removePhone, { n: 2 }) }).click();
    await expect(sheet.getByText(es.contacts.phoneRepeated)).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test('un número de un contacto de otra vendedora abre el aviso con sus acciones', async ({
    page,
    request,
    browserErrors,
  }) => {
    const number = freshMobile();
    await signInApi(request, 'vendedora@demo.test');
    const created = await request.post('/api/trpc/contact.create', {
      data: {
        json: {
          firstName: 'Ajena',
          lastName: freshSurname(),
          phones: [{ phone: number.e164, extensionNumber: '' }],
        },
      },
    });
    expect(created.ok(), `contact.create: ${created.status()}`).toBe(true);

    const sheet = await openCreateSheet(page);
    await sheet
      .getByRole('textbox', { name: es.contacts.firstName, exact: true })
      .fill('Duplicado');
    await phoneInput(page, 1).fill(number.typed);
    const text = format(es.contacts.phoneDuplicate, { agent: 'Victoria Vendedora' });
    const popover = page.getByRole('dialog', { name: text });
    await expect(popover).toBeVisible();
    // It has an active owner: a sub-conversation, not a take-over; not one's own; no unify on create.
    await expect(
      popover.getByRole('button', { name: es.contacts.createSubConversation }),
    ).toBeVisible();
    await expect(popover.getByRole('button', { name: es.contacts.obtainContact })).toHaveCount(0);
    await expect(popover.getByRole('button', { name: es.contacts.goToMyContact })).toHaveCount(0);
    await expect(popover.getByRole('button', { name: es.contacts.unifyContacts })).toHaveCount(0);
    await expect(
      sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }),
    ).toBeDisabled();

    await settle(page).catch(() => settle(page));
    await page.screenshot({ path: 'test-results/contact-sheet-popover.png' });

    // The popover may be closed and opened again from the number's mark.
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await sheet.getByRole('button', { name: es.contacts.phoneOptions }).click();
    await expect(popover).toBeVisible();

    // 'Crear subconversación' opens the new copy, held by the seller.
    await popover.getByRole('button', { name: es.contacts.createSubConversation }).click();
    await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}$/);
    await expect(page.getByText(es.contacts.subConversationCreated)).toBeVisible();
    await expect(page.getByTestId('contact-agent')).toHaveText(
      `${es.contacts.agent}: Valentín Vendedor`,
    );
    expect(browserErrors).toEqual([]);
  });

  test('editar un contacto: origen fijo, guardar solo con cambios', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const number = freshMobile();
    const lastName = freshSurname();
    const { id } = await trpcMutation<{ id: string }>(page, 'contact.create', {
      firstName: 'Editable',
      lastName,
      phones: [{ phone: number.e164, extensionNumber: '' }],
      origin: 'web',
    });
    await page.goto(`/contact?id=${id}`);
    await page.getByRole('button', { name: es.contacts.edit }).click();
    const sheet = editSheet(page);
    await expect(
      sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }),
    ).toHaveValue('Editable');
    await expect(phoneInput(page, 1)).toHaveValue(number.typed);
    await expect(
      sheet.getByRole('combobox', { name: es.contacts.origin, exact: true }),
    ).toBeDisabled();
    await expect(
      sheet.getByRole('combobox', { name: es.contacts.origin, exact: true }),
    ).toHaveValue('Sitio web');
    const save = sheet.getByRole('button', { name: es.contacts.editSubmit, exact: true });
    // Nothing changed yet.
    await expect(sheet.getByRole('img', { name: es.contacts.phoneValid })).toBeVisible();
    await expect(save).toBeDisabled();
    // The same number written differently is no change either.
    await phoneInput(page, 1).fill(number.e164);
    await expect(sheet.getByRole('img', { name: es.contacts.phoneValid })).toBeVisible();
    await expect(save).toBeDisabled();

    await sheet
      .getByRole('textbox', { name: es.contacts.lastName, exact: true })
      .fill(`${lastName} Editado`);
    await expect(save).toBeEnabled();
    // Enter saves a valid sheet.
    await sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }).press('Enter');
    await expect(editSheet(page)).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: `Editable ${lastName} Editado`, level: 1 }),
    ).toBeVisible();
    const saved = await trpcQuery<{ origin: string; phones: Array<{ phone: string }> }>(
      page,
      'contact.get',
      { id },
    );
    expect(saved.origin).toBe('web');
    expect(saved.phones.map((row) => row.phone)).toEqual([number.e164]);
    expect(browserErrors).toEqual([]);
  });
  test('sin conexión al guardar lo dice en la ficha, y se puede volver a intentar', async ({
    page,
    browserErrors,
  }) => {
    const sheet = await openCreateSheet(page);
    const number = freshMobile();
    const lastName = freshSurname();
    await sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }).fill('Sin red');
    await sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }).fill(lastName);
    await phoneInput(page, 1).fill(number.typed);
    const submit = sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true });
    await expect(submit).toBeEnabled();
    await page.route(/\/api\/trpc\/contact\.create/, (route) => route.abort('failed'));
    await submit.click();
    await expect(sheet.getByRole('alert')).toContainText(es.contacts.connectionError);
    await page.unroute(/\/api\/trpc\/contact\.create/);
    await submit.click();
    await expect(page).toHaveURL(/\/contact\?id=[0-9a-f-]{36}$/);
    await expect(
      page.getByRole('heading', { name: `Sin red ${lastName}`, level: 1 }),
    ).toBeVisible();
    expect(browserErrors.filter((error) => !error.includes('net::ERR_FAILED'))).toEqual([]);
  });

  test('con un sistema externo de contactos, la ficha muestra su validación al editar', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const number = freshMobile();
    const lastName = freshSurname();
    const { id } = await trpcMutation<{ id: string }>(page, 'contact.create', {
      firstName: 'Externo',
      lastName,
      phones: [{ phone: number.e164, extensionNumber: '' }],
    });
    // Demo Uruguay has no external system: the page is told it has one, and what it answers.
    const system = 'Sistema Demo';
    await patchProcedure(page, 'contact.form', (_input, real) => {
      const json = (real.result as { data: { json: Record<string, unknown> } }).data.json;
      return { entry: result({ ...json, externalSystem: system }) };
    });
    await patchProcedure(page, 'contact.externalValidate', (input) => {
      const values = (input as { values: { lastName: string } }).values;
      const valid = values.lastName.endsWith('Válido');
      return {
        entry: result({
          isValid: valid,
          errorMessage: valid ? null : 'El apellido no coincide con el padrón.',
          operationType: 'update',
          system,
        }),
      };
    });

    await page.goto(`/contact?id=${id}`);
    await page.getByRole('button', { name: es.contacts.edit }).click();
    const sheet = editSheet(page);
    const box = sheet.getByRole('status');
    await expect(box).toContainText(format(es.contacts.externalStates.listening, { system }));
    const save = sheet.getByRole('button', { name: es.contacts.editSubmit, exact: true });
    const lastNameInput = sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true });

    await lastNameInput.fill(`${lastName} Otro`);
    await expect(box).toContainText(format(es.contacts.externalStates.error, { system }));
    await expect(box).toContainText('El apellido no coincide con el padrón.');
    await expect(save).toBeDisabled();

    await lastNameInput.fill(`${lastName} Válido`);
    await expect(box).toContainText(format(es.contacts.externalStates.valid, { system }));
    await expect(save).toBeEnabled();

    // The system refuses the update when saving: the banner names it and says why.
    await patchProcedure(page, 'contact.update', () => ({
      status: 422,
      entry: {
        error: {
          json: {
            message: errorMessage('EXTERNAL_VALIDATION_FAILED'),
            code: -32600,
            data: {
              code: 'UNPROCESSABLE_CONTENT',
              httpStatus: 422,
              domainCode: 'EXTERNAL_VALIDATION_FAILED',
              details: { system, message: 'El padrón no responde.' },
            },
          },
        },
      },
    }));
    await save.click();
    const banner = sheet.getByRole('alert');
    await expect(banner).toContainText(format(es.contacts.externalUpdateFailed, { system }));
    await expect(banner).toContainText('El padrón no responde.');
    expect(unexpectedErrors(browserErrors, [422])).toEqual([]);
  });
});
