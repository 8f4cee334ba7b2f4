import type { Page as BrowserPage } from '@playwright/test';
import ExcelJS from 'exceljs';
import { es, format } from '@cartera/domain/i18n';
import {
  createTestContact,
  expect,
  settle,
  signIn,
  test,
  trpcMutation,
  trpcQuery,
  uniqueLetters,
  uniqueMobile,
  unexpectedErrors,
} from './fixtures';

/*
 * The sales back office, /comercial/sale 'Ventas' (issue #14): the comercial finds a sale by
 * phone and changes it while the seller's open conversation receives the sale items live; the
 * Excel download holds the filtered rows; the sale dialog refuses bad input and stores nothing;
 * a seller neither reaches the back office nor changes a locked field through the API.
 */
const t = es.salesOffice;
const SELLER = 'vendedor@demo.test';
const COMERCIAL = 'comercial@demo.test';

type Seller = { id: string; name: string; lastname: string };
type Page = { items: Array<{ id: string; ticketId: string; name: string }> };

async function sellerId(page: BrowserPage) {
  const sellers = await trpcQuery<Seller[]>(page, 'receipt.sellers', undefined);
  return sellers.find((seller) => seller.name === 'Valentín')!.id;
}

test.describe('Ventas', () => {
  test('la oficina busca una venta por teléfono y la cambia; la conversación abierta del vendedor lo recibe en vivo', async ({
    page,
    signedInPage,
    browserErrors,
  }) => {
    // Two signed-in browsers and a live conversation: more than the default on a busy machine.
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    // The seller's contact and sale, and their conversation open.
    await signIn(page, SELLER);
    const phone = uniqueMobile();
    const contact = await createTestContact(page, 'Lucía', { phones: [phone] });
    const ticket = `E2E-${uniqueLetters()}`;
    await trpcMutation(page, 'receipt.create', {
      contactId: contact.id,
      status: 'new',
      ticketId: ticket,
      phone,
      name: contact.name,
      value: 1290,
    });
    await page.goto(`/contact?id=${contact.id}`);
    const saleItems = page.getByTestId('timeline').locator('[data-type="sale"]');
    await expect(saleItems).toHaveCount(1);

    // The back office, in another browser.
    const backOffice = await signedInPage(COMERCIAL);
    await backOffice.setViewportSize({ width: 1366, height: 900 });
    await backOffice.goto('/comercial/sale');
    await expect(backOffice.getByRole('heading', { name: t.title })).toBeVisible();
    await backOffice.getByRole('textbox', { name: t.search }).fill(phone.slice(-6));
    const rows = backOffice.getByTestId('sale-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(ticket);

    await rows.first().click();
    let dialog = backOffice.getByRole('dialog', { name: format(t.dialog.editTitle, { ticket }) });
    await dialog.getByLabel(t.dialog.status).click();
    await backOffice.getByRole('option', { name: t.statuses.pending }).click();
    await dialog.getByRole('button', { name: t.dialog.save }).click();
    await expect(backOffice.getByText(t.dialog.saved)).toBeVisible();
    await expect(rows.first()).toContainText(t.statuses.pending);

    // The seller's timeline, without a reload: the state-change item.
    await expect(saleItems).toHaveCount(2);

    // Cancelled without a reason.
    await rows.first().click();
    dialog = backOffice.getByRole('dialog', { name: format(t.dialog.editTitle, { ticket }) });
    await dialog.getByRole('button', { name: t.dialog.cancel }).click();
    const confirm = backOffice.getByRole('dialog', {
      name: format(t.dialog.cancelTitle, { ticket }),
    });
    await confirm.getByRole('button', { name: t.dialog.cancelConfirm }).click();
    await expect(backOffice.getByText(t.dialog.canceled)).toBeVisible();
    await expect(rows.first()).toContainText(t.statuses.canceled);
    await expect(saleItems).toHaveCount(3);
    await expect(saleItems.last()).toContainText(t.noReason);
    await rows.first().click();
    await expect(backOffice.getByTestId('sale-canceled')).toContainText(t.noReason);
    await settle(backOffice);
    await backOffice.screenshot({ path: 'test-results/ventas-dialogo.png' });
    expect(browserErrors).toEqual([]);
  });

  test('el Excel trae las ventas filtradas; el diálogo rechaza datos malos sin guardar nada', async ({
    page,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, COMERCIAL);
    const seller = await sellerId(page);
    const name = `Cliente ${uniqueLetters()}`;
    const tickets: string[] = [];
    for (const [index, status] of (['sold', 'pending', 'sold'] as const).entries()) {
      const ticket = `X-${uniqueLetters()}-${index}`;
      tickets.push(ticket);
      await trpcMutation(page, 'receipt.create', {
        status,
        ticketId: ticket,
        phone: uniqueMobile(),
        name,
        sellerId: seller,
        value: 100 * (index + 1),
        ...(status === 'sold' ? { saleDate: '2026-03-02', ticketSaleId: `S-${index}` } : {}),
      });
    }

    await page.goto('/comercial/sale');
    await page.getByRole('textbox', { name: t.search }).fill(name);
    const rows = page.getByTestId('sale-row');
    await expect(rows).toHaveCount(3);
    await page.getByRole('combobox', { name: t.statusFilter }).click();
    await page.getByRole('option', { name: t.statuses.sold }).click();
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(2);
    // Sorted by price, highest first.
    await page.getByRole('button', { name: format(t.sort, { column: t.columns.total }) }).click();
    await expect(rows.first()).toContainText(tickets[2]!);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t.excel }).click();
    const download = await downloading;
    await expect(page.getByTestId('excel-done')).toHaveText(format(t.excelDone, { n: 2 }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const read: string[][] = [];
    sheet.eachRow((row) =>
      read.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
    );
    expect(read[0]).toContain(t.columns.ticket);
    // The rows of the filter, in the list's order (price, highest first).
    expect(read.slice(1).map((row) => row[0])).toEqual([tickets[2], tickets[0]]);
    expect(read.slice(1).every((row) => row[9] === t.statuses.sold)).toBe(true);

    // Both chosen and cancelled together: the filter (sold) is left empty.
    await page.getByRole('checkbox', { name: t.selectAll }).check();
    await page.getByRole('button', { name: t.bulkStatus }).click();
    const bulk = page.getByRole('dialog', { name: format(t.bulkTitle, { n: 2 }) });
    await bulk.getByLabel(t.statusFilter).click();
    await page.getByRole('option', { name: t.statuses.canceled }).click();
    await bulk.getByRole('button', { name: t.bulkApply }).click();
    await expect(page.getByText(format(t.bulkDone, { n: 2 }))).toBeVisible();
    await expect(page.getByTestId('sales-empty')).toHaveText(t.noResults);

    // A sold sale without a sale date, then a date that does not exist: refused, nothing stored.
    const ticket = `BAD-${uniqueLetters()}`;
    await page.getByRole('button', { name: t.newSale }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog.createTitle });
    await dialog.getByLabel(t.dialog.status).click();
    await page.getByRole('option', { name: t.statuses.sold }).click();
    await dialog.getByLabel(/^Vendedor/).click();
    await page.getByRole('option', { name: /^Valentín/ }).click();
    await dialog.getByRole('textbox', { name: t.dialog.ticketId }).fill(ticket);
    await dialog.getByRole('textbox', { name: t.dialog.ticketSaleId }).fill('V-1');
    await dialog.getByRole('textbox', { name: t.dialog.phone }).fill(uniqueMobile());
    await dialog.getByRole('textbox', { name: t.dialog.name }).fill('Ana Gómez');
    await dialog.getByRole('button', { name: t.dialog.create }).click();
    await expect(
      dialog.getByText('La fecha de venta es obligatoria en una venta concretada'),
    ).toBeVisible();
    await dialog.getByRole('textbox', { name: t.dialog.saleDate }).fill('31/02/2026');
    await dialog.getByRole('button', { name: t.dialog.create }).click();
    await expect(dialog.getByText('La fecha no existe')).toBeVisible();
    const stored = await trpcQuery<Page>(page, 'receipt.list', { search: ticket });
    expect(stored.items).toEqual([]);
    await settle(page);
    await page.screenshot({ path: 'test-results/ventas-lista.png' });
    expect(browserErrors).toEqual([]);
  });

  test('un vendedor no entra a Ventas ni cambia los campos bloqueados de su venta', async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, SELLER);
    const ticket = `L-${uniqueLetters()}`;
    const created = await trpcMutation<{ id: string; name: string }>(page, 'receipt.create', {
      status: 'new',
      ticketId: ticket,
      phone: uniqueMobile(),
      name: 'Nombre original',
    });
    await page.goto('/comercial/sale');
    // Not her screen: explained in place (issue #35 item 5).
    await expect(page.getByRole('heading', { name: es.app.forbiddenTitle })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.title })).toHaveCount(0);

    const refused = await page.request.post('/api/trpc/receipt.updateFieldValue', {
      data: { json: { id: created.id, field: 'name', value: 'Otro nombre' } },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(
      'Solo el equipo comercial puede modificar este campo de la venta.',
    );
    const rest = await page.request.patch(`/api/receipt/${created.id}/changestatus`, {
      data: { status: 'pending' },
    });
    expect(rest.status()).toBe(403);
    const after = await trpcQuery<{ name: string; status: string }>(page, 'receipt.get', {
      id: created.id,
    });
    expect(after).toMatchObject({ name: 'Nombre original', status: 'new' });
    expect(unexpectedErrors(browserErrors, [403])).toEqual([]);
  });
});
