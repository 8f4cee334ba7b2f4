import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import type { Group, User } from '@cartera/db/schema';
import { createTenant, createUser } from '@cartera/db/factories';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { startTestApp, tokenFor, type TestApp } from '../../testing/test-app';

let database: TestDatabase;
let app: TestApp;
let tenantA: Group;
let tenantB: Group;
let userA: User;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  tenantA = await createTenant(db, { name: 'Ferretería Andina' });
  tenantB = await createTenant(db, { name: 'Distribuidora del Sur' });
  userA = await createUser(db, tenantA, { email: 'ana@andina.test' });
  const userB = await createUser(db, tenantB, { email: 'bruno@delsur.test' });
  tokenA = await tokenFor(database.handle, userA);
  tokenB = await tokenFor(database.handle, userB);
  app = await startTestApp(database.handle);
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

interface UploadTicket {
  url: string;
  key: string;
  headers: Record<string, string>;
  maxBytes: number;
  fileUrl: string;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: <T = Record<string, unknown>>() => T;
}

/**
 * Every request of these tests closes its connection: a keep-alive connection still finishing a
 * response when the instance stops would keep server.close() waiting for its keep-alive timeout.
 */
const CLOSE = { connection: 'close' };

async function postJson(path: string, body: unknown, token?: string | undefined) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: {
      ...CLOSE,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function ticketFor(
  body: Record<string, unknown>,
  token = tokenA,
  path = '/api/aws/documents',
): Promise<UploadTicket> {
  const answer = await postJson(path, body, token);
  expect(answer.status).toBe(200);
  return answer.body as unknown as UploadTicket;
}

function storedPathOf(url: string) {
  return url.split('?')[0]!;
}

async function put(url: string, headers: Record<string, string>, body: Buffer | string) {
  return fetch(url, {
    method: 'PUT',
    headers: { ...CLOSE, ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}

/** A GET as a signed-in user of the first company (the file addresses check the session). */
async function get(url: string, token: string | null = tokenA) {
  return fetch(url, {
    headers: { ...CLOSE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: AbortSignal.timeout(10_000),
  });
}

/**
 * A PUT through node:http, so the test decides the raw path and the framing: with `length`
 * it declares that content-length and sends only `send` bytes; without it the body goes out
 * chunked. Resolves to the answer as soon as it arrives, even while the body is still going
 * out, and stops sending then.
 */
function rawPut(
  url: string,
  options: {
    headers: Record<string, string>;
    length?: number;
    send: number;
    chunkSize?: number;
    path?: string;
  },
): Promise<Answer & { sent: number }> {
  const target = new URL(url);
  const chunk = Buffer.alloc(options.chunkSize ?? 1024 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest({
      host: target.hostname,
      port: target.port,
      method: 'PUT',
      path: options.path ?? `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        ...(options.length === undefined ? {} : { 'content-length': String(options.length) }),
      },
      agent: false,
    });
    const timer = setTimeout(() => request.destroy(new Error('no answer in 20 s')), 20_000);
    request.on('error', (error) => {
      clearTimeout(timer);
      if (!answered) reject(error);
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (data: Buffer) => chunks.push(data));
      response.on('error', reject);
      response.on('end', () => {
        clearTimeout(timer);
        request.destroy();
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          json: () => JSON.parse(body.toString()),
          sent,
        });
      });
    });
    const pump = () => {
      while (!answered && !request.destroyed && sent < options.send) {
        const piece = chunk.subarray(0, Math.min(chunk.length, options.send - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', pump);
          return;
        }
      }
      // A declared length larger than what was sent leaves the request open, as a slow client.
      if (!answered && !request.destroyed && options.length === undefined) request.end();
    };
    pump();
  });
}

/** A GET through node:http with the raw path as given (fetch would normalise it). */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(app.url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        agent: false,
        timeout: 10_000,
        headers: { authorization: `Bearer ${tokenA}` },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
    request.end();
  });
}

const filesRoot = () => join(app.deps.env.dataDir, 'files');

/** Every file the local storage holds, relative to its folder. */
function storedFiles(): string[] {
  if (!existsSync(filesRoot())) return [];
  return readdirSync(filesRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(filesRoot().length + 1));
}

describe('pedir un enlace de subida', () => {
  it('sin sesión responde 401 UNAUTHENTICATED y no crea nada', async () => {
    const before = storedFiles();
    for (const token of [undefined, 'token-inventado']) {
      const answer = await postJson(
        '/api/aws/documents',
        { name: 'a.pdf', mimeType: 'application/pdf', via: 'note' },
        token,
      );
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
      });
    }
    const settings = await postJson('/api/settings/getPressignedUrl', {
      name: 'logo.png',
      mimeType: 'image/png',
    });
    expect(settings.status).toBe(401);
    expect(storedFiles()).toEqual(before);
  });

  it('sin nombre o con un tipo de archivo inválido responde 400 con los campos en error', async () => {
    const missingName = await postJson(
      '/api/aws/documents',
      { mimeType: 'application/pdf', via: 'note' },
      tokenA,
    );
    expect(missingName.status).toBe(400);
    expect(missingName.body).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      message: 'Cuerpo de solicitud inválido',
      fieldErrors: { name: [expect.any(String)] },
    });

    const badType = await postJson(
      '/api/aws/documents',
      { name: 'a.pdf', mimeType: 'pdf', via: 'note' },
      tokenA,
    );
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { mimeType: ['Tipo de archivo inválido'] },
    });

    const badVia = await postJson(
      '/api/aws/documents',
      { name: 'a.pdf', mimeType: 'application/pdf', via: '../otra-empresa' },
      tokenA,
    );
    expect(badVia.status).toBe(400);
    expect(badVia.body).toMatchObject({ fieldErrors: { via: ['Origen inválido'] } });
  });

  it('rechaza un archivo de más de 55.777.216 bytes al pedir el enlace', async () => {
    for (const path of ['/api/aws/documents', '/api/settings/getPressignedUrl']) {
      const answer = await postJson(
        path,
        { name: 'video.mp4', mimeType: 'video/mp4', via: 'note', size: MAX_UPLOAD_BYTES + 1 },
        tokenA,
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({
        code: 'FILE_TOO_LARGE',
        message: 'El tamaño del archivo es superior al permitido',
      });
    }
  });

  it('entrega un enlace bajo la empresa de quien lo pide, con el tamaño máximo', async () => {
    const ticket = await ticketFor({
      name: 'Informe.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      size: 10,
    });

    expect(ticket.key.split('/')).toEqual([tenantA.id, 'note', expect.any(String), 'Informe.pdf']);
    expect(storedPathOf(ticket.url)).toBe(`${app.url}/api/files/${ticket.key}`);
    expect(ticket.fileUrl).toBe(storedPathOf(ticket.url));
    expect(ticket.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(ticket.maxBytes).toBe(MAX_UPLOAD_BYTES);
  });

  it('el enlace de configuración usa el origen "settings" si no se indica otro', async () => {
    const settings = await ticketFor(
      { name: 'logo.png', mimeType: 'image/png', size: 10 },
      tokenA,
      '/api/settings/getPressignedUrl',
    );
    expect(settings.key.split('/').slice(0, 2)).toEqual([tenantA.id, 'settings']);

    const photo = await ticketFor(
      { name: 'foto.png', mimeType: 'image/png', via: 'photo', size: 10 },
      tokenA,
      '/api/settings/getPressignedUrl',
    );
    expect(photo.key.split('/').slice(0, 2)).toEqual([tenantA.id, 'photo']);
  });
});

describe('subir el archivo al enlace firmado', () => {
  it('guarda los bytes y los devuelve con su tipo y content-disposition en la ruta sin la firma', async () => {
    const bytes = Buffer.from('%PDF-1.7\nCotización de prueba\n%%EOF', 'utf8');
    const ticket = await ticketFor({
      name: 'Cotización señor.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      disposition: 'attachment',
      size: bytes.length,
    });
    expect(ticket.headers['content-disposition']).toBe(
      `attachment; filename="Cotizaci_n se_or.pdf"; ` +
        `filename*=UTF-8''Cotizaci%C3%B3n%20se%C3%B1or.pdf`,
    );

    const upload = await put(ticket.url, ticket.headers, bytes);
    expect(upload.status).toBe(200);
    expect(await upload.json()).toEqual({ url: storedPathOf(ticket.url) });

    const file = await get(storedPathOf(ticket.url));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(ticket.headers['content-disposition']);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sirve un archivo cuyo nombre tiene %, # y paréntesis', async () => {
    const ticket = await ticketFor({
      name: 'informe 100% final #2 (v1).txt',
      mimeType: 'text/plain',
      via: 'note',
      size: 15,
    });
    expect(ticket.key.endsWith('/informe 100% final #2 (v1).txt')).toBe(true);

    expect((await put(ticket.url, ticket.headers, 'cien por ciento')).status).toBe(200);
    const file = await get(storedPathOf(ticket.url));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('cien por ciento');
  });

  it('sube un archivo con un nombre muy largo con acentos y emojis', async () => {
    for (const name of [`${'ñ'.repeat(200)}.pdf`, `${'a'.repeat(149)}😀😀.pdf`]) {
      const ticket = await ticketFor({ name, mimeType: 'application/pdf', via: 'note', size: 5 });
      expect(ticket.key.endsWith('.pdf')).toBe(true);

      expect((await put(ticket.url, ticket.headers, 'largo')).status).toBe(200);
      expect(await (await get(storedPathOf(ticket.url))).text()).toBe('largo');
    }
  });

  it('sube un archivo vacío', async () => {
    const ticket = await ticketFor({
      name: 'vacío.txt',
      mimeType: 'text/plain',
      via: 'note',
      size: 0,
    });
    expect((await put(ticket.url, ticket.headers, '')).status).toBe(200);
    const file = await get(storedPathOf(ticket.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-length')).toBe('0');
  });

  it('un archivo que nunca se subió no existe', async () => {
    const ticket = await ticketFor({
      name: 'nunca.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      size: 10,
    });
    const file = await get(storedPathOf(ticket.url));
    expect(file.status).toBe(404);
    expect(await file.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('límite de tamaño al subir', () => {
  it('rechaza con 413 sin leer el cuerpo un archivo que declara más de 55.777.216 bytes', async () => {
    const ticket = await ticketFor({
      name: 'enorme.bin',
      mimeType: 'application/octet-stream',
      via: 'note',
      size: MAX_UPLOAD_BYTES,
    });

    // Declares one byte over the limit but sends only 64 KiB: the answer cannot wait for the rest.
    const answer = await rawPut(ticket.url, {
      headers: ticket.headers,
      length: MAX_UPLOAD_BYTES + 1,
      send: 64 * 1024,
      chunkSize: 64 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual({
      code: 'FILE_TOO_LARGE',
      message: 'El tamaño del archivo es superior al permitido',
    });
    expect(answer.headers.connection).toBe('close');
    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
    expect(storedFiles().filter((file) => file.includes(ticket.key.split('/')[2]!))).toEqual([]);
  });

  it('corta con 413 un archivo enviado por partes sin tamaño que pasa de 55.777.216 bytes y no guarda nada', async () => {
    const ticket = await ticketFor({
      name: 'stream.bin',
      mimeType: 'application/octet-stream',
      via: 'note',
      size: MAX_UPLOAD_BYTES,
    });
    const started = Date.now();

    const answer = await rawPut(ticket.url, {
      headers: ticket.headers,
      send: MAX_UPLOAD_BYTES + 8 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(answer.sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(Date.now() - started).toBeLessThan(15_000);

    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
    expect(storedFiles().filter((file) => file.endsWith('.partial'))).toEqual([]);
    // The instance keeps serving after cutting the connection.
    expect((await get(`${app.url}/api/health`)).ok).toBe(true);
  });

  it('acepta un archivo enviado por partes de exactamente 55.777.216 bytes', async () => {
    const ticket = await ticketFor({
      name: 'justo.bin',
      mimeType: 'application/octet-stream',
      via: 'note',
      size: MAX_UPLOAD_BYTES,
    });

    const answer = await rawPut(ticket.url, { headers: ticket.headers, send: MAX_UPLOAD_BYTES });
    expect(answer.status).toBe(200);
    const file = await get(storedPathOf(ticket.url));
    expect(file.headers.get('content-length')).toBe(String(MAX_UPLOAD_BYTES));
    await file.body?.cancel();
  });
});

describe('enlaces inválidos o vencidos', () => {
  it('rechaza con 403 UPLOAD_URL_EXPIRED un enlace vencido', async () => {
    const ticket = await ticketFor({
      name: 'tarde.txt',
      mimeType: 'text/plain',
      via: 'note',
      expires: 1,
      size: 5,
    });
    const expires = Number(new URL(ticket.url).searchParams.get('expires'));
    await new Promise((resolve) => setTimeout(resolve, expires * 1000 - Date.now() + 1_100));

    const upload = await put(ticket.url, ticket.headers, 'tarde');
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({
      code: 'UPLOAD_URL_EXPIRED',
      message: 'El enlace de subida ha expirado. Vuelve a intentarlo.',
    });
    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
  });

  it.each([
    [
      'una firma alterada',
      (ticket: UploadTicket) => {
        const url = new URL(ticket.url);
        const signature = url.searchParams.get('signature')!;
        url.searchParams.set(
          'signature',
          `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
        );
        return { url: url.toString(), headers: ticket.headers };
      },
    ],
    [
      'un vencimiento extendido',
      (ticket: UploadTicket) => {
        const url = new URL(ticket.url);
        url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
        return { url: url.toString(), headers: ticket.headers };
      },
    ],
    [
      'la firma quitada',
      (ticket: UploadTicket) => ({ url: storedPathOf(ticket.url), headers: ticket.headers }),
    ],
    [
      'otro tipo de archivo que el firmado',
      (ticket: UploadTicket) => ({
        url: ticket.url,
        headers: { ...ticket.headers, 'content-type': 'text/html' },
      }),
    ],
    [
      'el content-disposition omitido',
      (ticket: UploadTicket) => ({
        url: ticket.url,
        headers: { 'content-type': ticket.headers['content-type']! },
      }),
    ],
  ])('rechaza con 403 UPLOAD_URL_INVALID %s y no guarda nada', async (_case, tamper) => {
    const ticket = await ticketFor({
      name: 'firmado.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      disposition: 'inline',
      size: 25,
    });
    const attempt = tamper(ticket);

    const upload = await put(attempt.url, attempt.headers, '<script>alert(1)</script>');
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({
      code: 'UPLOAD_URL_INVALID',
      message: 'El enlace de subida no es válido.',
    });
    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
  });

  it('rechaza con 403 el enlace usado para otro archivo y no guarda ninguno', async () => {
    const ticket = await ticketFor({
      name: 'original.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      size: 5,
    });
    const url = new URL(ticket.url);
    url.pathname = url.pathname.replace(/original\.pdf$/, 'cambiado.pdf');

    const upload = await put(url.toString(), ticket.headers, 'datos');
    expect(upload.status).toBe(403);
    expect(await upload.json()).toMatchObject({ code: 'UPLOAD_URL_INVALID' });
    expect((await get(storedPathOf(url.toString()))).status).toBe(404);
    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
  });

  it('un nombre con ../ queda dentro de la carpeta de la empresa', async () => {
    const ticket = await ticketFor({
      name: '../../../secreto.txt',
      mimeType: 'text/plain',
      via: 'note',
      size: 9,
    });
    const segments = ticket.key.split('/');
    expect(segments).toHaveLength(4);
    expect(segments[0]).toBe(tenantA.id);
    expect(segments).not.toContain('..');

    expect((await put(ticket.url, ticket.headers, 'contenido')).status).toBe(200);
    expect(await (await get(storedPathOf(ticket.url))).text()).toBe('contenido');
  });

  it('rechaza una subida a una ruta con ../ aunque lleve una firma válida y no escribe fuera', async () => {
    const ticket = await ticketFor({ name: 'a.txt', mimeType: 'text/plain', via: 'note', size: 7 });
    const query = new URL(ticket.url).search;

    const answer = await rawPut(ticket.url, {
      headers: ticket.headers,
      path: `/api/files/${tenantA.id}/note/..%2F..%2F..%2Fintruso.txt${query}`,
      length: 7,
      send: 7,
    });
    expect(answer.status).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'UPLOAD_URL_INVALID' });
    expect(existsSync(join(app.deps.env.dataDir, 'intruso.txt'))).toBe(false);
    expect(readdirSync(app.deps.env.dataDir)).not.toContain('intruso.txt');
  });

  it('no sirve archivos fuera de la carpeta de archivos', async () => {
    writeFileSync(join(app.deps.env.dataDir, 'secreto.txt'), 'secreto');
    writeFileSync(
      join(app.deps.env.dataDir, 'secreto.txt.meta.json'),
      '{"contentType":"text/plain"}',
    );

    expect(await rawGet('/api/files/..%2Fsecreto.txt')).toBe(404);
    expect(await rawGet(`/api/files/${tenantA.id}/..%2F..%2Fsecreto.txt`)).toBe(404);
    expect(await rawGet('/api/files/%2e%2e/secreto.txt')).toBe(404);
  });

  it('otra empresa no puede sobrescribir un archivo con un enlace firmado para otra clave', async () => {
    const original = await ticketFor({
      name: 'contrato.pdf',
      mimeType: 'application/pdf',
      via: 'note',
      size: 18,
    });
    expect((await put(original.url, original.headers, 'contrato de Andina')).status).toBe(200);

    const foreign = await ticketFor(
      { name: 'contrato.pdf', mimeType: 'application/pdf', via: 'note', size: 14 },
      tokenB,
    );
    expect(foreign.key.startsWith(`${tenantB.id}/`)).toBe(true);
    const hijack = `${storedPathOf(original.url)}${new URL(foreign.url).search}`;

    const upload = await put(hijack, foreign.headers, 'contrato falso');
    expect(upload.status).toBe(403);
    expect(await upload.json()).toMatchObject({ code: 'UPLOAD_URL_INVALID' });
    expect(await (await get(storedPathOf(original.url))).text()).toBe('contrato de Andina');
  });
});

