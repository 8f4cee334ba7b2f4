import { es } from '@cartera/domain/i18n';
import { expect, settle, signIn, test } from './fixtures';

/*
 * The company goal config (01 §3, issue #16) from 'Objetivos': the comercial chooses the goal
 * metrics and hides one; the list follows, the history keeps the entry, and an empty choice is
 * refused with its Spanish message and stores nothing.
 */
const t = es.goals.config;

test.describe('Métricas de objetivos', () => {
  test('el comercial oculta una métrica y la lista de objetivos deja de mostrarla', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'comercial@demo.test');
    await page.goto('/comercial/goals');
    const header = page.getByTestId('goals-table').getByRole('row').first();
    await expect(header).toContainText(es.goals.metrics.sale);

    // No metric at all: refused, nothing stored.
    await page.getByRole('button', { name: t.open }).click();
    let dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog.getByText(t.historyEmpty)).toBeVisible();
    for (const checkbox of await dialog.getByRole('checkbox', { name: t.used }).all()) {
      if (await checkbox.isChecked()) await checkbox.uncheck();
    }
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.getByRole('alert')).toHaveText(t.atLeastOne);
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog).toBeHidden();

    // 'Ventas' hidden from today on: counted still, no longer a column of the list.
    await page.getByRole('button', { name: t.open }).click();
    dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog.getByText(t.historyEmpty)).toBeVisible();
    await dialog.getByRole('switch', { name: `${t.hidden}: ${es.goals.metrics.sale}` }).check();
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(header).not.toContainText(es.goals.metrics.sale);
    await expect(header).toContainText(es.goals.metrics.tracing);

    await page.getByRole('button', { name: t.open }).click();
    dialog = page.getByRole('dialog', { name: t.title });
    const history = dialog.getByTestId('goal-config-history');
    await expect(history).toContainText(`${es.goals.metrics.sale} ${t.hiddenTag}`);
    await expect(history).toContainText(t.current);
    await settle(page);
    await page.screenshot({ path: 'test-results/objetivos-metricas.png', fullPage: true });

    // Shown again (the same start date replaces its entry).
    await dialog.getByRole('switch', { name: `${t.hidden}: ${es.goals.metrics.sale}` }).uncheck();
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    await expect(header).toContainText(es.goals.metrics.sale);
    expect(browserErrors).toEqual([]);
  });

  test('un supervisor ve los objetivos pero no las métricas de la empresa', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/comercial/goals');
    await expect(page.getByTestId('goals-table')).toBeVisible();
    await expect(page.getByRole('button', { name: t.open })).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });
});
