import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { ADMIN } from '../../testing/demo-users';
import { noteFilesFrame, pdfUploadRequest, type UploadTicket } from '../../testing/note-files';

/*
 * The app opened on another host name than PUBLIC_URL (a LAN address, 'localhost' for
 * '127.0.0.1'): the page uploads to the host it was loaded from, and records keep the file's
 * permanent address on PUBLIC_URL (issue #35 item 7).
 */
const env = useDemoApp();

const files = noteFilesFrame(env, { firstName: 'Olga', lastName: 'Otrohost' });

/** The same server under another name: 'localhost' where PUBLIC_URL says 127.0.0.1. */
const otherHost = () => `localhost:${new URL(env.app.url).port}`;

/**
 * A request as a browser on a page of `host` sends it (through node:http, which lets the test
 * choose the Host header): its Origin, Sec-Fetch-Site and the session cookie, or a bearer token.
 */
function browserRequest(
  method: string,
  path: string,
  options: {
    host: string;
    origin: string;
    cookie?: string;
    bearer?: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<{ status: number; text: string }> {
  const target = new URL(env.app.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent: false,
        timeout: 10_000,
        headers: {
          host: options.host,
          origin: options.origin,
          'sec-fetch-site': 'same-origin',
          connection: 'close',
          ...(options.cookie ? { cookie: `cartera_session=${options.cookie}` } : {}),
          ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in 10 s')));
    request.on('error', reject);
    request.end(options.body);
  });
}

async function ticketOn(host: string, origin: string, body: string, auth: 'cookie' | 'bearer') {
  const token = await env.tokenOf(ADMIN);
  const answer = await browserRequest('POST', '/api/aws/documents', {
    host,
    origin,
    ...(auth === 'cookie' ? { cookie: token } : { bearer: token }),
    headers: { 'content-type': 'application/json' },
    body: pdfUploadRequest('lista de precios.pdf', body),
  });
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text) as UploadTicket;
}

describe('subir archivos desde otro nombre del servidor', () => {
  it('la página abierta en otro host sube allí y la nota guarda la dirección canónica', async () => {
    const body = '%PDF-1.7 lista de precios';
    const host = otherHost();
    const origin = `http://${host}`;
    const token = await env.tokenOf(ADMIN);

    const ticket = await ticketOn(host, origin, body, 'cookie');
    const path = `/api/files/${ticket.key.split('/').map(encodeURIComponent).join('/')}`;
    // The upload goes to the page's own origin; the permanent address stays on PUBLIC_URL.
    expect(ticket.url.split('?')[0]).toBe(`${origin}${path}`);
    expect(ticket.fileUrl).toBe(`${env.app.url}${path}`);

    const put = await browserRequest('PUT', ticket.url.slice(origin.length), {
      host,
      origin,
      cookie: token,
      headers: ticket.headers,
      body,
    });
    expect(put.status).toBe(200);

    // The page names the file on its own host: the note is accepted and keeps the canonical one.
    const id = newId();
    const note = await env.call(ADMIN, 'interaction.createNote', {
      contactId: files.contact.id,
      id,
      body: 'Te paso la lista de precios',
      files: [
        {
          name: 'lista de precios.pdf',
          url: `${origin}${path}`,
          mimeType: 'application/pdf',
          size: Buffer.byteLength(body),
        },
      ],
    });
    expect(note.status).toBe(200);
    const stored = await env.interactionById(id);
    const content = stored?.content as { files: Array<{ url: string }> } | undefined;
    expect(content?.files.map((file) => file.url)).toEqual([ticket.fileUrl]);

    const read = await browserRequest('GET', path, { host, origin, cookie: token });
    expect(read.status).toBe(200);
    expect(read.text).toBe(body);
  });

  it('a una página de otro sitio le responde un enlace relativo, nunca el de otro origen', async () => {
    const ticket = await ticketOn(otherHost(), 'https://otro-sitio.example', 'hola', 'bearer');
    expect(ticket.url).toMatch(/^\/api\/files\/[^?]+\?expires=/);
    expect(ticket.fileUrl).toBe(`${env.app.url}${ticket.url.split('?')[0]}`);
  });
});
