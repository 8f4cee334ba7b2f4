import { es } from '@cartera/domain/i18n';
import { expect, expectShellFor, signIn, test } from './fixtures';

test.describe('Cambio de cuenta', () => {
  test('el administrador usa la cuenta de vendedor@demo.test y vuelve a la suya', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'admin@demo.test');
    await page.goto('/');
    await expectShellFor(page, 'Ana Administradora');

    await page.getByRole('button', { name: es.shell.changeAccount }).click();
    const dialog = page.getByRole('dialog', { name: es.accountSwitcher.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      es.accountSwitcher.sections.projectManagers,
      es.accountSwitcher.sections.comercial,
      es.accountSwitcher.sections.supervisors,
      es.accountSwitcher.sections.sellers,
    ]);
    await page.screenshot({ path: 'test-results/account-switcher.png' });

    // The search runs on the server, ignoring case, over name, last name and e-mail.
    await dialog.getByRole('textbox', { name: es.accountSwitcher.search }).fill('VENDEDOR@');
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText([
      es.accountSwitcher.sections.sellers,
    ]);
    await expect(dialog.getByRole('button', { name: /@demo\.test/ })).toHaveText([
      /Valentín Vendedor/,
    ]);
    await dialog.getByRole('textbox', { name: es.accountSwitcher.search }).fill('zzz');
    await expect(dialog.getByText(es.accountSwitcher.empty)).toBeVisible();

    // Another company: pick it first, then its users.
    await dialog.getByRole('textbox', { name: es.accountSwitcher.search }).fill('');
    await dialog.getByText(es.accountSwitcher.otherCompany).click();
    await expect(dialog.getByText(es.accountSwitcher.chooseCompany)).toBeVisible();
    // 01 §5: a company is found by its country's name too (Otra Empresa is Argentina's).
    await dialog.getByLabel(es.accountSwitcher.company, { exact: true }).fill('argentina');
    await page.getByRole('option', { name: 'Otra Empresa' }).click();
    await expect(dialog.getByRole('button', { name: /@/ })).toHaveText([/Omar Otero/]);
    await page.screenshot({ path: 'test-results/account-switcher-other-company.png' });

    await dialog.getByText(es.accountSwitcher.currentCompany).click();
    await dialog.getByRole('button', { name: /vendedor@demo\.test/ }).click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');
    await expectShellFor(page, 'Valentín Vendedor');
    const banner = page.getByTestId('impersonation-banner');
    await expect(banner).toContainText(
      'Ana Administradora, estás usando la cuenta de Valentín Vendedor (vendedor@demo.test).',
    );
    await expect(page.getByRole('button', { name: es.shell.changeAccount })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/account-impersonating.png' });

    await banner.getByRole('button', { name: es.shell.returnToAdmin }).click();
    await expect(banner).toBeHidden();
    await expectShellFor(page, 'Ana Administradora');
    await expect(page.getByRole('button', { name: es.shell.changeAccount })).toBeVisible();
    expect(browserErrors).toEqual([]);
  });

  test('comercial@demo.test cambia a su cuenta vinculada y ve los datos de esa cuenta', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    await page.goto('/');
    const panel = page.getByRole('region', { name: es.sellers.title });
    await expect(panel.getByRole('link', { name: 'Todos (4)' })).toBeVisible();

    await page.getByRole('button', { name: es.shell.changeAccount }).click();
    const dialog = page.getByRole('dialog', { name: es.accountSwitcher.title });
    await expect(dialog.getByText(es.accountSwitcher.linkedTitle)).toBeVisible();
    await page.screenshot({ path: 'test-results/account-linked.png' });
    await dialog.getByRole('button', { name: /carla\.sur@demo\.test/ }).click();

    await expect(dialog).toBeHidden();
    await expectShellFor(page, 'Carla Comercial (Sur)');
    // Nothing of the previous account stays: the panel is the supervisor's own group.
    await expect(panel.getByRole('link', { name: 'Todos (2)' })).toBeVisible();
    await expect(panel.getByText(/Toda la empresa/)).toHaveCount(0);
    await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
