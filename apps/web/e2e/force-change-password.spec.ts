import { es } from '@cartera/domain/i18n';
import { PASSWORD_RULES } from '@cartera/domain/password';
import { DEMO_PASSWORD, expect, expectShellFor, signIn, test, unexpectedErrors } from './fixtures';

test.describe('Cambio de contraseña obligatorio', () => {
  test('cambio@demo.test: lista de reglas, botón bloqueado, códigos 2 y 3 y cambio correcto', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'cambio@demo.test');
    // The landing of a user who owes the change (issue #35 item 5): the guard's page, no menu.
    await page.goto('/');
    await expect(page).toHaveURL(/\/force-change-password(\?.*)?$/);
    await expect(page.getByRole('navigation', { name: es.shell.mainMenu })).toHaveCount(0);
    await page.goto('/?view-group=sur');
    await expect(page).toHaveURL('/force-change-password?returnUrl=%2F%3Fview-group%3Dsur');
    await expect(page.getByRole('heading', { name: es.password.title })).toBeVisible();
    await expect(page.getByText(es.password.forcedIntro)).toBeVisible();

    // Any other screen sends back here while the change is owed.
    await page.goto('/grupos');
    await expect(page).toHaveURL('/force-change-password?returnUrl=%2Fgrupos');
    await page.goto('/?view-group=sur');
    await expect(page).toHaveURL('/force-change-password?returnUrl=%2F%3Fview-group%3Dsur');

    const current = page.getByLabel(es.password.current);
    const next = page.getByLabel(es.password.next, { exact: true });
    const repeat = page.getByLabel(es.password.repeat);
    const submit = page.getByRole('button', { name: es.password.submit });
    const rule = (id: string) => page.locator(`[data-rule="${id}"]`);

    await expect(submit).toBeDisabled();
    for (const each of PASSWORD_RULES) {
      await expect(rule(each.id)).toContainText(each.label);
      await expect(rule(each.id)).toHaveAttribute('data-passed', 'false');
    }

    // The checklist ticks rule by rule as the new password is typed.
    await next.fill('a');
    await expect(rule('lowercase')).toHaveAttribute('data-passed', 'true');
    await expect(rule('uppercase')).toHaveAttribute('data-passed', 'false');
    await next.fill('aB');
    await expect(rule('uppercase')).toHaveAttribute('data-passed', 'true');
    await next.fill('aB3');
    await expect(rule('digit')).toHaveAttribute('data-passed', 'true');
    await expect(rule('length')).toHaveAttribute('data-passed', 'false');

    // Field messages appear once a field was left.
    await current.fill('abc');
    await repeat.focus();
    await expect(page.getByText(es.password.currentTooShort)).toBeVisible();
    await expect(page.getByText(es.password.newInvalid)).toBeVisible();
    await current.focus();
    await expect(page.getByText(es.password.repeatRequired)).toBeVisible();

    await next.fill('aB3456');
    await expect(rule('length')).toHaveAttribute('data-passed', 'true');
    await repeat.fill('aB345');
    await current.focus();
    await expect(page.getByText(es.password.repeatMismatch)).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.screenshot({ path: 'test-results/force-change-password.png' });

    // Code 2: the current password is wrong, shown on its field.
    await current.fill('NoEsLaActual1');
    await repeat.fill('aB3456');
    await expect(submit).toBeEnabled();
    await submit.click();
    const currentError = page.getByText('La contraseña escrita no coincide con la actual.');
    await expect(currentError).toBeVisible();
    await expect(current).toHaveAccessibleDescription(
      'La contraseña escrita no coincide con la actual.',
    );
    await page.screenshot({ path: 'test-results/force-change-password-code-2.png' });

    // Code 3: the new password equals the current one, shown for the form.
    await current.fill(DEMO_PASSWORD);
    await expect(currentError).toBeHidden();
    await next.fill(DEMO_PASSWORD);
    await repeat.fill(DEMO_PASSWORD);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('La nueva contraseña es igual a la anterior.');

    // A valid change lands on the address the user wanted.
    await next.fill('Nueva2025');
    await repeat.fill('Nueva2025');
    await submit.click();
    await expect(page).toHaveURL('/?view-group=sur');
    await expectShellFor(page, 'Camilo Cambio');
    expect(unexpectedErrors(browserErrors, [400])).toEqual([]);
  });
});
