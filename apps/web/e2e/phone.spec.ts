import type { Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  advanceServerClock,
  createTestContact,
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
 * The phone through the demo's 'Aircall de prueba' (issue #39): its web phone's controls
 * (/api/phone-sandbox/{key}) play the customer and the agent's phone, with no waiting.
 */

const t = es.phone;
const calls = es.conversation.calls;

test.afterEach(({ page }) => retireNewSellers(page));

/** A Uruguayan mobile as the server stores it (E.164). */
const e164 = (national: string) => `+598${national.slice(1)}`;

/** The demo's sandbox phone: its control address, from the caller's phone providers. */
async function sandboxPhone(page: Page) {
  const providers = await trpcQuery<{ connected: boolean; phoneUrl: string | null }>(
    page,
    'phone.providers',
    undefined,
  );
  expect(providers.connected).toBe(true);
  return `/api/phone-sandbox/${providers.phoneUrl!.split('/').at(-1)}`;
}

/** The id of the sandbox's newest call to or from `number`. */
async function callWith(page: Page, base: string, number: string) {
  let id: number | undefined;
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${base}/calls`);
      const { calls: list } = (await answer.json()) as {
        calls: Array<{ id: number; number: string }>;
      };
      id = list.find((each) => each.number === number)?.id;
      return id;
    })
    .toBeDefined();
  return id!;
}

async function control(page: Page, path: string, body?: unknown) {
  const answer = await page.request.post(path, { data: body ?? {} });
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return answer.json() as Promise<{ id?: number }>;
}

test('llamar por Aircall: sonando, en curso y terminada con su duración, en vivo para quien supervisa', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Vera',
    lastname: 'Llamadas',
  });
  const phone = uniqueMobile();
  const contact = await createTestContact(seller, 'Llamada', { phones: [phone] });
  const base = await sandboxPhone(seller);
  // The seller chooses their Aircall user ('Ajustes' › 'Llamadas'): the one with their e-mail.
  await seller.goto('/settings');
  const calling = seller.locator('section', { has: seller.getByText(t.settings.providerHint) });
  await calling.getByRole('button', { name: t.settings.save }).click();
  await expect(seller.getByText(t.settings.saved)).toBeVisible();
  await signIn(page, 'comercial@demo.test');
  await page.goto(`/contact?id=${contact.id}`);
  await expect(page.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();

  await seller.goto(`/contact?id=${contact.id}`);
  await seller.getByRole('button', { name: calls.call, exact: true }).click();
  const title = format(es.conversation.timeline.callTo, { phone: e164(phone) });
  for (const tab of [seller, page]) {
    await expect(tab.getByText(title)).toBeVisible();
    await expect(tab.getByTestId('call-detail').last()).toHaveText(t.progress.initial!);
  }
  // The provider says how it ends: no '¿Pudiste comunicarte?' while it lasts.
  await expect(seller.getByRole('status').getByText(t.progress.initial!)).toBeVisible();
  await expect(seller.getByText(format(calls.question, { phone }))).toHaveCount(0);

  const id = await callWith(seller, base, e164(phone));
  await control(seller, `${base}/calls/${id}/answer`);
  for (const tab of [seller, page]) {
    await expect(tab.getByTestId('call-detail').last()).toContainText(t.progress.answered!);
  }
  await advanceServerClock(page, 95_000);
  await control(seller, `${base}/calls/${id}/hangup`);
  // 95 s on the server's clock, and the second or two the steps took.
  const done = new RegExp(
    `^${es.conversation.timeline.callStates.done} · ${format(es.conversation.timeline.callDuration, { duration: '1:3[5-8]' })}$`,
  );
  for (const tab of [seller, page]) {
    await expect(tab.getByTestId('call-detail').last()).toHaveText(done);
  }
  // The composer is back once the call is over.
  await expect(seller.getByRole('status').getByText(t.progress.answered!)).toHaveCount(0);
  await seller.screenshot({ path: '/tmp/pw-phone/call-desk.png' });
  await seller.context().close();
});

test('una llamada entrante abre el contacto; de un número desconocido, «Contacto no encontrado» y se crea', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Ema',
    lastname: 'Entrantes',
  });
  const known = uniqueMobile();
  const contact = await createTestContact(seller, 'Conocido', { phones: [known] });
  const base = await sandboxPhone(seller);
  const me = await trpcQuery<{ user: { id: string } }>(seller, 'auth.me', undefined);
  await seller.goto('/');

  await control(seller, `${base}/incoming`, { from: e164(known), userId: me.user.id });
  await expect(seller).toHaveURL(new RegExp(`/contact\\?id=${contact.id}`));
  await expect(seller.getByRole('heading', { name: contact.name, level: 1 })).toBeVisible();
  await expect(seller.getByRole('dialog', { name: t.softphone.title })).toBeVisible();

  const unknown = uniqueMobile();
  await control(seller, `${base}/incoming`, { from: e164(unknown), userId: me.user.id });
  const notice = seller.getByRole('alert').filter({ hasText: t.contactNotFound });
  await expect(notice).toContainText(format(t.incomingFrom, { phone: e164(unknown) }));
  await seller.setViewportSize({ width: 390, height: 844 });
  await seller.screenshot({ path: '/tmp/pw-phone/incoming-phone.png' });
  await seller.setViewportSize({ width: 1280, height: 800 });
  await notice.getByRole('button', { name: t.createContact }).click();
  const sheet = seller.getByRole('dialog', { name: es.contacts.createTitle });
  const firstPhone = sheet.getByRole('textbox', {
    name: format(es.contacts.phoneN, { n: 1 }),
    exact: true,
  });
  await expect(firstPhone).toHaveValue(/\d{3}.*\d{3}/);
  const lastName = uniqueLetters();
  await sheet.getByRole('textbox', { name: es.contacts.firstName, exact: true }).fill('Nuevo');
  await sheet.getByRole('textbox', { name: es.contacts.lastName, exact: true }).fill(lastName);
  await sheet.getByRole('button', { name: es.contacts.createSubmit, exact: true }).click();
  await expect(seller.getByRole('heading', { name: `Nuevo ${lastName}`, level: 1 })).toBeVisible();
  const found = await trpcQuery<{ contactId: string | null }>(seller, 'phone.contactByPhone', {
    phone: e164(unknown),
  });
  expect(found.contactId).not.toBeNull();
  await seller.context().close();
});

test('un número restringido desactiva el chat y la llamada, y al intentarlo dice por qué', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Rita',
    lastname: 'Restringida',
  });
  const phone = uniqueMobile();
  const contact = await createTestContact(seller, 'Restringido', { phones: [phone] });
  await signIn(page, 'comercial@demo.test');
  const reason = 'Pidió no ser contactado';
  await trpcMutation(page, 'phone.blockNumber', { phone: e164(phone), reason });
  try {
    await seller.goto(`/contact?id=${contact.id}`);
    const notice = seller.getByRole('alert').filter({ hasText: t.restricted });
    await expect(notice).toContainText(format(t.restrictedReason, { reason }));
    const call = seller.getByRole('button', { name: calls.call, exact: true });
    await expect(call).toHaveAttribute('aria-disabled', 'true');
    // It looks disabled (aria-disabled) but still answers a press, with the reason.
    await call.click({ force: true });
    await expect(seller.getByText(format(t.restrictedReason, { reason })).last()).toBeVisible();
    await seller.screenshot({ path: '/tmp/pw-phone/restricted-desk.png' });
    const items = await trpcQuery<{ items: Array<{ type: string }> }>(
      seller,
      'interaction.timeline',
      { contactId: contact.id },
    );
    expect(items.items.filter((item) => item.type === 'phoneCall')).toHaveLength(0);
  } finally {
    await trpcMutation(page, 'phone.unblockNumber', { phone: e164(phone) });
  }
  await seller.context().close();
});
