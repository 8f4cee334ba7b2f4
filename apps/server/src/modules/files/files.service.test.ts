import { describe, expect, it } from 'vitest';
import { DomainError } from '@cartera/domain/errors';
import { DEFAULT_UPLOAD_URL_TTL_SECONDS, MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import type { FileStorage, SignedUpload, UploadRequest } from '../../storage/storage';
import {
  signUpload,
  MAX_FILE_NAME_BYTES,
  safeFileName,
  ZCreateUploadInput,
  type TCreateUploadInput,
} from './files.service';

/** A storage that only remembers what it was asked to sign. */
function recordingStorage() {
  const requests: UploadRequest[] = [];
  const storage: FileStorage = {
    kind: 'local',
    async createUpload(request): Promise<SignedUpload> {
      requests.push(request);
      return { url: `https://files.test/${request.key}?firma=1`, headers: {} };
    },
    publicUrl: (key) => `https://files.test/${key}`,
    put: () => Promise.reject(new Error('not used by these tests')),
    keyOf: () => undefined,
    stat: () => Promise.reject(new Error('not used by these tests')),
    read: () => Promise.reject(new Error('not used by these tests')),
    remove: () => Promise.reject(new Error('not used by these tests')),
    signedReadUrl: () => Promise.reject(new Error('not used by these tests')),
  };
  return { storage, requests };
}

async function signedFor(input: Partial<TCreateUploadInput>) {
  const { storage, requests } = recordingStorage();
  const result = await signUpload(storage, 'tenant-a', {
    name: 'archivo.pdf',
    mimeType: 'application/pdf',
    via: 'note',
    size: 10,
    ...input,
  });
  return { result, request: requests[0]! };
}

describe('nombre de archivo seguro', () => {
  it('conserva acentos, eñes y espacios', () => {
    expect(safeFileName('Cotización Señor Núñez.pdf')).toBe('Cotización Señor Núñez.pdf');
  });

  it('unifica las tildes escritas como letra más acento combinado', () => {
    expect(safeFileName('cotizacio\u0301n.pdf')).toBe('cotización.pdf');
  });

  it('reemplaza separadores de ruta, caracteres reservados y de control', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j.txt')).toBe('a_b_c_d_e_f_g_h_i_j.txt');
    expect(safeFileName('línea\r\nnueva\u0000\u007f.txt')).toBe('línea_nueva_.txt');
  });

  it('no permite subir de carpeta ni archivos ocultos', () => {
    expect(safeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeFileName('.env')).toBe('env');
    expect(safeFileName('..')).toBe('archivo');
  });

  it('usa "archivo" cuando no queda nada del nombre', () => {
    expect(safeFileName('...')).toBe('archivo');
  });

  it('acorta los nombres largos sin pasar el límite de bytes y conserva la extensión', () => {
    const name = safeFileName(`${'ñ'.repeat(300)}.pdf`);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name).toMatch(/^ñ+\.pdf$/);
  });

  it('nunca corta un emoji por la mitad al acortar', () => {
    const name = safeFileName(`${'a'.repeat(145)}😀😀😀.png`);
    expect(name).toBe(`${'a'.repeat(145)}.png`);
    expect(() => encodeURIComponent(safeFileName(`${'a'.repeat(149)}😀😀`))).not.toThrow();
  });

  it('reemplaza mitades sueltas de emoji que no se pueden codificar', () => {
    const name = safeFileName('foto\ud83d.jpg');
    expect(name).toBe('foto_.jpg');
    expect(() => encodeURIComponent(name)).not.toThrow();
  });
});

