import { constants, crc32, deflateRawSync } from 'node:zlib';
import { readZip, writeZip } from '../lib/bounded-zip';

/*
 * A zip bomb made of a real workbook (the goals template, say): its first sheet gains one row of
 * `inflatedBytes` of cells, about 1 MB once deflated. Built from a compressed piece repeated
 * (each piece a deflate stream flushed in full, so pieces may follow one another) rather than by
 * deflating hundreds of megabytes.
 */

const CELLS = Buffer.from('<c><v>1</v></c>'.repeat(65_536));
const SHEET = 'xl/worksheets/sheet1.xml';

export interface ZipBomb {
  file: Buffer;
  /** What the sheet really inflates to. */
  sheetBytes: number;
}

/**
 * `declare`: 'honest' writes the real size in the zip's headers; a number lies, declaring that
 * many bytes for the sheet instead.
 */
export async function workbookBomb(
  workbook: Buffer,
  inflatedBytes: number,
  declare: 'honest' | number,
): Promise<ZipBomb> {
  const contents = await readZip(workbook, {
    maxTotalBytes: 64 * 1024 * 1024,
    maxRatio: 1_000,
    maxEntries: 1_000,
  });
  const sheet = contents.get(SHEET)!.toString('utf8');
  const cut = sheet.indexOf('</sheetData>');
  const head = Buffer.from(`${sheet.slice(0, cut)}<row r="6000">`);
  const tail = Buffer.from(`</row>${sheet.slice(cut)}`);
  const pieces = Math.ceil(inflatedBytes / CELLS.length);
  const flushed = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const cells = deflateRawSync(CELLS, flushed);
  const parts = [deflateRawSync(head, flushed)];
  let crc = crc32(head);
  for (let piece = 0; piece < pieces; piece += 1) {
    parts.push(cells);
    crc = crc32(CELLS, crc);
  }
  parts.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const sheetBytes = head.length + pieces * CELLS.length + tail.length;
  const entries = [...contents].map(([name, data]) =>
    name === SHEET
      ? {
          name,
          data: Buffer.concat(parts),
          method: 8 as const,
          size: declare === 'honest' ? sheetBytes : declare,
          crc,
        }
      : { name, data },
  );
  return { file: writeZip(entries), sheetBytes };
}
