import type { Executor } from '@cartera/db/client';
import { es } from '@cartera/domain/i18n';
import type { ReceiptFilterInput, ReceiptStatus } from '@cartera/domain/sales';
import { sheetText } from '../../lib/sheet-cells';
import type { Writable } from 'node:stream';
import { streamingWorkbook, workbookStream, type SheetColumn } from '../../lib/xlsx-stream';
import type { AuthUser } from '../sessions/session.types';
import type { ReceiptSheetRow } from './receipts.repository';
import { receiptSheetBatches } from './receipts.service';

/*
 * GET /receipt/excel (01 §7; issue #14 §5): the back office's list of the current filter and
 * order as an .xlsx, streamed (lib/xlsx-stream.ts) from keyset batches.
 */

export { XLSX_TYPE } from '../../lib/xlsx-stream';
const BATCH = 1000;
const texts = es.salesOffice;

const COLUMNS: SheetColumn[] = [
  { header: texts.columns.ticket, key: 'ticket', width: 16 },
  { header: texts.columns.ticketSale, key: 'ticketSale', width: 16 },
  { header: texts.columns.entryDate, key: 'entryDate', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
  { header: texts.columns.saleDate, key: 'saleDate', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
  { header: texts.columns.phone, key: 'phone', width: 18 },
  { header: texts.columns.name, key: 'name', width: 28 },
  { header: texts.columns.govId, key: 'govId', width: 14 },
  { header: texts.columns.product, key: 'product', width: 24 },
  { header: texts.columns.total, key: 'total', width: 12, style: { numFmt: '#,##0.00' } },
  { header: texts.columns.status, key: 'status', width: 12 },
  { header: texts.columns.seller, key: 'seller', width: 24 },
  { header: texts.columns.cancelReason, key: 'cancelReason', width: 28 },
];

/** A day (YYYY-MM-DD) as an Excel date. */
function excelDay(day: string | null) {
  return day ? new Date(`${day}T00:00:00Z`) : null;
}

/** A receipt's row; what people typed goes through sheetText (no formula once opened as CSV). */
function rowOf(receipt: ReceiptSheetRow) {
  return {
    ticket: sheetText(receipt.ticketId),
    ticketSale: sheetText(receipt.ticketSaleId),
    entryDate: excelDay(receipt.entryDate),
    saleDate: excelDay(receipt.saleDate),
    phone: sheetText(receipt.phone),
    name: sheetText(receipt.name),
    govId: sheetText(receipt.govId),
    product: sheetText(receipt.product),
    total: receipt.total,
    status: sheetText(texts.statuses[receipt.status as ReceiptStatus] ?? receipt.status),
    seller: sheetText(receipt.seller ?? texts.noSeller),
    cancelReason:
      receipt.status === 'canceled' ? sheetText(receipt.cancelReason ?? texts.noReason) : null,
  };
}

/** The workbook of the filter, streamed as its receipts are read. */
export function receiptsWorkbookStream(db: Executor, user: AuthUser, filters: ReceiptFilterInput) {
  return workbookStream(
    { title: texts.title, columns: COLUMNS },
    (signal) => receiptSheetBatches(db, user, filters, BATCH, signal),
    rowOf,
  );
}

/** The receipts' workbook written into `stream` row by row (bench:sales writes it from memory). */
export function receiptsWorkbook(stream: Writable) {
  const workbook = streamingWorkbook(stream, texts.title, COLUMNS);
  return { ...workbook, add: (receipt: ReceiptSheetRow) => workbook.add(rowOf(receipt)) };
}
