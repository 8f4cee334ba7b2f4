import { createTestContact, expect, signIn, test } from './fixtures';

/**
 * A session ended elsewhere (issue #19 §5): the server ends the open websocket's event stream
 * and the tab, idle on a contact, signs out by itself.
 */
test('al cerrarse la sesión desde otro lado, la pestaña abierta vuelve al inicio de sesión', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page, 'vendedor@demo.test');
  const { id } = await createTestContact(page, 'Sesión');
  await page.goto(`/contact?id=${id}`);
  await expect(page.getByTestId('creation-header')).toBeVisible();

  const cookie = (await page.context().cookies()).find((each) => each.name === 'cartera_session');
  const api = await playwright.request.newContext({ baseURL });
  const logout = await api.post('/api/trpc/auth.logout', {
    headers: { authorization: `Bearer ${cookie!.value}` },
    data: { json: null },
  });
  expect(logout.ok()).toBe(true);
  await api.dispose();

  await expect(page).toHaveURL(/\/login/);
});
