import { errorMessage, es } from '@cartera/domain/i18n';
import { DEMO_PASSWORD, expect, expectShellFor, signIn, test, unexpectedErrors } from './fixtures';

test.describe('Inicio de sesión', () => {
  test('sin sesión lleva a /login con returnurl y, al ingresar con Enter, vuelve a esa dirección', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/?view-group=norte');
    await expect(page).toHaveURL('/login?returnurl=%2F%3Fview-group%3Dnorte');
    await expect(page.getByRole('heading', { name: es.auth.loginTitle })).toBeVisible();
    await page.screenshot({ path: 'test-results/login.png' });

    await page.getByLabel(es.auth.email).fill('vendedor@demo.test');
    await page.getByLabel(es.auth.password).fill(DEMO_PASSWORD);
    await page.getByLabel(es.auth.password).press('Enter');

    await expect(page).toHaveURL('/?view-group=norte');
    await expectShellFor(page, 'Valentín Vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('valida el formulario en español sin llamar al servidor', async ({
    page,
    browserErrors,
  }) => {
    let logins = 0;
    page.on('request', (request) => {
      if (request.url().includes('auth.login')) logins += 1;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: es.auth.submit }).click();
    await expect(page.getByText(es.auth.emailRequired)).toBeVisible();
    await expect(page.getByText(es.auth.passwordRequired)).toBeVisible();

    await page.getByLabel(es.auth.email).fill('no-es-un-correo');
    await expect(page.getByText(es.auth.emailInvalid)).toBeVisible();
    await page.screenshot({ path: 'test-results/login-validation.png' });
    expect(logins).toBe(0);
    expect(browserErrors).toEqual([]);
  });

  test('una contraseña incorrecta muestra el error en español y deja intentar otra vez', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/login');
    await page.getByLabel(es.auth.email).fill('gestor@demo.test');
    await page.getByLabel(es.auth.password).fill('Incorrecta1');
    await page.getByRole('button', { name: es.auth.submit }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('El correo electrónico o la contraseña son incorrectos.');
    expect(errorMessage('INVALID_CREDENTIALS')).toBe(
      'El correo electrónico o la contraseña son incorrectos.',
    );
    await page.screenshot({ path: 'test-results/login-wrong-password.png' });

    // Typing again clears the message; the right password gets in.
    await page.getByLabel(es.auth.password).fill(DEMO_PASSWORD);
    await expect(alert).toBeHidden();
    await page.getByRole('button', { name: es.auth.submit }).click();
    // A user manager starts on 'Mi Empresa' › 'Usuarios' (LANDING_PATHS, issue #35 item 5).
    await expect(page).toHaveURL('/company/users');
    await expectShellFor(page, 'Gabriela Gestora');
    expect(unexpectedErrors(browserErrors, [401])).toEqual([]);
  });

  test('ignora un returnurl de otro sitio', async ({ page, browserErrors }) => {
    await page.goto('/login?returnurl=' + encodeURIComponent('//ejemplo.test/robar'));
    await page.getByLabel(es.auth.email).fill('proyecto@demo.test');
    await page.getByLabel(es.auth.password).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: es.auth.submit }).click();
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Pablo Proyectos');
    expect(browserErrors).toEqual([]);
  });

  test('con sesión abierta, /login vuelve al inicio', async ({ page, browserErrors }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    expect(browserErrors).toEqual([]);
  });

  test('cerrar sesión vuelve a /login y el inicio vuelve a pedir sesión', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    await page.goto('/');
    await expectShellFor(page, 'Valentín Vendedor');

    await page.getByRole('button', { name: new RegExp(es.shell.userMenu) }).click();
    await page.getByRole('menuitem', { name: es.auth.logout }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: es.auth.loginTitle })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL('/login?returnurl=%2F');
    // The home screen reads its figures again when other tests' events arrive: a read that
    // crosses the sign-out is refused (401), as it must be, and the browser notes it.
    expect(unexpectedErrors(browserErrors, [401])).toEqual([]);
  });

  test('si la API no responde, muestra el error en español y reintenta', async ({ page }) => {
    let failing = true;
    await page.route('**/api/trpc/**', (route) =>
      failing ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.goto('/');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(errorMessage('SERVICE_UNAVAILABLE'), { timeout: 20_000 });
    await page.screenshot({ path: 'test-results/api-unreachable.png' });

    failing = false;
    await alert.getByRole('button', { name: es.app.retry }).click();
    await expect(page).toHaveURL('/login?returnurl=%2F');
  });
});
