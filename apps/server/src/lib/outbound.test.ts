import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound, isPublicAddress, outboundRequest, outboundStream } from './outbound';

/*
 * The outbound-URL guard: the server calls a tenant-configured address only when it is public
 * (or the operator exempted its host), never its own private network.
 */
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits += 1;
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    } else if (request.url === '/big') {
      response.end('x'.repeat(4096));
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => configureOutbound({ allowedHosts: [] }));

const refusal = { code: 'OUTBOUND_URL_NOT_ALLOWED' };

describe('guardia de direcciones salientes', () => {
  it('distingue direcciones públicas de las privadas, locales y reservadas', () => {
    for (const address of [
      '8.8.8.8',
      '190.64.1.1',
      '2800:3f0:4002::200e',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '64:ff9b::7f00:1',
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::a00:1', // IPv4-compatible 10.0.0.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:808:808::1', // 6to4, even of a public IPv4 address
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      'fec0::1', // site-local
      'feff::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('no llama a la red privada: direcciones literales, nombres que resuelven a ella, otros esquemas', async () => {
    const before = hits;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::7f00:1]:${port}/`,
      'http://[2002:7f00:1::1]/',
      'http://[fec0::1]/',
      `http://2130706433:${port}/`, // 127.0.0.1 written as a number
      `http://0.0.0.0:${port}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/',
      `http://user:secret@127.0.0.1:${port}/`,
      'ftp://example.com/file',
      'file:///etc/passwd',
      'no es una dirección',
    ]) {
      await expect(outboundRequest(url), url).rejects.toMatchObject(refusal);
    }
    expect(hits).toBe(before);
  });

  it('llama a un host que el operador exceptuó, y no sigue redirecciones', async () => {
    configureOutbound({ allowedHosts: ['127.0.0.1'] });
    const answer = await outboundRequest(`http://127.0.0.1:${port}/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(answer).toMatchObject({ status: 200, ok: true, text: '{"ok":true}' });
    const redirect = await outboundRequest(`http://127.0.0.1:${port}/redirect`);
    expect(redirect).toMatchObject({ status: 302, ok: false });
    // An exemption names a host, not every name that resolves to it.
    await expect(outboundRequest(`http://localhost:${port}/`)).rejects.toMatchObject(refusal);
  });

  it('corta una respuesta más larga que el máximo', async () => {
    configureOutbound({ allowedHosts: ['127.0.0.1'] });
    await expect(
      outboundRequest(`http://127.0.0.1:${port}/big`, { maxBytes: 1024 }),
    ).rejects.toThrow(/longer than 1024 bytes/);
  });

  it('un origen exceptuado (el falso de la demo) deja pasar solo ese puerto, también en streaming', async () => {
    configureOutbound({ allowedHosts: [], allowedOrigins: [`http://127.0.0.1:${port}/v1`] });
    const stream = await outboundStream(`http://127.0.0.1:${port}/big`, { maxBytes: 8192 });
    let received = 0;
    for await (const chunk of stream.body) received += chunk.length;
    expect({ status: stream.status, received }).toEqual({ status: 200, received: 4096 });
    // Another port of the same host stays refused, before any connection.
    await expect(outboundRequest(`http://127.0.0.1:${port + 1}/`)).rejects.toMatchObject(refusal);
    await expect(outboundStream(`http://127.0.0.1:${port + 1}/`, {})).rejects.toMatchObject(
      refusal,
    );
    const before = hits;
    await expect(outboundStream('http://10.0.0.1/', {})).rejects.toMatchObject(refusal);
    expect(hits).toBe(before);
  });

  it('el streaming corta una respuesta más larga que el máximo', async () => {
    configureOutbound({ allowedHosts: ['127.0.0.1'] });
    const stream = await outboundStream(`http://127.0.0.1:${port}/big`, { maxBytes: 1024 });
    const read = async () => {
      for await (const chunk of stream.body) void chunk;
    };
    await expect(read()).rejects.toThrow(/longer than 1024 bytes/);
  });
});
