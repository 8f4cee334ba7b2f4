import { PassThrough, type Writable } from 'node:stream';
import { EventEmitter } from 'node:events';
import ExcelJS from 'exceljs';
import type { Executor } from '@cartera/db/client';
import { es } from '@cartera/domain/i18n';
import type { ReceiptFilterInput, ReceiptStatus } from '@cartera/domain/sales';
import { sheetText } from '../../lib/sheet-cells';
import type { AuthUser } from '../sessions/session.types';
import type { ReceiptSheetRow } from './receipts.repository';
import { receiptSheetBatches } from './receipts.service';

/*
 * GET /receipt/excel (01 §7; issue #14 §5): the back office's list of the current filter and
 * order as an .xlsx, written by exceljs's streaming WorkbookWriter. Rows are read in keyset
 * batches and committed as they come, and the writer waits while the client's socket is full, so
 * memory stays flat whatever the number of rows.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BATCH = 1000;
/** How much of the sheet may wait for the zip's compression before the rows wait, bytes. */
const MAX_PENDING_BYTES = 2 * 2 ** 20;
const texts = es.salesOffice;

const COLUMNS: Array<{ header: string; key: string; width: number; style?: object }> = [
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

/**
 * Resolves at the first of `events` on `emitter` or at the signal's abort, and then removes
 * every listener it added (a loop that waits batch after batch must not leave them behind).
 */
function firstOf(emitter: EventEmitter, events: string[], signal: AbortSignal | undefined) {
  return new Promise<void>((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    for (const event of events) emitter.on(event, done);
    signal?.addEventListener('abort', done);
  });
}

/** Waits while `stream` holds more than its buffer (the client reads slower than we write). */
async function drained(stream: Writable, signal: AbortSignal) {
  if (!stream.writableNeedDrain || signal.aborted) return;
  await firstOf(stream, ['drain', 'close'], signal);
}

/** The zip entry exceljs compresses the sheet into (archiver's own stream class). */
type ZipEntry = EventEmitter & { writableLength?: number; _writableState?: { length?: number } };

/**
 * The sheet's zip entry. exceljs's streaming writer hands the sheet's XML to it without waiting
 * (its StreamBuf ignores the entry's backpressure), so rows made faster than they are compressed
 * would pile up in memory: the export waits for the entry instead. Read from exceljs's and
 * archiver's internals, so a version without them only loses the wait (bench:sales would show
 * it), never the file.
 */
function zipEntryOf(sheet: ExcelJS.Worksheet): ZipEntry | undefined {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  return entry instanceof EventEmitter ? (entry as ZipEntry) : undefined;
}

/** Bytes written into the entry and not yet taken by the compression. */
const pendingIn = (entry: ZipEntry) => entry.writableLength ?? entry._writableState?.length ?? 0;

/**
 * The workbook of receipts written into `stream`: its one sheet with the columns, each receipt a
 * row committed as it is added (the streaming writer keeps none of them).
 */
export function receiptsWorkbook(stream: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(texts.title);
  sheet.columns = COLUMNS;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add: (receipt: ReceiptSheetRow) => sheet.addRow(rowOf(receipt)).commit(),
    /** Waits while more than MAX_PENDING_BYTES of the sheet wait for the compression. */
    async compressed(signal?: AbortSignal) {
      const entry = zipEntryOf(sheet);
      while (entry && pendingIn(entry) > MAX_PENDING_BYTES && !signal?.aborted) {
        await firstOf(entry, ['drain', 'close'], signal);
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * Writes the workbook of the filter into a stream handed back at once; the rows follow as they
 * are read. A failure halfway destroys the stream (the client sees a broken download, never a
 * short file that looks whole).
 */
export function receiptsWorkbookStream(db: Executor, user: AuthUser, filters: ReceiptFilterInput) {
  const output = new PassThrough();
  const abort = new AbortController();
  output.on('close', () => abort.abort());
  const write = async () => {
    const workbook = receiptsWorkbook(output);
    for await (const batch of receiptSheetBatches(db, user, filters, BATCH, abort.signal)) {
      for (const receipt of batch) workbook.add(receipt);
      await workbook.compressed(abort.signal);
      await drained(output, abort.signal);
      if (abort.signal.aborted) return;
    }
    await workbook.finish();
  };
  write().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
