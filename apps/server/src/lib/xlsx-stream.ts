import { PassThrough, type Writable } from 'node:stream';
import { EventEmitter } from 'node:events';
import ExcelJS from 'exceljs';

/*
 * An .xlsx written by exceljs's streaming WorkbookWriter as its rows are read (the receipts'
 * GET /receipt/excel, the actions history's workbook): rows come in batches and are committed as
 * they come, and the writer waits while the client's socket is full, so memory stays flat
 * whatever the number of rows.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How much of the sheet may wait for the zip's compression before the rows wait, bytes. */
const MAX_PENDING_BYTES = 2 * 2 ** 20;

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  style?: object;
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
 * A workbook written into `stream`: its one sheet with the columns, each row committed as it is
 * added (the streaming writer keeps none of them).
 */
export function streamingWorkbook(stream: Writable, title: string, columns: SheetColumn[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(title);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add: (row: Record<string, unknown>) => sheet.addRow(row).commit(),
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
 * Writes a workbook into a stream handed back at once; the rows follow as `batches` reads them
 * (it gets a signal that aborts when the client leaves). A failure halfway destroys the stream
 * (the client sees a broken download, never a short file that looks whole).
 */
export function workbookStream<Row>(
  sheet: { title: string; columns: SheetColumn[] },
  batches: (signal: AbortSignal) => AsyncIterable<Row[]>,
  rowOf: (row: Row) => Record<string, unknown>,
) {
  const output = new PassThrough();
  const abort = new AbortController();
  output.on('close', () => abort.abort());
  const write = async () => {
    const workbook = streamingWorkbook(output, sheet.title, sheet.columns);
    for await (const batch of batches(abort.signal)) {
      for (const row of batch) workbook.add(rowOf(row));
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
