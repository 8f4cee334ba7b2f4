import { es, format } from '@cartera/domain/i18n';
import { DEMO_PASSWORD, expect, expectShellFor, signIn, test } from './fixtures';

test.describe('Token en la dirección', () => {
  test('se canjea por una sesión y desaparece de la dirección', async ({
    browser,
    request,
    baseURL,
  }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: 'supervisor@demo.test', password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    const { token } = (await response.json()) as { token: string };

    // A fresh browser without any cookie: only the token in the address signs it in.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`/?view-group=norte&token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL('/?view-group=norte');
    await expectShellFor(page, 'Sergio Supervisor');
    expect(page.url()).not.toContain('token');

    // The session now lives in this browser's cookie: a reload keeps it.
    await page.reload();
    await expectShellFor(page, 'Sergio Supervisor');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('un token inválido lleva a /login sin el token en returnurl', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/?view-user=abc&token=esto-no-es-un-token-valido');
    await expect(page).toHaveURL('/login?returnurl=%2F%3Fview-user%3Dabc');
    await expect(page.getByRole('heading', { name: es.auth.loginTitle })).toBeVisible();
    expect(browserErrors.filter((error) => !error.includes('status of 401'))).toEqual([]);
  });

  test('con una sesión abierta, el enlace no la reemplaza: avisa y ofrece cerrar sesión para usarlo', async ({
    page,
    request,
  }) => {
    const response = await request.post('/api/auth/login', {
      data: { email: 'supervisor@demo.test', password: DEMO_PASSWORD },
    });
    const { token } = (await response.json()) as { token: string };

    await signIn(page, 'vendedora@demo.test');
    await page.goto('/');
    await expectShellFor(page, 'Victoria Vendedora');
    await page.goto(`/?view-group=norte&token=${encodeURIComponent(token)}`);
    await expect(page).toHaveURL('/?view-group=norte');
    const notice = page.getByText(
      format(es.auth.linkWhileSignedIn, { name: 'Victoria Vendedora' }),
    );
    await expect(notice).toBeVisible();
    // Still the same person: the link changed nothing.
    await expectShellFor(page, 'Victoria Vendedora');
    await page.reload();
    await expectShellFor(page, 'Victoria Vendedora');
    await page.goto(`/?view-group=norte&token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: es.auth.linkSignOut }).click();
    await expect(page).toHaveURL('/?view-group=norte');
    await expectShellFor(page, 'Sergio Supervisor');
  });
});
