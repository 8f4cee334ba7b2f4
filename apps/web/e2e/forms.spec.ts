import type { Page } from '@playwright/test';
import { errorMessages, es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  demoSandbox,
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
} from './fixtures';

/*
 * Forms (issue #42 item 3): a comercial builds a form with a custom field on 'Formularios', a
 * seller of the test's own sends it from the composer through the demo's 'Canal de prueba' to a
 * contact of the test's own, the customer fills it on the public page on a phone, and the seller
 * sees the contact's field written and the answers on the timeline. The custom field is the
 * test's own and is switched off at the end.
 */

const t = es.forms;
let fieldId: string | null = null;
let formName: string | null = null;

test.afterEach(async ({ page }) => {
  await signIn(page, 'comercial@demo.test');
  // The form goes, so 'Formularios' leaves the menu of later tests (it shows with a form).
  const forms = await trpcQuery<Array<{ id: string; name: string }>>(page, 'form.list', undefined);
  for (const form of forms.filter((each) => each.name === formName)) {
    await trpcMutation(page, 'form.remove', { id: form.id });
  }
  formName = null;
  if (fieldId) {
    await trpcMutation(page, 'customField.update', { id: fieldId, data: { active: false } });
    fieldId = null;
  }
  await retireNewSellers(page);
});

/** The customer's side of the sandbox: what they wrote and what they were sent. */
async function customerMessages(page: Page, key: string, mobile: string) {
  const response = await page.request.get(
    `/api/sandbox/whatsapp/${key}/messages?phone=${encodeURIComponent(`+598${mobile.slice(1)}`)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ from: string; text?: string }>;
}

test('un formulario enviado por el canal se completa en la página pública: el campo del contacto y sus respuestas', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Fabia',
    lastname: 'Formulario',
  });
  await signIn(page, 'comercial@demo.test');
  const { key } = await demoSandbox(page);
  const code = `plan_${uniqueLetters()}`;
  const field = await trpcMutation<{ id: string }>(page, 'customField.create', {
    entity: 'contact',
    code,
    name: `Plan ${code}`,
    type: 'select',
    options: [{ name: 'Básico' }, { name: 'Pro' }],
  });
  fieldId = field.id;

  // The comercial builds the form on 'Formularios'.
  const name = `Cotización ${uniqueLetters()}`;
  formName = name;
  await page.goto('/comercial/forms');
  await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: t.add }).click();
  const dialog = page.getByRole('dialog', { name: t.add });
  await dialog.getByRole('textbox', { name: t.fields.name }).fill(name);
  await dialog
    .getByRole('textbox', { name: t.fields.description })
    .fill('Te enviamos la cotización.');
  const first = dialog.getByTestId('form-question').nth(0);
  await first.getByRole('textbox', { name: t.fields.label }).fill('Tu nombre');
  await dialog.getByRole('button', { name: t.fields.addQuestion }).click();
  const second = dialog.getByTestId('form-question').nth(1);
  await second.getByRole('combobox', { name: t.fields.field }).click();
  await page.getByRole('option', { name: `Plan ${code}` }).click();
  await second.getByRole('textbox', { name: t.fields.label }).fill('¿Qué plan querés?');
  await second.getByRole('checkbox', { name: t.fields.required }).check();
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    format(t.questions, { count: 2 }),
  );
  // With a form of its own, the company's 'Formularios' shows in the menu (01 §2, our decision).
  await expect(
    page.getByRole('navigation', { name: es.shell.mainMenu }).getByRole('link', { name: t.title }),
  ).toBeVisible();

  // A contact of the seller's writes in; the seller sends the form from the composer.
  const mobile = uniqueMobile();
  const contact = await createTestContact(seller, 'Flora', { phones: [mobile] });
  const wrote = await page.request.post(`/api/sandbox/whatsapp/${key}/messages`, {
    data: { phone: `+598${mobile.slice(1)}`, name: 'Flora', text: '¿Me pasás la cotización?' },
  });
  expect(wrote.status()).toBe(201);
  await seller.goto(`/contact?id=${contact.id}`);
  await expect(seller.getByText('¿Me pasás la cotización?')).toBeVisible();
  await seller.getByRole('button', { name: t.composer.tab, exact: true }).click();
  const send = seller.getByRole('dialog', { name: t.composer.tab });
  await send.getByRole('combobox', { name: t.composer.pick }).click();
  await seller.getByRole('option', { name }).click();
  await send.getByRole('button', { name: t.composer.send }).click();
  await expect(send).toBeHidden();
  await expect(seller.getByText(`${name}: complétalo aquí`)).toBeVisible();

  // The customer gets the link and opens it on a phone, without signing in.
  let link = '';
  await expect
    .poll(async () => {
      const sent = (await customerMessages(page, key, mobile)).find((each) =>
        each.text?.includes('/f/'),
      );
      link = sent?.text?.match(/\/f\/[A-Za-z0-9_-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const customer = await phone.newPage();
  await customer.goto(link);
  await expect(customer.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(customer.getByText('Te enviamos la cotización.')).toBeVisible();
  // A required question left empty is refused in Spanish, nothing written.
  await customer.getByRole('textbox', { name: 'Tu nombre' }).fill('Flora María');
  await customer.getByRole('button', { name: t.page.submit }).click();
  await expect(customer.getByText(es.fields.required)).toBeVisible();
  await customer.getByRole('combobox', { name: '¿Qué plan querés?' }).click();
  await customer.getByRole('option', { name: 'Pro' }).click();
  await customer.getByRole('button', { name: t.page.submit }).click();
  await expect(customer.getByRole('heading', { name: t.page.thanks })).toBeVisible();
  // The link takes one answer.
  await customer.reload();
  await expect(customer.getByText(errorMessages.FORM_LINK_USED)).toBeVisible();
  await phone.close();

  // The seller sees the answers on the timeline, live, and the contact's field written.
  const answers = seller.getByTestId('form-answer');
  await expect(answers).toContainText(format(t.bubble.title, { name }));
  await expect(answers).toContainText('¿Qué plan querés?: Pro');
  const stored = await trpcQuery<{ firstName: string; additionalData: Record<string, unknown> }>(
    seller,
    'contact.get',
    { id: contact.id },
  );
  expect(stored.firstName).toBe('Flora María');
  expect(stored.additionalData[code]).toBe('Pro');
  expect(browserErrors).toEqual([]);
});
