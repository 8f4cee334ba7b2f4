import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@cartera/domain/errors';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { createTenant, createUser } from '@cartera/db/factories';
import type { Group } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import type { S3Config } from '../env';
import { signUpload } from '../modules/files/files.service';
import { startFakeS3, type FakeS3 } from '../testing/fake-s3';
import { typedCall } from '../testing/http-client';
import { startTestApp, tokenFor, type TestApp } from '../testing/test-app';
import { S3Storage } from './s3-storage';
import type { UploadRequest } from './storage';

const BUCKET = 'cartera';
const CREDENTIALS = { accessKeyId: 'test', secretAccessKey: 'test' };
const APP_URL = 'https://cartera.test';

let fake: FakeS3;
let storage: S3Storage;

beforeAll(async () => {
  fake = await startFakeS3({ bucket: BUCKET, ...CREDENTIALS });
  storage = new S3Storage(configFor(fake), () => APP_URL);
});

afterAll(async () => {
  await fake?.stop();
});

function configFor(server: FakeS3, overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint: server.url,
    region: 'us-east-1',
    bucket: BUCKET,
    forcePathStyle: true,
    publicUrl: `${server.url}/${BUCKET}`,
    ...CREDENTIALS,
    ...overrides,
  };
}

let sequence = 0;
function uploadRequest(overrides: Partial<UploadRequest> = {}): UploadRequest {
  sequence += 1;
  return {
    key: `tenant-a/note/${sequence}/Cotización (${sequence}).pdf`,
    contentType: 'application/pdf',
    contentDisposition: `inline; filename="Cotizacion.pdf"; filename*=UTF-8''Cotizaci%C3%B3n.pdf`,
    expiresInSeconds: 60,
    size: 16,
    ...overrides,
  };
}

const CLOSE = { connection: 'close' };

