import { useState } from 'react';
import { es } from '@cartera/domain/i18n';

/*
 * The Excel download of the back office's filter (GET /api/receipt/excel, sent with the session
 * cookie). The server streams the workbook as it writes it, so there is no Content-Length: it
 * says in X-Total-Count how many rows the file will hold, and the bar follows the bytes received
 * against what that many rows take compressed (measured on the demo data). The bar never claims
 * the end before the last byte: it stops at 95 % until then (docs/decisions.md "Sales back
 * office").
 */

/** Bytes per row of the compressed sheet, and of the workbook's fixed parts. */
const BYTES_PER_ROW = 58;
const FIXED_BYTES = 6_000;
const BEFORE_END = 95;

/** A failure the server explained (its Spanish message). */
class ExcelError extends Error {}

export type ExcelState =
  | { kind: 'idle' }
  | { kind: 'loading'; received: number; total: number; percent: number }
  | { kind: 'done'; total: number }
  | { kind: 'error'; message: string };

function filenameOf(disposition: string | null) {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `${es.salesOffice.excelFile}.xlsx`;
}

/** Hands the downloaded file to the browser as a download. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExcelDownload() {
  const [state, setState] = useState<ExcelState>({ kind: 'idle' });
  const start = async (query: URLSearchParams) => {
    setState({ kind: 'loading', received: 0, total: 0, percent: 0 });
    try {
      const response = await fetch(`/api/receipt/excel?${query.toString()}`, {
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new ExcelError(body?.message ?? es.salesOffice.excelFailed);
      }
      const total = Number(response.headers.get('x-total-count') ?? 0);
      const expected = FIXED_BYTES + total * BYTES_PER_ROW;
      const reader = response.body.getReader();
      const chunks: BlobPart[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        setState({
          kind: 'loading',
          received,
          total,
          percent: Math.min(BEFORE_END, Math.round((received / expected) * 100)),
        });
      }
      save(
        new Blob(chunks, { type: response.headers.get('content-type') ?? undefined }),
        filenameOf(response.headers.get('content-disposition')),
      );
      setState({ kind: 'done', total });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ExcelError ? error.message : es.salesOffice.excelFailed,
      });
    }
  };
  return { state, start };
}
