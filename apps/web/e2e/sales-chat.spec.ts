import type { Locator, Page as BrowserPage } from '@playwright/test';
import { es } from '@cartera/domain/i18n';
import { formatMoney } from '../src/lib/format';
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
} from './fixtures';

/*
 * Sales in the conversation, presales and reports (issue #14): the 'Venta Manual' tab refuses
 * bad input in Spanish and stores nothing; it stores a multiline sale whose bubble and the info
 * panel show its total, and its cancellation by the back office reaches the open timeline; 'Reportes' shows a seeded sale in its totals and opens it by id;
 * 'Crear preventa' stores a presale with the company's presale template.
 */
const t = es.receipts;

/** A form field by its label, which Mantine ends with ' *' when the field is required. */
function field(scope: Pick<Locator, 'getByLabel'>, label: string) {
  return scope.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

/** Opens a contact's conversation and its 'Venta Manual' dialog. */
async function openManualSale(page: BrowserPage, contactId: string) {
  await page.goto(`/contact?id=${contactId}`);
  await page.getByRole('button', { name: t.manual.tab }).click();
  return page.getByRole('dialog', { name: t.manual.title });
}

type Page = { items: Array<{ id: string; total: number; ticketId: string }> };
type Report = { overall: { soldCount: number; soldTotal: number } };

test.describe('Ventas en la conversación y reportes', () => {
  test("'Venta Manual': una cantidad negativa y una fecha que no existe se explican en castellano y no se guarda nada", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Lucía');
    const dialog = await openManualSale(page, contact.id);
    // The contact's data is there; the default template ('Venta de planes') has product lines.
    await expect(field(dialog, t.manual.name)).toHaveValue(contact.name);
    await field(dialog, t.manual.ticketId).fill(`VM-${uniqueLetters()}`);
    const first = dialog.getByTestId('sale-line').first();
    await field(first, t.manual.lineName).fill('Plan Hogar 100 Mb');
    await field(first, t.manual.lineQuantity).fill('-2');
    await field(first, t.manual.lineValue).fill('1290.50');
    await field(dialog, t.manual.entryDate).fill('31/02/2026');
    await dialog.getByRole('button', { name: t.manual.submit }).click();
    await expect(first.getByText('La cantidad no puede ser negativa')).toBeVisible();
    await expect(dialog.getByText('La fecha no existe')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText(t.manual.fixErrors);
    const none = await trpcQuery<Page>(page, 'receipt.list', { contactId: contact.id });
    expect(none.items).toEqual([]);
    await expect(page.getByTestId('sale-bubble')).toHaveCount(0);
    expect(browserErrors).toEqual([]);
  });

  test("'Venta Manual' guarda una venta de varias líneas: su burbuja muestra el total y su cancelación llega en vivo", async ({
    page,
    browser,
    browserErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'vendedor@demo.test');
    const contact = await createTestContact(page, 'Lucía');
    const dialog = await openManualSale(page, contact.id);
    const ticket = `VM-${uniqueLetters()}`;
    await field(dialog, t.manual.ticketId).fill(ticket);
    const first = dialog.getByTestId('sale-line').first();
    await field(first, t.manual.lineName).fill('Plan Hogar 100 Mb');
    await field(first, t.manual.lineCategory).fill('Internet');
    await field(first, t.manual.lineValue).fill('1290.50');

    // Two lines, 2 × 1290.50 + 1 × 100 (quantity 1 when left alone).
    await field(first, t.manual.lineQuantity).fill('2');
    await dialog.getByRole('button', { name: t.manual.addLine }).click();
    const second = dialog.getByTestId('sale-line').nth(1);
    await field(second, t.manual.lineName).fill('Router WiFi 6');
    await field(second, t.manual.lineValue).fill('100');
    await expect(dialog.getByTestId('sale-form-total')).toHaveText('Total: $ 2.681,00');
    await dialog.getByRole('button', { name: t.manual.submit }).click();
    await expect(dialog).toBeHidden();

    const bubble = page.getByTestId('sale-bubble').last();
    await expect(bubble.getByTestId('sale-total')).toHaveText('Total $ 2.681,00');
    await expect(bubble).toContainText('Venta de planes');
    await expect(bubble).toContainText(`Ticket ${ticket}`);
    await bubble.getByRole('button', { name: t.bubble.more }).click();
    await expect(bubble).toContainText(t.fields.product);
    await expect(bubble).toContainText('Plan Hogar 100 Mb, Router WiFi 6');
    await expect(bubble).toContainText('Router WiFi 6');

    // The info panel's sales, refreshed by the new sale item.
    await page.getByRole('button', { name: es.conversation.infoPanel.sales }).click();
    const listed = page.getByTestId('contact-sale');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('$ 2.681,00');
    await expect(listed).toContainText(t.statuses.new!);

    const stored = await trpcQuery<Page>(page, 'receipt.list', { contactId: contact.id });
    expect(stored.items.map((item) => [item.ticketId, item.total])).toEqual([[ticket, 2681]]);

    // The back office cancels it without a reason: the open timeline shows it live.
    const backOffice = await browser.newPage();
    await signIn(backOffice, 'comercial@demo.test');
    await trpcMutation(backOffice, 'receipt.cancel', { id: stored.items[0]!.id });
    await backOffice.close();
    const canceled = page.getByTestId('sale-bubble').last();
    await expect(canceled).toContainText(t.bubble.cancellation);
    await expect(canceled.getByTestId('sale-cancel-reason')).toHaveText(t.bubble.noReason);
    await expect(listed).toContainText(t.statuses.canceled!);
    await settle(page);
    await page.screenshot({ path: 'test-results/venta-manual.png' });
    expect(browserErrors).toEqual([]);
  });

  test("'Reportes' suma una venta nueva y la abre por su id", async ({ page, browserErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'comercial@demo.test');
    const before = await trpcQuery<Report>(page, 'receipt.report', {});
    const sellers = await trpcQuery<Array<{ id: string }>>(page, 'receipt.sellers', undefined);
    const ticket = `REP-${uniqueLetters()}`;
    const sale = await trpcMutation<{ id: string }>(page, 'receipt.create', {
      status: 'sold',
      ticketId: ticket,
      ticketSaleId: `V-${ticket}`,
      saleDate: new Date().toISOString().slice(0, 10),
      phone: uniqueMobile(),
      name: 'Reporte Prueba',
      sellerId: sellers[0]!.id,
      saleStructureType: 'multiline',
      productLines: [
        { name: 'Plan Móvil 20 GB', value: 690, quantity: 3 },
        { name: 'Decodificador TV', value: 450.25 },
      ],
    });

    await page.goto('/reportes/receipts');
    const cards = page.getByTestId('report-card');
    await expect(cards.filter({ hasText: t.report.cards.soldTotal })).toContainText(
      formatMoney(before.overall.soldTotal + 2520.25, 'uy'),
    );
    await expect(cards.filter({ hasText: t.report.cards.soldCount })).toContainText(
      String(before.overall.soldCount + 1),
    );
    await expect(page.getByRole('region', { name: t.report.bySeller })).toBeVisible();
    await settle(page);
    await page.screenshot({ path: 'test-results/reportes.png', fullPage: true });

    await page.goto(`/reportes/receipts?id=${sale.id}`);
    const detail = page.getByRole('dialog', { name: `Venta ${ticket}` });
    await expect(detail.getByTestId('receipt-detail-total')).toHaveText('Total $ 2.520,25');
    await expect(detail).toContainText(t.statuses.sold!);
    await detail.getByRole('button').first().click();
    await expect(detail).toBeHidden();
    await expect(page).toHaveURL(/\/reportes\/receipts$/);
    expect(browserErrors).toEqual([]);
  });

  test("'Crear preventa' guarda una preventa con la plantilla de la empresa", async ({
    page,
    browserErrors,
  }) => {
    await signIn(page, 'comercial@demo.test');
    await page.goto('/presale');
    await expect(page.getByRole('heading', { name: t.presale.title })).toBeVisible();
    const ticket = `PV-${uniqueLetters()}`;
    // Without a seller: refused, nothing stored.
    await field(page, t.manual.ticketId).fill(ticket);
    await field(page, t.manual.phone).fill(uniqueMobile());
    await field(page, t.manual.name).fill('Preventa Prueba');
    const line = page.getByTestId('sale-line').first();
    await field(line, t.manual.lineName).fill('Plan Hogar 300 Mb');
    await field(line, t.manual.lineValue).fill('1790');
    await page.getByRole('button', { name: t.presale.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(t.presale.sellerRequired);

    await page.getByRole('combobox', { name: t.presale.seller }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: t.presale.submit }).click();
    await expect(page.getByText(t.presale.created)).toBeVisible();
    await expect(page.getByTestId('recent-presales')).toContainText(ticket);
    await expect(page.getByTestId('recent-presales')).toContainText('$ 1.790,00');
    await settle(page);
    await page.screenshot({ path: 'test-results/crear-preventa.png', fullPage: true });
    expect(browserErrors).toEqual([]);
  });
});