describe('un enlace de subida se usa una vez (issue #30 §5)', () => {
  it('una segunda subida al mismo enlace responde 409 UPLOAD_URL_USED y el archivo queda como estaba', async () => {
    const ticket = await ticketFor({
      name: 'una-vez.txt',
      mimeType: 'text/plain',
      via: 'note',
      size: 7,
    });
    expect((await put(ticket.url, ticket.headers, 'primero')).status).toBe(200);

    const again = await put(ticket.url, ticket.headers, 'segundo');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      code: 'UPLOAD_URL_USED',
      message: 'Este enlace de subida ya se usó. Vuelve a adjuntar el archivo.',
    });
    expect(await (await get(storedPathOf(ticket.url))).text()).toBe('primero');
  });

  it('una subida más grande que el tamaño declarado responde 413 y no guarda nada; el enlace sirve luego para el archivo declarado', async () => {
    const ticket = await ticketFor({
      name: 'declarado.txt',
      mimeType: 'text/plain',
      via: 'note',
      size: 5,
    });

    const larger = await put(ticket.url, ticket.headers, 'más de cinco bytes');
    expect(larger.status).toBe(413);
    expect(await larger.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    // Chunked, without a length: cut when it passes the declared size.
    const chunked = await rawPut(ticket.url, { headers: ticket.headers, send: 64 * 1024 });
    expect(chunked.status).toBe(413);
    const shorter = await put(ticket.url, ticket.headers, 'uno');
    expect(shorter.status).toBe(400);
    expect(await shorter.json()).toEqual({
      code: 'UPLOAD_SIZE_MISMATCH',
      message: 'El archivo recibido no tiene el tamaño indicado. Vuelve a adjuntarlo.',
    });
    expect((await get(storedPathOf(ticket.url))).status).toBe(404);
    expect(storedFiles().filter((file) => file.includes(ticket.key.split('/')[2]!))).toEqual([]);

    expect((await put(ticket.url, ticket.headers, 'cinco')).status).toBe(200);
    expect(await (await get(storedPathOf(ticket.url))).text()).toBe('cinco');
  });
});

