import type { Locator, Page } from '@playwright/test';
import { es, format } from '@cartera/domain/i18n';
import {
  expect,
  newSellerPage,
  retireNewSellers,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
} from './fixtures';

test.afterEach(({ page }) => retireNewSellers(page));

/*
 * Issue #41: the platform admin's shipments ('Administración' › 'Notificaciones') and what users
 * see of them (the banner, the bottom-right notice, one of each at a time, newest first). Every
 * shipment goes only to a company or users the test makes itself, so nothing reaches another
 * test's users.
 */

const t = es.notifications;
const card = t.card;

const notice = (scope: Page | Locator, title: string) =>
  scope.getByRole('region', { name: `${card.notice}: ${title}` });
const banner = (scope: Page | Locator, title: string) =>
  scope.getByRole('region', { name: `${card.banner}: ${title}` });
/** One of a shipment's figures on its statistics page. */
const figure = (page: Page, name: string, value: number) =>
  expect(page.getByTestId(`stat-${name}`).getByText(String(value), { exact: true })).toBeVisible();

/** A user of the admin's company moved to `companyId`, signed in on a window of its own. */
async function userOf(
  admin: Page,
  signedInPage: (email: string, password?: string) => Promise<Page>,
  companyId: string,
  who: { name: string; lastname: string; roles: string[] },
) {
  const [root] = await trpcQuery<Array<{ id: string }>>(admin, 'admin.groups', {});
  const email = `${uniqueLetters()}.${uniqueLetters()}@avisos.test`;
  const created = await trpcMutation<{ id: string }>(admin, 'admin.createUser', {
    ...who,
    email,
    groupId: root!.id,
    password: 'Inicial1',
  });
  await trpcMutation(admin, 'admin.moveCompany', { id: created.id, targetGroupId: companyId });
  const user = await signedInPage(email, 'Inicial1');
  await trpcMutation(user, 'auth.changePassword', {
    currentPassword: 'Inicial1',
    newPassword: 'Propia123',
    repeatPassword: 'Propia123',
  });
  return user;
}

