import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '@cartera/domain/errors';
import { LocalStorage } from './local-storage';
import type { UploadRequest } from './storage';

const BASE_URL = 'http://127.0.0.1:4000';
const SECRET = 'local-storage-test-secret';

let folder: string;
let root: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cartera-local-storage-'));
  root = join(folder, 'files');
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(folder, { recursive: true, force: true });
});

function storage(maxBytes?: number) {
  return new LocalStorage(root, () => BASE_URL, SECRET, maxBytes);
}

function uploadRequest(overrides: Partial<UploadRequest> = {}): UploadRequest {
  return {
    key: 'tenant-a/note/0001/cotización.pdf',
    contentType: 'application/pdf',
    contentDisposition: 'inline; filename="cotizacion.pdf"',
    expiresInSeconds: 60,
    size: 5,
    ...overrides,
  };
}

/** What the PUT route hands to receive() for a client that follows the signed URL. */
function putOf(
  url: string,
  headers: Record<string, string>,
  body: Buffer | Readable,
  overrides: Partial<Parameters<LocalStorage['receive']>[0]> = {},
) {
  const parsed = new URL(url);
  const key = decodeURIComponent(parsed.pathname.replace(/^\/api\/files\//, ''));
  return {
    key,
    expires: parsed.searchParams.get('expires') ?? undefined,
    size: parsed.searchParams.get('size') ?? undefined,
    signature: parsed.searchParams.get('signature') ?? undefined,
    contentType: headers['content-type'],
    contentDisposition: headers['content-disposition'],
    contentLength: Buffer.isBuffer(body) ? body.length : undefined,
    body: Buffer.isBuffer(body) ? Readable.from([body]) : body,
    ...overrides,
  };
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

/** Every file under the storage root, relative to it. */
function storedFiles(): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('almacenamiento local de archivos', () => {
  it('entrega un enlace firmado y con vencimiento en la ruta pública del archivo', async () => {
    const now = Date.now();
    const signed = await storage().createUpload(uploadRequest());
    const url = new URL(signed.url);

    expect(`${url.origin}${url.pathname}`).toBe(
      storage().publicUrl('tenant-a/note/0001/cotización.pdf'),
    );
    expect(url.pathname).toBe('/api/files/tenant-a/note/0001/cotizaci%C3%B3n.pdf');
    expect(Number(url.searchParams.get('expires'))).toBeGreaterThanOrEqual(
      Math.floor(now / 1000) + 60,
    );
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    expect(signed.headers).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="cotizacion.pdf"',
    });
  });

  it('codifica en la ruta los caracteres especiales del nombre tal como la URL firmada', async () => {
    const key = "tenant-a/note/0001/foto (1) de O'Higgins 100% #2.jpg";
    const signed = await storage().createUpload(uploadRequest({ key }));

    expect(signed.url.split('?')[0]).toBe(storage().publicUrl(key));
    expect(storage().publicUrl(key)).toBe(
      `${BASE_URL}/api/files/tenant-a/note/0001/foto%20%281%29%20de%20O%27Higgins%20100%25%20%232.jpg`,
    );
  });

  it('sin content-disposition solo exige el content-type', async () => {
    const signed = await storage().createUpload(
      uploadRequest({ contentDisposition: undefined, size: 4 }),
    );
    expect(signed.headers).toEqual({ 'content-type': 'application/pdf' });

    const meta = await storage().receive(putOf(signed.url, signed.headers, Buffer.from('%PDF')));
    expect(meta.contentDisposition).toBeUndefined();
  });

  it('guarda lo subido con el enlace firmado y lo devuelve con sus cabeceras', async () => {
    const bytes = Buffer.from('%PDF-1.7 contenido de prueba');
    const signed = await storage().createUpload(uploadRequest({ size: bytes.length }));

    const meta = await storage().receive(putOf(signed.url, signed.headers, bytes));
    expect(meta).toEqual({
      contentType: 'application/pdf',
      contentDisposition: 'inline; filename="cotizacion.pdf"',
      size: bytes.length,
    });

    const file = await storage().open('tenant-a/note/0001/cotización.pdf');
    expect(file?.meta).toEqual(meta);
    expect(await readAll(file!.stream)).toEqual(bytes);
  });

  it('acepta un archivo de exactamente el tamaño máximo', async () => {
    const signed = await storage(1_000).createUpload(uploadRequest({ size: 1_000 }));
    const meta = await storage(1_000).receive(
      putOf(signed.url, signed.headers, Buffer.alloc(1_000, 1)),
    );
    expect(meta.size).toBe(1_000);
  });

  it.each([
    ['con una firma alterada', { signature: 'A'.repeat(43) }],
    ['sin firma', { signature: undefined }],
    ['con un vencimiento alterado', { expires: String(Math.floor(Date.now() / 1000) + 3_600) }],
    ['con un vencimiento que no es un número', { expires: 'mañana' }],
    ['con otro content-type', { contentType: 'text/html' }],
    ['sin content-type', { contentType: undefined }],
    ['con otro content-disposition', { contentDisposition: 'attachment' }],
    ['sin content-disposition', { contentDisposition: undefined }],
    ['con otro tamaño que el firmado', { size: '6', contentLength: 6 }],
    ['sin el tamaño firmado', { size: undefined }],
    ['a otro archivo con la misma firma', { key: 'tenant-a/note/0001/otro.pdf' }],
    ['al archivo de otra empresa con la misma firma', { key: 'tenant-b/note/0001/cotización.pdf' }],
  ])('rechaza una subida %s y no guarda nada', async (_case, overrides) => {
    const signed = await storage().createUpload(uploadRequest());
    const put = putOf(signed.url, signed.headers, Buffer.from('datos'), overrides);

    expect(await codeOf(storage().receive(put))).toBe('UPLOAD_URL_INVALID');
    expect(storedFiles()).toEqual([]);
  });

  it('rechaza un enlace vencido aunque la firma sea correcta', async () => {
    const signed = await storage().createUpload(uploadRequest({ expiresInSeconds: 30 }));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);

    const put = putOf(signed.url, signed.headers, Buffer.from('datos'));
    expect(await codeOf(storage().receive(put))).toBe('UPLOAD_URL_EXPIRED');
    expect(storedFiles()).toEqual([]);
  });

  it('rechaza sin leerlo un archivo que declara más bytes que el máximo', async () => {
    const signed = await storage(1_000).createUpload(uploadRequest({ size: 1_000 }));
    const body = Readable.from([Buffer.alloc(10)]);

    const put = putOf(signed.url, signed.headers, body, { contentLength: 1_001 });
    expect(await codeOf(storage(1_000).receive(put))).toBe('FILE_TOO_LARGE');
    expect(body.readableFlowing).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('rechaza sin leerlo un archivo que declara más bytes que los firmados', async () => {
    const signed = await storage().createUpload(uploadRequest({ size: 100 }));
    const body = Readable.from([Buffer.alloc(10)]);

    const put = putOf(signed.url, signed.headers, body, { contentLength: 101 });
    expect(await codeOf(storage().receive(put))).toBe('FILE_TOO_LARGE');
    expect(body.readableFlowing).toBeNull();
    expect(storedFiles()).toEqual([]);
  });

  it('rechaza un archivo más corto que el tamaño firmado y no guarda nada', async () => {
    const signed = await storage().createUpload(uploadRequest({ size: 100 }));
    const short = putOf(signed.url, signed.headers, Buffer.alloc(99), { contentLength: undefined });
    expect(await codeOf(storage().receive(short))).toBe('UPLOAD_SIZE_MISMATCH');
    const declared = putOf(signed.url, signed.headers, Buffer.alloc(99));
    expect(await codeOf(storage().receive(declared))).toBe('UPLOAD_SIZE_MISMATCH');
    expect(storedFiles()).toEqual([]);
  });

  it('corta a mitad de camino un archivo enviado por partes que pasa del tamaño firmado y no deja restos', async () => {
    const signed = await storage(100_000).createUpload(uploadRequest({ size: 1_000 }));
    let produced = 0;
    const body = new Readable({
      read() {
        produced += 400;
        this.push(Buffer.alloc(400, 7));
        if (produced >= 100_000) this.push(null);
      },
    });

    const put = putOf(signed.url, signed.headers, body, { contentLength: undefined });
    expect(await codeOf(storage(100_000).receive(put))).toBe('FILE_TOO_LARGE');
    // Stopped soon after the signed size instead of reading the whole body.
    expect(produced).toBeLessThan(100_000);
    expect(storedFiles()).toEqual([]);
    expect(await storage().open('tenant-a/note/0001/cotización.pdf')).toBeUndefined();
  });

  it('descarta el archivo a medio subir cuando el cliente corta la conexión', async () => {
    const signed = await storage().createUpload(uploadRequest({ size: 1_000 }));
    // A first chunk, then the connection drops when the storage asks for more.
    let sent = false;
    const body = new Readable({
      read() {
        if (sent) this.destroy(new Error('socket hang up'));
        sent = true;
        this.push(Buffer.alloc(100));
      },
    });
    const put = putOf(signed.url, signed.headers, body, { contentLength: undefined });

    await expect(storage().receive(put)).rejects.toThrow('socket hang up');
    expect(storedFiles()).toEqual([]);
  });

  it('un corte antes del primer byte también se informa y no deja nada', async () => {
    const signed = await storage().createUpload(uploadRequest());
    const body = new Readable({ read() {} });
    const put = putOf(signed.url, signed.headers, body, { contentLength: undefined });

    const receiving = storage().receive(put);
    // While the storage still makes the folder.
    body.destroy(new Error('socket hang up'));

    await expect(receiving).rejects.toThrow('socket hang up');
    expect(storedFiles()).toEqual([]);
  });

  it('una segunda subida a la misma clave se rechaza y el archivo queda como estaba', async () => {
    const signed = await storage().createUpload(uploadRequest());
    await storage().receive(putOf(signed.url, signed.headers, Buffer.from('datos')));
    const again = putOf(signed.url, signed.headers, Buffer.from('otros'));
    expect(await codeOf(storage().receive(again))).toBe('UPLOAD_URL_USED');

    const file = await storage().open('tenant-a/note/0001/cotización.pdf');
    expect((await readAll(file!.stream)).toString()).toBe('datos');
    expect(storedFiles().filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('un enlace de lectura firmado vale para su archivo hasta que vence', async () => {
    const key = 'tenant-a/note/0001/cotización.pdf';
    const url = new URL(await storage().signedReadUrl(key, 60));
    expect(`${url.origin}${url.pathname}`).toBe(storage().publicUrl(key));
    const expires = url.searchParams.get('expires') ?? undefined;
    const signature = url.searchParams.get('signature') ?? undefined;

    expect(storage().verifyRead(key, expires, signature)).toBe(true);
    expect(storage().verifyRead('tenant-a/note/0001/otro.pdf', expires, signature)).toBe(false);
    expect(storage().verifyRead(key, String(Number(expires) + 1), signature)).toBe(false);
    // An upload's signature is not a read one.
    const upload = new URL((await storage().createUpload(uploadRequest({ key }))).url);
    expect(
      storage().verifyRead(
        key,
        upload.searchParams.get('expires') ?? undefined,
        upload.searchParams.get('signature') ?? undefined,
      ),
    ).toBe(false);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(() => storage().verifyRead(key, expires, signature)).toThrow(DomainError);
  });

  it('reconoce la clave de sus propias direcciones y no la de otras', () => {
    const key = 'tenant-a/note/0001/foto (1) 100% #2.jpg';
    expect(storage().keyOf(storage().publicUrl(key))).toBe(key);
    expect(storage().keyOf(`${storage().publicUrl(key)}?expires=1&signature=x`)).toBe(key);
    expect(storage().keyOf(`https://otro.example/api/files/${key}`)).toBeUndefined();
    expect(storage().keyOf(`${BASE_URL}/api/otra/${key}`)).toBeUndefined();
  });

  describe('rutas fuera de la carpeta de archivos', () => {
    it.each([
      '../fuera.txt',
      'tenant-a/../../fuera.txt',
      'tenant-a/./note/x.txt',
      'tenant-a//x.txt',
      '/etc/passwd',
      'tenant-a/x.txt\0.pdf',
      'tenant-a/note/x.txt.meta.json',
      'tenant-a/note/x.txt.1234.partial',
    ])('no firma un enlace para la clave %j', async (key) => {
      expect(await codeOf(storage().createUpload(uploadRequest({ key })))).toBe(
        'UPLOAD_URL_INVALID',
      );
    });

    it('rechaza una subida a una clave con ../ aunque traiga una firma y no escribe fuera', async () => {
      const signed = await storage().createUpload(uploadRequest());
      const put = putOf(signed.url, signed.headers, Buffer.from('intruso'), {
        key: 'tenant-a/../../fuera.txt',
      });

      expect(await codeOf(storage().receive(put))).toBe('UPLOAD_URL_INVALID');
      expect(readdirSync(folder)).toEqual([]);
    });

    it('no sirve archivos fuera de la carpeta ni los metadatos internos', async () => {
      writeFileSync(join(folder, 'secreto.txt'), 'secreto');
      writeFileSync(join(folder, 'secreto.txt.meta.json'), '{"contentType":"text/plain"}');
      const signed = await storage().createUpload(uploadRequest({ size: 4 }));
      await storage().receive(putOf(signed.url, signed.headers, Buffer.from('%PDF')));

      expect(await storage().open('../secreto.txt')).toBeUndefined();
      expect(await storage().open('tenant-a/../../secreto.txt')).toBeUndefined();
      expect(await storage().open('tenant-a/note/0001/cotización.pdf.meta.json')).toBeUndefined();
      expect(await storage().open('tenant-a/note/0001')).toBeUndefined();
      expect(await storage().open('')).toBeUndefined();
    });
  });

  it('un enlace firmado con otro secreto no sirve', async () => {
    const other = new LocalStorage(root, () => BASE_URL, 'otro-secreto');
    const signed = await other.createUpload(uploadRequest());

    const put = putOf(signed.url, signed.headers, Buffer.from('datos'));
    expect(await codeOf(storage().receive(put))).toBe('UPLOAD_URL_INVALID');
  });
});
