import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip, storedZip, writeZip, ZipReadError } from './bounded-zip';

const LIMITS = { maxTotalBytes: 1024 * 1024, maxRatio: 50, maxEntries: 10 };
const text = Buffer.from('<row>hola</row>'.repeat(1_000));
const deflated = (data: Buffer) => ({ data: deflateRawSync(data), method: 8 as const });

async function refusal(file: Buffer) {
  const error = await readZip(file, LIMITS).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ZipReadError);
  return { kind: (error as ZipReadError).kind, inflated: (error as ZipReadError).inflatedBytes };
}

describe('lectura acotada de un zip', () => {
  it('lee entradas guardadas y comprimidas, y las vuelve a escribir sin comprimir', async () => {
    const file = writeZip([
      { name: 'a.xml', data: text },
      { name: 'dir/', data: Buffer.alloc(0) },
      { name: 'b.xml', ...deflated(text), size: text.length, crc: crc32(text) },
    ]);
    const contents = await readZip(file, LIMITS);
    expect([...contents.keys()]).toEqual(['a.xml', 'b.xml']);
    expect(contents.get('b.xml')!.equals(text)).toBe(true);
    const again = await readZip(storedZip(contents), LIMITS);
    expect(again.get('b.xml')!.equals(text)).toBe(true);
  });

  it('rechaza sin descomprimir lo que declara demasiado, por tamaño, proporción o entradas', async () => {
    const zeros = Buffer.alloc(2 * 1024 * 1024);
    const big = { name: 'big', ...deflated(zeros), size: zeros.length, crc: crc32(zeros) };
    expect(await refusal(writeZip([big]))).toEqual({ kind: 'too-large', inflated: 0 });
    const many = Array.from({ length: 11 }, (_, index) => ({ name: `${index}`, data: text }));
    expect(await refusal(writeZip(many))).toEqual({ kind: 'too-large', inflated: 0 });
    const ratio = { ...LIMITS, maxTotalBytes: 4 * 1024 * 1024 };
    const error = await readZip(writeZip([big]), ratio).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'too-large', inflatedBytes: 0 });
  });

  it('se detiene al pasar el tamaño declarado aunque el encabezado mienta', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const lying = { name: 'x', ...deflated(zeros), size: 100_000, crc: crc32(zeros) };
    const { kind, inflated } = await refusal(writeZip([lying]));
    expect(kind).toBe('too-large');
    expect(inflated).toBeGreaterThan(100_000);
    expect(inflated).toBeLessThanOrEqual(100_000 + 64 * 1024);
  });

  it('rechaza un archivo dañado: no es zip, datos cortados o CRC distinto', async () => {
    expect((await refusal(Buffer.from('hola'))).kind).toBe('invalid');
    const cut = deflateRawSync(text).subarray(0, 20);
    const truncated = { name: 'x', data: cut, method: 8 as const, size: text.length };
    expect((await refusal(writeZip([truncated]))).kind).toBe('invalid');
    const wrongCrc = { name: 'x', ...deflated(text), size: text.length, crc: 1 };
    expect((await refusal(writeZip([wrongCrc]))).kind).toBe('invalid');
  });

  it('deja que quien lee detenga la lectura (un límite de filas)', async () => {
    const file = writeZip([{ name: 'x', ...deflated(text), size: text.length, crc: crc32(text) }]);
    const stop = new Error('demasiadas filas');
    await expect(
      readZip(file, LIMITS, () => {
        throw stop;
      }),
    ).rejects.toBe(stop);
  });
});