function put(url: string, headers: Record<string, string>, body: Buffer | string) {
  return fetch(url, {
    method: 'PUT',
    headers: { ...CLOSE, ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
}

function get(url: string) {
  return fetch(url, { headers: CLOSE, signal: AbortSignal.timeout(10_000) });
}

async function errorCode(response: Response) {
  return /<Code>(\w+)<\/Code>/.exec(await response.text())?.[1];
}

async function domainCodeOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe('almacenamiento S3 con URL prefirmadas', () => {
  it('sube con las cabeceras entregadas y el archivo queda legible en su ruta pública', async () => {
    const body = Buffer.from('%PDF-1.7 S3 test');
    const request = uploadRequest({ size: body.length });
    const signed = await storage.createUpload(request);

    expect(signed.url.split('?')[0]).toBe(storage.bucketUrl(request.key));
    expect(signed.url.startsWith(`${fake.url}/${BUCKET}/tenant-a/note/`)).toBe(true);
    expect(signed.headers).toEqual({
      'content-type': 'application/pdf',
      'content-disposition': request.contentDisposition,
    });
    const signedHeaders = new URL(signed.url).searchParams.get('X-Amz-SignedHeaders');
    expect(signedHeaders?.split(';')).toEqual([
      'content-disposition',
      'content-length',
      'content-type',
      'host',
    ]);
    // No checksum of an empty body baked into the URL: S3 would refuse every real file.
    expect(signed.url).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);

    const upload = await put(signed.url, signed.headers, body);
    expect(upload.status).toBe(200);

    const file = await get(storage.bucketUrl(request.key));
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(body);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(request.contentDisposition);
  });

  it('sube sin content-disposition cuando no se pidió', async () => {
    const request = uploadRequest({ contentDisposition: undefined, size: 4 });
    const signed = await storage.createUpload(request);
    expect(signed.headers).toEqual({ 'content-type': 'application/pdf' });

    expect((await put(signed.url, signed.headers, 'hola')).status).toBe(200);
    expect(await (await get(storage.bucketUrl(request.key))).text()).toBe('hola');
  });

  it('rechaza un archivo más largo que el tamaño declarado y no guarda nada', async () => {
    const request = uploadRequest({ size: 10 });
    const signed = await storage.createUpload(request);

    const upload = await put(signed.url, signed.headers, Buffer.alloc(11, 1));
    expect(upload.status).toBe(403);
    expect(await errorCode(upload)).toBe('SignatureDoesNotMatch');
    expect(fake.objects.has(request.key)).toBe(false);
    expect((await get(storage.bucketUrl(request.key))).status).toBe(404);
  });

  it('rechaza un archivo más corto que el tamaño declarado', async () => {
    const request = uploadRequest({ size: 10 });
    const signed = await storage.createUpload(request);

    const upload = await put(signed.url, signed.headers, Buffer.alloc(9, 1));
    expect(upload.status).toBe(403);
    expect(fake.objects.has(request.key)).toBe(false);
  });

  it.each([
    [
      'una firma alterada',
      (url: URL) => {
        const signature = url.searchParams.get('X-Amz-Signature')!;
        url.searchParams.set(
          'X-Amz-Signature',
          `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
        );
      },
    ],
    [
      'otro archivo',
      (url: URL) => {
        url.pathname = url.pathname.replace(/\.pdf$/, '.html');
      },
    ],
    [
      'un vencimiento extendido',
      (url: URL) => {
        url.searchParams.set('X-Amz-Expires', '604800');
      },
    ],
    [
      'el content-length quitado de las cabeceras firmadas',
      (url: URL) => {
        url.searchParams.set('X-Amz-SignedHeaders', 'content-disposition;content-type;host');
      },
    ],
  ])('rechaza una URL con %s', async (_case, tamper) => {
    const request = uploadRequest({ size: 4 });
    const signed = await storage.createUpload(request);
    const url = new URL(signed.url);
    tamper(url);

    const upload = await put(url.toString(), signed.headers, 'data');
    expect(upload.status).toBe(403);
    expect(await errorCode(upload)).toBe('SignatureDoesNotMatch');
    expect(fake.objects.has(request.key)).toBe(false);
  });

  it('rechaza otro tipo de archivo que el firmado', async () => {
    const request = uploadRequest({ size: 4 });
    const signed = await storage.createUpload(request);

    const upload = await put(
      signed.url,
      { ...signed.headers, 'content-type': 'text/html' },
      'data',
    );
    expect(upload.status).toBe(403);
    expect(fake.objects.has(request.key)).toBe(false);
  });

  it('rechaza una URL firmada con otra clave secreta', async () => {
    const impostor = new S3Storage(configFor(fake, { secretAccessKey: 'otra' }), () => APP_URL);
    const request = uploadRequest({ size: 4 });
    const signed = await impostor.createUpload(request);

    const upload = await put(signed.url, signed.headers, 'data');
    expect(upload.status).toBe(403);
    expect(await errorCode(upload)).toBe('SignatureDoesNotMatch');
  });

  it('rechaza una URL vencida', async () => {
    const request = uploadRequest({ size: 4, expiresInSeconds: 1 });
    const signed = await storage.createUpload(request);
    const amzDate = new URL(signed.url).searchParams.get('X-Amz-Date')!;
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    await new Promise((resolve) => setTimeout(resolve, signedAt + 1_100 - Date.now()));

    const upload = await put(signed.url, signed.headers, 'data');
    expect(upload.status).toBe(403);
    expect(await upload.text()).toContain('Request has expired');
    expect(fake.objects.has(request.key)).toBe(false);
  });

  it('exige el tamaño del archivo para firmar', async () => {
    expect(
      await domainCodeOf(
        storage.createUpload(uploadRequest({ size: undefined as unknown as number })),
      ),
    ).toBe('FILE_SIZE_REQUIRED');
  });

  it('rechaza un archivo de más de 55.777.216 bytes', async () => {
    expect(
      await domainCodeOf(
        signUpload(storage, 'tenant-a', {
          name: 'video.mp4',
          mimeType: 'video/mp4',
          via: 'note',
          size: MAX_UPLOAD_BYTES + 1,
        }),
      ),
    ).toBe('FILE_TOO_LARGE');
    expect(
      await domainCodeOf(storage.createUpload(uploadRequest({ size: MAX_UPLOAD_BYTES + 1 }))),
    ).toBe('FILE_TOO_LARGE');
  });

  it('firma la ruta pública del archivo aunque el nombre tenga acentos, espacios y comillas', async () => {
    const { key, url, headers, fileUrl } = await signUpload(storage, 'tenant-a', {
      name: "Presupuesto O'Higgins (final) ñ.txt",
      mimeType: 'text/plain',
      via: 'note',
      disposition: 'attachment',
      size: 5,
    });
    expect(url.split('?')[0]).toBe(storage.bucketUrl(key));
    // The file's permanent address is Cartera's own, which checks the reader.
    expect(fileUrl).toBe(storage.publicUrl(key));
    expect(storage.publicUrl(key).startsWith(`${APP_URL}/api/files/tenant-a/note/`)).toBe(true);
    expect(storage.keyOf(fileUrl)).toBe(key);
    expect(storage.keyOf(url)).toBe(key);

    expect((await put(url, headers, 'hola!')).status).toBe(200);
    const file = await get(storage.bucketUrl(key));
    expect(await file.text()).toBe('hola!');
    expect(file.headers.get('content-disposition')).toBe(headers['content-disposition']);
  });

  it('responde el tamaño y el tipo guardados con un HEAD, y nada cuando no hay archivo', async () => {
    const request = uploadRequest({ size: 4 });
    expect(await storage.stat(request.key)).toBeUndefined();
    const signed = await storage.createUpload(request);
    expect((await put(signed.url, signed.headers, 'data')).status).toBe(200);
    expect(await storage.stat(request.key)).toEqual({ size: 4, contentType: 'application/pdf' });
    expect(fake.log.at(-1)).toMatchObject({ method: 'HEAD', status: 200 });
  });

  it('firma una lectura por el tiempo pedido con las cabeceras con que se sirve', async () => {
    const request = uploadRequest({ size: 4 });
    const signed = await storage.createUpload(request);
    expect((await put(signed.url, signed.headers, 'data')).status).toBe(200);
    const url = new URL(
      await storage.signedReadUrl(request.key, 300, {
        contentType: 'application/octet-stream',
        contentDisposition: 'attachment; filename="x.pdf"',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(storage.bucketUrl(request.key));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="x.pdf"',
    );
    expect(await (await get(url.toString())).text()).toBe('data');
  });
});

describe('la instancia configurada con S3', () => {
  let database: TestDatabase;
  let app: TestApp;
  let tenant: Group;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    tenant = await createTenant(database.handle.db, { name: 'Ferretería Andina' });
    const user = await createUser(database.handle.db, tenant, { email: 'ana@andina.test' });
    token = await tokenFor(database.handle, user);
    app = await startTestApp(database.handle, {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: fake.url,
      S3_PUBLIC_URL: `${fake.url}/${BUCKET}`,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await database?.destroy();
  });

  async function postDocuments(body: Record<string, unknown>) {
    const response = await fetch(`${app.url}/api/aws/documents`, {
      method: 'POST',
      headers: { ...CLOSE, 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('entrega una URL del bucket y la subida llega al almacenamiento', async () => {
    const content = Buffer.from('PNG de prueba');
    const answer = await postDocuments({
      name: 'logo.png',
      mimeType: 'image/png',
      via: 'logo',
      disposition: 'inline',
      size: content.length,
    });
    expect(answer.status).toBe(200);
    const { url, key, headers, fileUrl } = answer.body as {
      url: string;
      key: string;
      headers: Record<string, string>;
      fileUrl: string;
    };
    expect(key.startsWith(`${tenant.id}/logo/`)).toBe(true);
    expect(url.startsWith(`${fake.url}/${BUCKET}/${tenant.id}/logo/`)).toBe(true);
    expect(fileUrl).toBe(`${app.url}/api/files/${key}`);

    expect((await put(url, headers, content)).status).toBe(200);
    expect(fake.objects.get(key)?.body).toEqual(content);

    // Its address checks the session, then redirects to a read signed for 5 minutes.
    expect((await get(fileUrl)).status).toBe(401);
    const redirect = await fetch(fileUrl, {
      headers: { ...CLOSE, authorization: `Bearer ${token}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(url.split('?')[0]);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    const file = await get(location.toString());
    expect(Buffer.from(await file.arrayBuffer())).toEqual(content);
    expect(file.headers.get('content-type')).toBe('image/png');
  });

  it('una foto de perfil se acepta solo cuando el HEAD encuentra el archivo del tamaño declarado', async () => {
    const content = Buffer.from('GIF89a foto');
    const answer = await postDocuments({
      name: 'yo.png',
      mimeType: 'image/png',
      via: 'profile',
      size: content.length,
    });
    const ticket = answer.body as { url: string; key: string; headers: Record<string, string> };
    const update = () =>
      typedCall(app.url, 'settings.updateProfile', { photoPath: ticket.key }, { token });

    const early = await update();
    expect(early.status).toBe(400);
    expect(early.error?.data?.domainCode).toBe('PROFILE_PHOTO_INVALID');

    expect((await put(ticket.url, ticket.headers, content)).status).toBe(200);
    const later = await update();
    expect(later.status).toBe(200);
    expect(later.data?.photo).toBe(`${app.url}/api/files/${ticket.key}`);
    expect(fake.log.some((entry) => entry.method === 'HEAD')).toBe(true);
  });

  it('sin tamaño declarado responde 400 FILE_SIZE_REQUIRED', async () => {
    const answer = await postDocuments({ name: 'logo.png', mimeType: 'image/png', via: 'logo' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'FILE_SIZE_REQUIRED',
      message: 'Debes indicar el tamaño del archivo para subirlo.',
    });
  });

  it('no recibe archivos en el propio servidor', async () => {
    const response = await put(`${app.url}/api/files/${tenant.id}/logo/x/logo.png`, {}, 'x');
    expect(response.status).toBe(404);
  });
});