describe('leer un archivo guardado (issue #30 §5)', () => {
  async function stored(name: string, mimeType: string, body: string) {
    const ticket = await ticketFor({ name, mimeType, via: 'settings', size: body.length });
    expect((await put(ticket.url, ticket.headers, body)).status).toBe(200);
    return ticket;
  }

  it('un enlace copiado fuera de la app y abierto sin sesión responde 401', async () => {
    const ticket = await stored('logo.png', 'image/png', 'png de prueba');
    const answer = await get(ticket.fileUrl, null);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // Nor with a made-up token, nor with the upload's signature.
    expect((await get(ticket.fileUrl, 'token-inventado')).status).toBe(401);
    expect((await get(ticket.url, null)).status).toBe(401);
  });

  it('un usuario de otra empresa no lo lee: 404', async () => {
    const ticket = await stored('logo.png', 'image/png', 'png de prueba');
    const answer = await get(ticket.fileUrl, tokenB);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('un documento se descarga como adjunto con nosniff; una imagen se muestra en línea', async () => {
    const pdf = await stored('Informe.pdf', 'application/pdf', '%PDF-1.7');
    const document = await get(pdf.fileUrl);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Informe\.pdf"/,
    );
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');

    const png = await stored('logo.png', 'image/png', 'png de prueba');
    const image = await get(png.fileUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline; filename="logo\.png"/);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['text/html', 'pagina.html', '<script>alert(1)</script>'],
    ['image/svg+xml', 'dibujo.svg', '<svg onload="alert(1)"/>'],
    ['application/xml', 'datos.xml', '<a>1</a>'],
    ['text/javascript', 'codigo.js', 'alert(1)'],
  ])(
    'un archivo subido como %s se descarga como adjunto sin su tipo activo',
    async (type, name, body) => {
      const ticket = await stored(name, type, body);
      const answer = await get(ticket.fileUrl);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/octet-stream');
      expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('content-security-policy')).toContain('sandbox');
    },
  );

  it('un enlace de lectura firmado por el servidor sirve sin sesión hasta que vence', async () => {
    const ticket = await stored('frente.png', 'image/png', 'foto del frente');
    const served = { contentType: 'image/png', contentDisposition: 'inline' };
    const signed = await app.deps.storage.signedReadUrl(ticket.key, 60, served);
    const answer = await get(signed, null);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('foto del frente');

    // Signed for another file, or altered: refused like any request without a session.
    const other = await stored('otro.png', 'image/png', 'otra foto');
    const borrowed = `${other.fileUrl}${new URL(signed).search}`;
    expect((await get(borrowed, null)).status).toBe(401);

    // Past its expiry (signed one second in the past): refused.
    const expired = await app.deps.storage.signedReadUrl(ticket.key, -1, served);
    const late = await get(expired, null);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({
      code: 'FILE_LINK_EXPIRED',
      message: 'El enlace del archivo ha expirado.',
    });
  });
});

describe('cuando el almacenamiento falla', () => {
  it('responde 503 STORAGE_UNAVAILABLE con un mensaje claro y no guarda nada', async () => {
    // A plain file where the upload's folder must go: the disk cannot make the path.
    mkdirSync(join(filesRoot(), tenantA.id), { recursive: true });
    writeFileSync(join(filesRoot(), tenantA.id, 'averiado'), 'no es una carpeta');
    const before = storedFiles();
    const ticket = await ticketFor({
      name: 'acta.pdf',
      mimeType: 'application/pdf',
      via: 'averiado',
      size: 4,
    });

    const upload = await put(ticket.url, ticket.headers, 'acta');
    expect(upload.status).toBe(503);
    expect(await upload.json()).toEqual({
      code: 'STORAGE_UNAVAILABLE',
      message:
        'No se pudo guardar el archivo: el almacenamiento no responde. Inténtalo de nuevo en unos minutos.',
    });
    expect(storedFiles()).toEqual(before);
  });
});
