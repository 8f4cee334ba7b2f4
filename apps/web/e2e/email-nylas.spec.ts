import { errorMessage, es } from '@cartera/domain/i18n';
import { expect, personalEmailFlag, settle, signIn, test, unexpectedErrors } from './fixtures';
import { clearSellerMailboxes } from './mailbox';

const t = es.email;
const MAILBOX = 'vendedor.nylas@gmail.test';

/**
 * 'Correo personal' in 'Ajustes' with a Google or Microsoft account through Nylas v3 (issue #38
 * item 1), against the worker's fake of Nylas (its hosted authentication included): the seller
 * leaves for Google's sign-in, comes back to /settings and sees the mailbox connected; the same
 * return address opened again (its code spent) tells the server's Spanish error; refusing access
 * at Microsoft is told too. The address never keeps the code.
 */
test('un vendedor conecta Gmail con Google por Nylas, ve el error de un código ya usado y el de un permiso negado', async ({
  page,
  nylas,
  browserErrors,
}, testInfo) => {
  await personalEmailFlag(page, 1);
  try {
    await signIn(page, 'vendedor@demo.test');
    nylas.nextLogin = MAILBOX;
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: t.title });
    await expect(panel.getByText(t.none)).toBeVisible();
    await expect(panel.getByText(t.oauth.intro)).toBeVisible();
    await panel.screenshot({ path: testInfo.outputPath('email-nylas-desk.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(panel.getByRole('button', { name: t.oauth.microsoft })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: testInfo.outputPath('email-nylas-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Google's sign-in (the fake's hosted page) sends the browser back with a code and the state.
    const returned = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).searchParams.has('code'),
    );
    await panel.getByRole('button', { name: t.oauth.google }).click();
    const returnUrl = new URL((await returned).url());
    expect(returnUrl.pathname).toBe('/settings');
    expect(returnUrl.searchParams.get('state')).toBeTruthy();

    const row = panel.getByRole('row').filter({ hasText: MAILBOX });
    await expect(row).toContainText(t.connected);
    await expect(row).toContainText(t.oauth.account);
    await expect(page.getByText(`${t.connected}: ${MAILBOX}`)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/settings' && url.search === '');
    expect(
      nylas.requests.find((each) => each.path === '/v3/connect/auth')?.query.provider,
      'the sign-in asked was Google’s',
    ).toBe('google');

    // Still there after a reload: it was stored.
    await page.reload();
    await expect(row).toContainText(t.connected);
    await panel.screenshot({ path: testInfo.outputPath('email-nylas-connected.png') });

    // The same return address again (an old tab reloaded): a code is good once.
    await page.goto(returnUrl.toString());
    await expect(panel.getByRole('alert')).toHaveText(errorMessage('EMAIL_NYLAS_AUTH_FAILED'));
    await expect(page).toHaveURL((url) => url.pathname === '/settings' && url.search === '');
    await expect(panel.getByRole('row').filter({ hasText: MAILBOX })).toHaveCount(1);
    await panel.screenshot({ path: testInfo.outputPath('email-nylas-spent-code.png') });
    await panel.getByRole('button', { name: es.app.close }).click();
    await expect(panel.getByRole('alert')).toHaveCount(0);

    // Refusing access at Microsoft's sign-in brings the user back with OAuth's error.
    nylas.refuseConsent = true;
    await panel.getByRole('button', { name: t.oauth.microsoft }).click();
    await expect(panel.getByRole('alert')).toHaveText(t.oauth.refused);
    await expect(page).toHaveURL((url) => url.pathname === '/settings' && url.search === '');
    nylas.refuseConsent = false;

    await row.getByRole('button', { name: `${t.disconnect} ${MAILBOX}` }).click();
    const confirm = page.getByRole('dialog', { name: t.disconnect });
    await confirm.getByRole('button', { name: t.disconnect }).click();
    await expect(panel.getByText(t.none)).toBeVisible();
    expect(unexpectedErrors(browserErrors, [422])).toEqual([]);
  } finally {
    nylas.refuseConsent = false;
    await clearSellerMailboxes(page);
  }
});
