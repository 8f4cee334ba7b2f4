import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TwilioSimulator } from './twilio-simulator';

/**
 * The Twilio Messages API fake of the tests: the simulator served over HTTP on 127.0.0.1
 * (random port), so the adapter is exercised through its real HTTP client, the outbound guard,
 * the documented path, HTTP Basic and the form-encoded body.
 */
export interface TwilioFake {
  url: string;
  simulator: TwilioSimulator;
  /** Requests received, with their path, headers and body (to assert auth, paths and bodies). */
  requests: Array<{
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>;
  close(): Promise<void>;
}

export async function startTwilioFake(options: {
  accountSid: string;
  authToken: string;
  numbers: string[];
}): Promise<TwilioFake> {
  const simulator = new TwilioSimulator(options);
  const requests: TwilioFake['requests'] = [];
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