test('el administrador envía un artículo a los vendedores de una empresa: solo ellos lo ven, en vivo, y las estadísticas lo cuentan', async ({
  page,
  browser,
  baseURL,
  signedInPage,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  // The test's own company, with a seller and a supervisor; and a seller of the demo company.
  const other = await newSellerPage(page, browser, baseURL, {
    name: 'Otra',
    lastname: `Empresa ${uniqueLetters()}`,
  });
  await signIn(page, 'admin@demo.test');
  const companyName = `Avisos ${uniqueLetters()}`;
  const company = await trpcMutation<{ id: string }>(page, 'admin.createClient', {
    name: companyName,
    country: 'uy',
    user: {
      name: 'Primera',
      lastname: 'Comercial',
      email: `${uniqueLetters()}.${uniqueLetters()}@avisos.test`,
      password: 'Inicial1',
    },
  });
  const seller = await userOf(page, signedInPage, company.id, {
    name: 'Vera',
    lastname: 'Vendedora',
    roles: ['user'],
  });
  const supervisor = await userOf(page, signedInPage, company.id, {
    name: 'Sergio',
    lastname: 'Supervisor',
    roles: ['super'],
  });
  for (const each of [seller, supervisor, other]) {
    await each.goto('/contacts');
    await expect(each.getByRole('heading', { level: 1 })).toBeVisible();
  }

  // The admin writes it in 'Administración' › 'Notificaciones'.
  await page.goto('/grupos');
  await page.getByRole('tab', { name: t.admin.tabs.notifications }).click();
  await expect(page.getByRole('heading', { name: t.admin.title, level: 1 })).toBeVisible();
  await page.getByRole('link', { name: t.admin.create }).click();
  const title = `Nuevos reportes ${uniqueLetters()}`;
  await page.getByRole('textbox', { name: t.form.title }).fill(title);
  await page
    .getByRole('textbox', { name: t.form.description })
    .fill('Ya puedes descargar tus ventas del mes.');
  await page.getByRole('switch', { name: t.form.popup }).check();
  const preview = page.getByTestId('shipment-preview');
  await expect(notice(preview, title)).toBeVisible();
  await expect(
    preview.getByRole('button', { name: t.actionLabels.article, exact: true }),
  ).toBeVisible();

  await expect(page.getByTestId('shipment-reach')).toHaveText(t.form.reach.pick);
  await page.getByRole('combobox', { name: t.form.companies }).click();
  await page.getByRole('combobox', { name: t.form.companies }).fill(companyName);
  await page.getByRole('option', { name: companyName, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('combobox', { name: t.form.roles }).click();
  await page.getByRole('option', { name: es.admin.roleLabels.user, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shipment-reach')).toHaveText(t.form.reach.one);
  await page.getByRole('button', { name: t.form.send, exact: true }).click();

  // Sent: its statistics page, live.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await figure(page, 'audience', 1);

  // The seller sees the bottom-right notice arrive and opens it.
  const shown = notice(seller, title);
  await expect(shown).toBeVisible();
  await figure(page, 'viewed', 1);
  await shown.getByRole('link', { name: t.actionLabels.article }).click();
  await expect(seller).toHaveURL(/\/notifications\/[0-9a-f-]{36}$/);
  await expect(seller.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(notice(seller, title)).toHaveCount(0);

  // The admin's statistics follow: 1 delivered, viewed and opened, none closed.
  await figure(page, 'delivered', 1);
  await figure(page, 'viewed', 1);
  await figure(page, 'opened', 1);
  await figure(page, 'closed', 0);
  await expect(
    page.getByTestId('stat-by-company').getByRole('row', { name: new RegExp(companyName) }),
  ).toBeVisible();

  // Neither the supervisor of the company nor the seller of another one got it.
  for (const each of [supervisor, other]) {
    await expect(notice(each, title)).toHaveCount(0);
    expect(await trpcQuery<unknown[]>(each, 'notification.list', {})).toEqual([]);
  }
  expect(browserErrors).toEqual([]);
});

test('un banner y dos avisos llegan juntos: se ven el banner y el aviso más nuevo; el otro espera a que se cierre', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const seller = await newSellerPage(page, browser, baseURL, {
    name: 'Bruno',
    lastname: `Banner ${uniqueLetters()}`,
  });
  const me = await trpcQuery<{ user: { id: string } }>(seller, 'auth.me', undefined);
  await signIn(page, 'admin@demo.test');
  const tag = uniqueLetters();
  const send = async (title: string, popup: boolean) => {
    const shipment = await trpcMutation<{ id: string }>(page, 'notification.createShipment', {
      title,
      description: `Detalle de ${title}`,
      type: 'article',
      popup,
      audience: { users: [me.user.id] },
    });
    await trpcMutation(page, 'notification.sendShipment', { id: shipment.id });
    // Delivered before the next one is written: its notification is the older.
    await expect
      .poll(
        async () =>
          (await trpcQuery<{ delivered: number }>(page, 'notification.statistics', shipment))
            .delivered,
      )
      .toBe(1);
  };
  const older = `Aviso anterior ${tag}`;
  const newer = `Aviso nuevo ${tag}`;
  const top = `Banner ${tag}`;
  await send(older, true);
  await send(top, false);
  await send(newer, true);

  await seller.goto('/contacts');
  await expect(banner(seller, top)).toBeVisible();
  await expect(notice(seller, newer)).toBeVisible();
  await expect(notice(seller, older)).toHaveCount(0);
  // The banner stands at the top of the content, above the page's heading (pushing it down).
  const bannerBox = await banner(seller, top).boundingBox();
  const headingBox = await seller.getByRole('heading', { level: 1 }).boundingBox();
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headingBox!.y);

  // Closing the newest notice shows the one that waited; the banner stays.
  await notice(seller, newer).getByRole('button', { name: card.close }).click();
  await expect(notice(seller, older)).toBeVisible();
  await expect(notice(seller, newer)).toHaveCount(0);
  await expect(banner(seller, top)).toBeVisible();

  // All three are in the list; the user menu's count is back to none once each was shown.
  await seller.goto('/all-notifications');
  const list = seller.getByTestId('notifications-list');
  for (const title of [older, newer, top]) {
    await expect(list.getByRole('link', { name: title })).toBeVisible();
  }
  await expect(seller.getByRole('heading', { name: t.list.title, level: 1 })).toBeVisible();
  await expect(
    seller.getByText(format(t.list.unviewedCount, { n: 1 }), { exact: true }),
  ).toHaveCount(0);
  expect(browserErrors).toEqual([]);
});