describe('enlace firmado para subir un archivo', () => {
  it('ubica el archivo bajo la empresa, el origen y una carpeta única', async () => {
    const first = await signedFor({ name: 'Informe.pdf', via: 'note' });
    const second = await signedFor({ name: 'Informe.pdf', via: 'note' });

    expect(first.result.key).toMatch(/^tenant-a\/note\/[^/]+\/Informe\.pdf$/);
    expect(first.result.key).not.toBe(second.result.key);
    expect(first.result.maxBytes).toBe(MAX_UPLOAD_BYTES);
    expect(first.request).toMatchObject({
      key: first.result.key,
      contentType: 'application/pdf',
      contentDisposition: undefined,
      expiresInSeconds: DEFAULT_UPLOAD_URL_TTL_SECONDS,
      size: 10,
    });
  });

  it('sin tamaño declarado no firma nada: FILE_SIZE_REQUIRED', async () => {
    const { storage, requests } = recordingStorage();
    const error = await signUpload(storage, 'tenant-a', {
      name: 'a.pdf',
      mimeType: 'application/pdf',
      via: 'note',
    }).catch((caught: unknown) => caught);
    expect((error as DomainError).code).toBe('FILE_SIZE_REQUIRED');
    expect(requests).toEqual([]);
  });

  it('arma content-disposition "attachment" con nombre ASCII y nombre UTF-8 para acentos', async () => {
    const { request } = await signedFor({
      name: 'Cotización señor (1).pdf',
      disposition: 'attachment',
    });
    expect(request.contentDisposition).toBe(
      `attachment; filename="Cotizaci_n se_or (1).pdf"; ` +
        `filename*=UTF-8''Cotizaci%C3%B3n%20se%C3%B1or%20%281%29.pdf`,
    );
  });

  it('arma content-disposition "inline" aunque venga en mayúsculas', async () => {
    const { request } = await signedFor({ name: "D'Ávila.png", disposition: 'INLINE' });
    expect(request.contentDisposition).toBe(
      `inline; filename="D'_vila.png"; filename*=UTF-8''D%27%C3%81vila.png`,
    );
  });

  it('respeta un content-disposition completo enviado por el cliente', async () => {
    const { request } = await signedFor({ disposition: 'attachment; filename="x.pdf"' });
    expect(request.contentDisposition).toBe('attachment; filename="x.pdf"');
  });

  it('pasa el vencimiento pedido y el tamaño declarado al almacenamiento', async () => {
    const { request } = await signedFor({ expires: 120, size: 2_048 });
    expect(request.expiresInSeconds).toBe(120);
    expect(request.size).toBe(2_048);
  });

  it('rechaza un archivo de más de 55.777.216 bytes sin firmar nada', async () => {
    const { storage, requests } = recordingStorage();
    const error = await signUpload(storage, 'tenant-a', {
      name: 'video.mp4',
      mimeType: 'video/mp4',
      via: 'note',
      size: MAX_UPLOAD_BYTES + 1,
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('FILE_TOO_LARGE');
    expect(requests).toEqual([]);
  });

  it('acepta un archivo de exactamente 55.777.216 bytes', async () => {
    const { request } = await signedFor({ size: MAX_UPLOAD_BYTES });
    expect(request.size).toBe(MAX_UPLOAD_BYTES);
  });
});

describe('datos de la solicitud de subida', () => {
  const valid = { name: 'a.pdf', mimeType: 'application/pdf', via: 'note' };

  it('rechaza un origen que intenta salir de la carpeta', () => {
    expect(ZCreateUploadInput.safeParse({ ...valid, via: '../otra' }).success).toBe(false);
  });

  it('rechaza un content-disposition que no se puede enviar como cabecera', () => {
    const withAccent = { ...valid, disposition: 'attachment; filename="señor.pdf"' };
    const withNewLine = { ...valid, disposition: 'inline\r\nx-inyectada: 1' };
    expect(ZCreateUploadInput.safeParse(withAccent).success).toBe(false);
    expect(ZCreateUploadInput.safeParse(withNewLine).success).toBe(false);
  });

  it('rechaza un tipo de archivo con parámetros o espacios', () => {
    expect(ZCreateUploadInput.safeParse({ ...valid, mimeType: 'text/html; x=1' }).success).toBe(
      false,
    );
  });
});
