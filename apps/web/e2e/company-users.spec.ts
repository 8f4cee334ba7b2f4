import { es } from '@cartera/domain/i18n';
import { ROLE_LABELS } from '@cartera/domain/roles';
import { expect, signIn, test, trpcMutation, trpcQuery, uniqueLetters } from './fixtures';

/*
 * 'Mi Empresa' › 'Usuarios' (issue #17): the company's user manager (gestor@demo.test, 'Gestor de
 * usuarios') creates a seller with a first password, without the admin role on offer; the seller
 * signs in with it and must change it before anything else.
 */
const text = es.admin.users;

test('un gestor de usuarios crea un vendedor en Mi Empresa, que entra con la contraseña inicial y debe cambiarla', async ({
  page,
  signedInPage,
  browserErrors,
}) => {
  const email = `sergio.${uniqueLetters()}@demo.test`;
  await signIn(page, 'gestor@demo.test');
  await page.goto('/company');
  await page.getByRole('tab', { name: es.company.tabs.users }).click();
  await expect(page).toHaveURL(/\/company\/users$/);
  await expect(page.getByRole('heading', { name: es.company.users.title, level: 1 })).toBeVisible();
  // The company's users, every group: Valentín of Equipo Norte among them.
  await expect(page.getByRole('row', { name: /Valentín Vendedor/ })).toContainText('Equipo Norte');

  await page.getByRole('button', { name: text.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text.name).fill('Teodoro');
  await dialog.getByLabel(text.lastname).fill('Seller');
  await dialog.getByLabel(text.email).fill(email);
  await dialog.getByLabel(text.password).fill('Inicial1');
  // A user manager is not offered the admin role.
  await dialog.getByLabel(text.roles).click({ force: true });
  await expect(page.getByRole('option', { name: ROLE_LABELS.super })).toBeVisible();
  await expect(page.getByRole('option', { name: ROLE_LABELS.admin })).toHaveCount(0);
  // The roles' list covers the fields below it until a click elsewhere closes it.
  await dialog.getByRole('heading').click();
  await expect(page.getByRole('option', { name: ROLE_LABELS.super })).toBeHidden();
  await dialog.getByLabel(text.group).click();
  await page.getByRole('option', { name: '— Equipo Norte', exact: true }).click();
  await dialog.getByRole('button', { name: text.create }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Teodoro Seller/ });
  await expect(row).toContainText(text.mustChange);
  await expect(row).toContainText('Equipo Norte');
  await expect(row).toContainText(ROLE_LABELS.user);
  await page.screenshot({ path: 'test-results/company-users.png', fullPage: true });

  const seller = await signedInPage(email, 'Inicial1');
  await seller.goto('/');
  await expect(seller).toHaveURL(/\/force-change-password/);
  await seller.getByLabel(es.password.current).fill('Inicial1');
  await seller.getByLabel(es.password.next, { exact: true }).fill('Propia123');
  await seller.getByLabel(es.password.repeat).fill('Propia123');
  await seller.getByRole('button', { name: es.password.submit }).click();
  await expect(seller).toHaveURL('/');
  await expect(
    seller.getByRole('button', { name: `${es.shell.userMenu}: Teodoro Seller`, exact: true }),
  ).toBeAttached();

  // Back in 'Mi Empresa', the seller no longer owes a password change.
  await page.reload();
  await expect(page.getByRole('row', { name: /Teodoro Seller/ })).not.toContainText(
    text.mustChange,
  );
  // Deactivated again: other tests of this server count the company's active sellers.
  const [created] = await trpcQuery<Array<{ id: string; email: string }>>(page, 'admin.users', {
    search: email,
  });
  await trpcMutation(page, 'admin.setUserActive', { id: created!.id, active: false });
  expect(browserErrors).toEqual([]);
});

test('el administrador abre su empresa desde el árbol y regenera los seguimientos de un vendedor', async ({
  page,
  browserErrors,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/grupos');
  await page.getByRole('link', { name: es.admin.company.open }).click();
  await expect(page).toHaveURL(/\/comercial\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Demo Uruguay', level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: es.admin.company.figures });
  await expect(figures.getByLabel(es.admin.company.contacts)).not.toHaveText('0');
  const flags = page.getByRole('region', { name: es.admin.company.flags });
  await expect(flags.getByText(es.admin.flags.labels.inbox)).toBeVisible();
  await page.screenshot({ path: 'test-results/company-view.png', fullPage: true });

  await page.getByRole('link', { name: es.admin.company.editUsers }).click();
  await expect(page).toHaveURL(/\/grupos\?.*tab=users/);
  await page.getByRole('switch', { name: text.includeSubgroups }).click({ force: true });
  const row = page.getByRole('row', { name: /Valentín Vendedor/ });
  await row.getByRole('button', { name: `${text.actions}: Valentín Vendedor` }).click();
  await page.getByRole('menuitem', { name: text.edit }).click();
  await page.getByRole('button', { name: text.tracings.regenerate }).click();
  const confirm = page.getByRole('dialog', {
    name: `Regenerar los seguimientos de Valentín Vendedor`,
  });
  await confirm.getByRole('button', { name: text.tracings.regenerate }).click();
  await expect(page.getByText(/^Seguimientos regenerados: \d+ antes, \d+ ahora\.$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/company-users-operations.png', fullPage: true });
  expect(browserErrors).toEqual([]);
});
