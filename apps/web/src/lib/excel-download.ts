import { useState } from 'react';

/*
 * An Excel download of a list's filter (the back office's GET /api/receipt/excel, the actions
 * history's GET /api/actionsHistory/excel), sent with the session cookie. The server streams the workbook as it writes it, so there is no Content-Length: it
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

function filenameOf(disposition: string | null, fallback: string) {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? `${fallback}.xlsx`;
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

export function useExcelDownload(options: {
  /** The workbook's path (`/api/receipt/excel`). */
  path: string;
  /** The file's name when the server gives none. */
  fileName: string;
  /** What a failure the server did not explain says. */
  failed: string;
}) {
  const [state, setState] = useState<ExcelState>({ kind: 'idle' });
  const start = async (query: URLSearchParams) => {
    setState({ kind: 'loading', received: 0, total: 0, percent: 0 });
    try {
      const response = await fetch(`${options.path}?${query.toString()}`, {
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new ExcelError(body?.message ?? options.failed);
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
        filenameOf(response.headers.get('content-disposition'), options.fileName),
      );
      setState({ kind: 'done', total });
    } catch (error) {
      setState({
        kind: 'error',
        message: error instanceof ExcelError ? error.message : options.failed,
      });
    }
  };
  return { state, start };
}
