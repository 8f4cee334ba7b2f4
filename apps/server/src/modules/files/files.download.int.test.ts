import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER } from '../../testing/demo-users';

/*
 * 02 §8 URL paste: the server fetches a pasted URL's file through the outbound-URL guard and
 * stores it as an upload (issue #13 item 6). The host is a loopback server the guard lets
 * through only because this file's instance lists 127.0.0.1 (`OUTBOUND_ALLOWED_HOSTS`).
 */

const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let host: Server;
let base: string;

beforeAll(async () => {
  host = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/fotos/vista%20al%20mar.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(PNG);
    } else if (path === '/sin-tipo/plano.pdf') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end('%PDF-1.4 plano');
    } else if (path === '/pagina.html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html></html>');
    } else if (path === '/grande.mp4') {
      // Declares nothing: the server counts the bytes as they come.
      response.writeHead(200, { 'content-type': 'video/mp4' });
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent <= MAX_UPLOAD_BYTES) {
          sent += chunk.length;
          if (!response.write(chunk)) return response.once('drain', more);
        }
        response.end();
      };
      response.on('error', () => undefined);
      more();
    } else if (path === '/redirige.png') {
      response.writeHead(302, { location: '/fotos/vista%20al%20mar.png' });
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
});

const fromUrl = (url: string) => env.call(SELLER, 'file.fromUrl', { url });

describe('file.fromUrl', () => {
  it('stores the file of a pasted URL and answers it as an upload', async () => {
    const answer = await fromUrl(`${base}/fotos/vista%20al%20mar.png`);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      name: 'vista al mar.png',
      mimeType: 'image/png',
      size: PNG.length,
    });
    expect(answer.data.path).toMatch(
      new RegExp(`^${env.demo.demo.id}/channel/[0-9a-f-]+/vista al mar\\.png$`),
    );
    // Its address is read with the session; without one it is refused.
    expect((await fetch(answer.data.url)).status).toBe(401);
    const stored = await fetch(answer.data.url, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('takes the type from the name when the answer does not say it', async () => {
    const answer = await fromUrl(`${base}/sin-tipo/plano.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ name: 'plano.pdf', mimeType: 'application/pdf' });
  });

  it('refuses a failed answer, a redirect and a type a conversation does not carry', async () => {
    for (const path of ['/no-existe.png', '/redirige.png', '/pagina.html']) {
      const answer = await fromUrl(`${base}${path}`);
      expect(answer.status, path).toBe(422);
      expect(answer.error?.data, path).toMatchObject({ domainCode: 'FILE_DOWNLOAD_FAILED' });
    }
  });

  it('refuses a file over 55,777,216 bytes', async () => {
    const answer = await fromUrl(`${base}/grande.mp4`);
    expect(answer.status).toBe(413);
    expect(answer.error?.data).toMatchObject({ domainCode: 'FILE_TOO_LARGE' });
  });

  it('never calls a private address the operator did not list, nor a host that is down', async () => {
    const privateAnswer = await fromUrl('http://169.254.169.254/latest/meta-data/foto.png');
    expect(privateAnswer.error?.data).toMatchObject({ domainCode: 'OUTBOUND_URL_NOT_ALLOWED' });
    const notUrl = await fromUrl('foto.png');
    expect(notUrl.error?.data).toMatchObject({ domainCode: 'OUTBOUND_URL_NOT_ALLOWED' });
    const down = await fromUrl('http://127.0.0.1:1/foto.png');
    expect(down.error?.data).toMatchObject({ domainCode: 'FILE_DOWNLOAD_FAILED' });
  });

  it('is for those who work with contacts', async () => {
    const answer = await env.call('gestor@demo.test', 'file.fromUrl', {
      url: `${base}/fotos/vista%20al%20mar.png`,
    });
    expect(answer.status).toBe(403);
  });
});
