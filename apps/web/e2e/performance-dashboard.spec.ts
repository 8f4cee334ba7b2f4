import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { es } from '@cartera/domain/i18n';
import { createTestContact, expect, noteComposer, settle, signIn, test } from './fixtures';

/*
 * '/' 'Rendimiento' (issue #16): the supervisor picks a seller in 'Vendedores', sees that seller's
 * figures, and they move live when the seller works in another browser.
 */
const panel = (page: Page) => page.getByRole('region', { name: es.sellers.title });
const kpi = (page: Page, metric: string) =>
  page.getByTestId(`kpi-${metric}`).getByTestId('kpi-value');

async function figure(page: Page, metric: string) {
  return Number((await kpi(page, metric).textContent())?.replace(/\D/g, '') || '0');
}

test.describe('Rendimiento', () => {
  test('el supervisor elige un vendedor y ve subir sus seguimientos cuando escribe una nota', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    const dashboard = page.getByTestId('performance-dashboard');
    // The group first: its ranking lists the group's sellers.
    await expect(dashboard.getByTestId('ranking')).toContainText('Valentín Vendedor');
    await expect(dashboard.getByTestId('ranking')).toContainText('Julia Limitada');
    // The demo's Julia has done nothing of her goal this week: she is behind.
    await expect(dashboard.getByTestId('behind-alert')).toContainText('Julia Limitada');

    await panel(page)
      .getByRole('link', { name: /Valentín Vendedor/ })
      .click();
    await expect(page).toHaveURL(/\/\?view-user=[0-9a-f-]{36}$/);
    await expect(dashboard.getByRole('heading', { name: 'Valentín Vendedor' })).toBeVisible();
    await expect(kpi(page, 'tracing')).toHaveText(/\d/);
    await expect(dashboard.getByRole('region', { name: es.goals.goals.progress })).toBeVisible();
    const before = await figure(page, 'tracing');

    // The seller writes a note in another browser.
    const seller = await signedInPage('vendedor@demo.test');
    seller.on('pageerror', (error) => browserErrors.push(`vendedor: ${error.message}`));
    const contact = await createTestContact(seller, 'Rendimiento');
    await seller.goto(`/contact?id=${contact.id}`);
    const note = await noteComposer(seller);
    await note.fill('Llamé para coordinar la visita');
    await note.press('Enter');
    await expect(seller.getByTestId('timeline')).toContainText('Llamé para coordinar la visita');

    // No reload: the supervisor's count rises by itself.
    await expect.poll(() => figure(page, 'tracing'), { timeout: 10_000 }).toBe(before + 1);
    await settle(page);
    await page.screenshot({ path: 'test-results/rendimiento-vendedor.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test('el comercial ordena el ranking y cambia el período', async ({ page, browserErrors }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'comercial@demo.test');
    await page.goto('/');
    const ranking = page.getByTestId('ranking');
    // The header and a row per seller: the demo's four, and those other tests of the run add
    // to the demo company (the inbox's tests make sellers of their own).
    await expect.poll(() => ranking.getByRole('row').count()).toBeGreaterThanOrEqual(5);
    await expect(ranking).toContainText('Valentín Vendedor');
    // By name, A to Z, then reversed.
    await ranking.getByRole('button', { name: /Vendedor$/ }).click();
    const names = async () =>
      (
        await ranking
          .locator('tbody tr td:first-child a:not([data-testid="ranking-inbox"])')
          .allTextContents()
      ).map((name) => name.trim());
    const ascending = await names();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, 'es')));
    await ranking.getByRole('button', { name: /Vendedor$/ }).click();
    expect(await names()).toEqual([...ascending].reverse());

    await page
      .getByTestId('performance-dashboard')
      .getByText(es.goals.period.thisMonth, { exact: true })
      .click();
    // The table as a workbook: a row per seller.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: es.goals.ranking.export }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await downloading).path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(es.goals.ranking.seller);
    expect(sheet.rowCount).toBe(5);
    await expect(page.getByTestId('period-range')).toContainText('/');
    await settle(page);
    await page.screenshot({ path: 'test-results/rendimiento-empresa.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test("el supervisor fija en 'Objetivos' el objetivo de la semana de su vendedor", async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/');
    await page.getByRole('link', { name: es.menu.entries.goals }).click();
    await expect(page).toHaveURL('/comercial/goals');
    const table = page.getByTestId('goals-table');
    // Only the supervisor's group.
    await expect(table.getByRole('row')).toHaveCount(3);
    const target = table.getByRole('textbox', {
      name: `${es.goals.metrics.tracing} · Valentín Vendedor`,
    });
    await target.fill('400');
    // The other targets too: the status is the mean of every metric's progress.
    for (const metric of [es.goals.metrics.contacts, es.goals.metrics.sale]) {
      await table.getByRole('textbox', { name: `${metric} · Valentín Vendedor` }).fill('400');
    }
    await table
      .getByRole('row', { name: /Valentín Vendedor/ })
      .getByRole('button', { name: es.goals.list.save })
      .click();
    await expect(page.getByText(es.goals.list.saved)).toBeVisible();
    await page.reload();
    await expect(target).toHaveValue('400');
    // 400 of each this week: the seller is behind.
    await expect(table.getByRole('row', { name: /Valentín Vendedor/ })).toContainText(
      es.goals.goals.status.behind,
    );
    await settle(page);
    await page.screenshot({ path: 'test-results/objetivos.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });

  test('un objetivo subido con la plantilla muestra su color; una fila mala no guarda nada', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'supervisor@demo.test');
    await page.goto('/comercial/goals');
    const table = page.getByTestId('goals-table');
    const valentin = table.getByRole('row', { name: /Valentín Vendedor/ });
    await expect(valentin).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: es.goals.spreadsheet.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^objetivos-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const rowOf = (name: string) =>
      [2, 3].find((row) => sheet.getRow(row).getCell(3).value === name)!;
    const valentinRow = rowOf('Valentín Vendedor');
    // Little to do: well ahead of the pace (ratio ≥ 1.5), blue.
    sheet.getRow(valentinRow).getCell(5).value = 1; // contacts
    sheet.getRow(valentinRow).getCell(7).value = 1; // tracing
    sheet.getRow(valentinRow).getCell(9).value = null; // sale
    const upload = (buffer: Buffer) =>
      page.locator('input[type="file"]').setInputFiles({
        name: 'objetivos.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });
    await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    await expect(page.getByText('2 objetivos guardados.')).toBeVisible();
    await expect(valentin).toContainText(es.goals.goals.status.ahead);
    await expect(
      valentin.getByRole('textbox', { name: `${es.goals.metrics.tracing} · Valentín Vendedor` }),
    ).toHaveValue('1');

    // A bad row: the report names it and nothing is stored.
    sheet.getRow(valentinRow).getCell(7).value = 50;
    sheet.getRow(rowOf('Julia Limitada')).getCell(7).value = -3;
    await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    const report = page.getByTestId('upload-report');
    await expect(report).toContainText(`Fila ${rowOf('Julia Limitada')} · Julia Limitada`);
    await expect(report).toContainText('«Seguimientos» debe ser un número entero');
    await page.reload();
    await expect(
      valentin.getByRole('textbox', { name: `${es.goals.metrics.tracing} · Valentín Vendedor` }),
    ).toHaveValue('1');
    await settle(page);
    await page.screenshot({ path: 'test-results/objetivos-planilla.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });
});
