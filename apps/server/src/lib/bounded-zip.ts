import { channel } from 'node:diagnostics_channel';
import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';

/*
 * Reading an uploaded zip (an .xlsx) without trusting it. A zip bomb declares, or hides, far
 * more content than its bytes: a 1 MB workbook can inflate to 400 MB of XML. So the central
 * directory is checked first (entry count, declared sizes, compression ratios) and nothing is
 * inflated when it already says too much; then every entry is inflated as a stream that stops as
 * soon as it passes its declared size or the total cap, whatever the headers claimed.
 */

export interface ZipLimits {
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  /** Declared uncompressed / compressed size of an entry larger than RATIO_FLOOR. */
  maxRatio: number;
  maxEntries: number;
}

/** Entries smaller than this are not held to the ratio: they cannot hurt whatever it is. */
const RATIO_FLOOR = 1024 * 1024;
/**
 * Each refusal is published here (`{ kind, inflatedBytes }`) for whoever observes the process
 * (diagnostics_channel): how far a zip bomb got before the reader stopped it.
 */
export const zipRefusals = channel('cartera:zip-refused');
const CHUNK = 64 * 1024;

/**
 * `invalid`: not a zip this reader accepts (damaged, encrypted, zip64, unknown compression);
 * `too-large`: the content passes the limits (declared, or found while inflating).
 */
export class ZipReadError extends Error {
  constructor(
    readonly kind: 'invalid' | 'too-large',
    /** Bytes inflated before the reader stopped (0 when the declared sizes were refused). */
    readonly inflatedBytes: number,
  ) {
    super(`zip ${kind} after ${inflatedBytes} inflated bytes`);
    this.name = 'ZipReadError';
  }
}

interface CentralEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const invalid = () => new ZipReadError('invalid', 0);

function centralDirectory(file: Buffer, limits: ZipLimits): CentralEntry[] {
  // The end record is the last 22 bytes, before a comment of at most 65,535.
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 65_535); at -= 1) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw invalid();
  const count = file.readUInt16LE(end + 10);
  const size = file.readUInt32LE(end + 12);
  const offset = file.readUInt32LE(end + 16);
  // zip64 markers: no spreadsheet of an upload's size needs them.
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) throw invalid();
  if (count > limits.maxEntries) throw new ZipReadError('too-large', 0);
  const entries: CentralEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || file.readUInt32LE(at) !== 0x02014b50) throw invalid();
    const flags = file.readUInt16LE(at + 8);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    if (flags & 0x1) throw invalid(); // encrypted
    entries.push({
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
      method: file.readUInt16LE(at + 10),
      crc: file.readUInt32LE(at + 16),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses, before inflating anything, a directory that already declares too much. */
function checkDeclared(entries: CentralEntry[], limits: ZipLimits) {
  const names = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    if (names.has(entry.name)) throw invalid();
    names.add(entry.name);
    if (entry.method !== 0 && entry.method !== 8) throw invalid();
    if (entry.method === 0 && entry.size !== entry.compressedSize) throw invalid();
    total += entry.size;
    const ratio = entry.size / Math.max(entry.compressedSize, 1);
    if (entry.size > RATIO_FLOOR && ratio > limits.maxRatio) {
      throw new ZipReadError('too-large', 0);
    }
  }
  if (total > limits.maxTotalBytes) throw new ZipReadError('too-large', 0);
}

function dataOf(file: Buffer, entry: CentralEntry) {
  const at = entry.localOffset;
  if (at + 30 > file.length || file.readUInt32LE(at) !== 0x04034b50) throw invalid();
  const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
  if (start + entry.compressedSize > file.length) throw invalid();
  return file.subarray(start, start + entry.compressedSize);
}

function* slices(data: Buffer) {
  for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
}

/**
 * The entries of a zip, by name (directories left out), each inflated at most to its declared
 * size and all together at most to `maxTotalBytes`. `onChunk` sees each piece of an entry as it
 * is inflated and may throw to stop the reading (a row limit, say).
 */
export async function readZip(
  file: Buffer,
  limits: ZipLimits,
  onChunk?: (name: string, chunk: Buffer) => void,
): Promise<Map<string, Buffer>> {
  try {
    return await readEntries(file, limits, onChunk);
  } catch (error) {
    if (error instanceof ZipReadError && zipRefusals.hasSubscribers) {
      zipRefusals.publish({ kind: error.kind, inflatedBytes: error.inflatedBytes });
    }
    throw error;
  }
}

async function readEntries(
  file: Buffer,
  limits: ZipLimits,
  onChunk?: (name: string, chunk: Buffer) => void,
) {
  const entries = centralDirectory(file, limits);
  checkDeclared(entries, limits);
  const contents = new Map<string, Buffer>();
  let inflated = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const data = dataOf(file, entry);
    if (entry.method === 0) {
      onChunk?.(entry.name, data);
      if (crc32(data) !== entry.crc) throw new ZipReadError('invalid', inflated);
      contents.set(entry.name, data);
      continue;
    }
    const budget = Math.min(entry.size, limits.maxTotalBytes - inflated);
    const chunks: Buffer[] = [];
    let size = 0;
    let crc = 0;
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    try {
      for await (const chunk of Readable.from(slices(data)).pipe(
        inflater,
      ) as AsyncIterable<Buffer>) {
        size += chunk.length;
        inflated += chunk.length;
        if (size > budget) throw new ZipReadError('too-large', inflated);
        onChunk?.(entry.name, chunk);
        crc = crc32(chunk, crc);
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof ZipReadError) throw error;
      if (error instanceof Error && 'errno' in error) throw new ZipReadError('invalid', inflated);
      throw error;
    } finally {
      inflater.destroy();
    }
    if (size !== entry.size || crc !== entry.crc) throw new ZipReadError('invalid', inflated);
    contents.set(entry.name, Buffer.concat(chunks, size));
  }
  return contents;
}

export interface ZipEntryOut {
  name: string;
  /** The entry's bytes as stored: deflated when `method` is 8. */
  data: Buffer;
  /** 0 stored (default), 8 deflated. */
  method?: 0 | 8;
  /** Uncompressed size and CRC-32; computed from `data` for a stored entry. */
  size?: number;
  crc?: number;
}

/** A zip of the given entries, written as given (sizes and CRCs are not checked). */
export function writeZip(entries: Iterable<ZipEntryOut>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.method ?? 0;
    const crc = entry.crc ?? crc32(entry.data);
    const size = entry.size ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
    count += 1;
  }
  const directorySize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * The contents read within limits as a zip of stored entries: what a reader that inflates by
 * itself (exceljs) is handed, so it inflates nothing.
 */
export function storedZip(contents: Map<string, Buffer>): Buffer {
  return writeZip([...contents].map(([name, data]) => ({ name, data })));
}
