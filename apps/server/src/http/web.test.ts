import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web';

// A small build as apps/web's `vite build` writes it: hashed assets with their `.br` and `.gz`
// copies, and index.html with its own.
const script = `console.log(${JSON.stringify('Cartera '.repeat(400))});\n`;
const page = `<!doctype html><html lang="es"><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

let folder: string;
let app: FastifyInstance;

function writeWithCopies(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'cartera-web-'));
  mkdirSync(join(folder, 'assets'));
  writeWithCopies(join(folder, 'assets', 'index-Ab12Cd34.js'), script);
  writeWithCopies(join(folder, 'index.html'), page);
  app = Fastify();
  await registerWebApp(app, folder);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('aplicación web servida por el servidor', () => {
  it('envía un archivo con hash comprimido con brotli y guardado en caché para siempre', async () => {
    const response = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('envía gzip a un navegador que no acepta brotli, y el archivo tal cual sin compresión', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('index.html llega comprimido pero se vuelve a pedir siempre (sin caché inmutable)', async () => {
    for (const url of ['/index.html', '/login', '/contacts/123']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(page);
    }
  });
});
