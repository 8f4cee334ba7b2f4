import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MessengerSimulator } from './messenger-simulator';

/**
 * The Messenger / Instagram Send API fake of the tests: the simulator served over HTTP on
 * 127.0.0.1 (random port), so the adapter is exercised through its real HTTP client, the
 * outbound guard, the documented path and the Page token header.
 */
export interface MessengerFake {
  url: string;
  simulator: MessengerSimulator;
  /** Requests received, with their path, headers and body (to assert auth, paths and bodies). */
  requests: Array<{
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>;
  close(): Promise<void>;
}

export async function startMessengerFake(options: {
  pageAccessToken: string;
}): Promise<MessengerFake> {
  const simulator = new MessengerSimulator(options);
  const requests: MessengerFake['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      requests.push({
        method: request.method ?? 'GET',
        path,
        headers: request.headers,
        body: body.toString('utf8'),
      });
      const answer = simulator.handle(request.method ?? 'GET', path, request.headers, body);
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    simulator,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
