import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

const texts = es.settings;

/**
 * 'Tokens de API' in /settings (issue #19 §2): a seller makes a token, sees it once, an
 * integration uses it, and revoking it stops it at once.
 */
test('un vendedor crea un token de API, lo usa una integración y lo revoca', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, 'vendedor@demo.test');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: texts.title })).toBeVisible();
  const panel = page.getByRole('region', { name: texts.apiTokens });

  await panel.getByRole('button', { name: texts.create }).click();
  const dialog = page.getByRole('dialog', { name: texts.create });
  await dialog.getByRole('textbox', { name: texts.name }).fill('Mi integración');
  await dialog.getByLabel(texts.scope, { exact: true }).click();
  await page.getByRole('option', { name: texts.scopes.write }).click();
  await dialog.getByRole('button', { name: texts.create }).click();

  const shown = page.getByRole('dialog', { name: texts.createdTitle });
  await expect(shown.getByText(texts.createdWarning)).toBeVisible();
  const token = (await shown.getByTestId('created-token').textContent())!.trim();
  expect(token).toMatch(/^cart_/);
  await shown.getByRole('button', { name: texts.done }).click();

  const row = panel.getByRole('row').filter({ hasText: 'Mi integración' });
  await expect(row).toContainText(texts.scopes.write);
  await expect(row).toContainText(texts.never);
  await expect(row).toContainText(texts.active);
  await expect(panel).not.toContainText(token);

  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${token}` };
  expect((await api.get('/api/crm/contacts', { headers })).status()).toBe(200);

  await page.reload();
  await expect(row).not.toContainText(texts.never);

  await row.getByRole('button', { name: `${texts.revoke} Mi integración` }).click();
  const confirm = page.getByRole('dialog', { name: /Revocar el token/ });
  await confirm.getByRole('button', { name: texts.revoke }).click();
  await expect(row).toContainText('Revocado el');
  expect((await api.get('/api/crm/contacts', { headers })).status()).toBe(401);
  await api.dispose();
});
