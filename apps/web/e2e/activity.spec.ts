import { es } from '@cartera/domain/i18n';
import { expect, signIn, test } from './fixtures';

/** A day as the browser sees it (playwright.config.ts: America/Montevideo). */
function browserDay(daysAgo = 0) {
  const date = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('es', { timeZone: 'America/Montevideo', ...options }).format(date);
  const day = part({ day: 'numeric' });
  const month = part({ month: '2-digit' });
  const year = part({ year: 'numeric' });
  return {
    day: Number(day),
    /** As the date input shows it. */
    short: `${day.padStart(2, '0')}/${month}/${year}`,
    /** As the calendar names its day buttons. */
    long: `${day} ${part({ month: 'long' })} ${year}`,
  };
}

test.describe('Actividad', () => {
  test('lista el inicio de sesión del día con su hora; un día sin acciones lo dice', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(es.shell.userMenu) }).click();
    await page.getByRole('menuitem', { name: es.shell.activity }).click();

    const dialog = page.getByRole('dialog', { name: es.activity.title });
    await expect(dialog.getByRole('button', { name: es.activity.date })).toHaveText(
      browserDay().short,
    );
    const items = dialog.getByTestId('activity-item');
    await expect(items.filter({ hasText: 'Inició sesión' }).first()).toBeVisible();
    await expect(items.first()).toHaveText(/^\d{2}:\d{2}/);
    await page.screenshot({ path: 'test-results/activity.png' });

    // An earlier day of this month: nothing happened (fresh demo data).
    if (browserDay().day > 1) {
      await dialog.getByRole('button', { name: es.activity.date }).click();
      const earlier = browserDay(1);
      await page.getByRole('button', { name: earlier.long, exact: true }).click();
      await expect(dialog.getByRole('button', { name: es.activity.date })).toHaveText(
        earlier.short,
      );
      await expect(dialog.getByText(es.activity.empty)).toBeVisible();
    }
    expect(browserErrors).toEqual([]);
  });
});
