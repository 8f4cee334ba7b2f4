import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the providers' simulators share: the answer they give, and the loopback server that
 * serves one to the tests (each provider's `*.fake.ts`), so an adapter is exercised through its
 * real HTTP client, the outbound guard, the documented paths and auth headers.
 */
export interface SimulatedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A JSON answer. */
export function jsonAnswer(status: number, value: unknown): SimulatedResponse {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(value)),
  };
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface LoopbackServer {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every request received, oldest first (to assert auth, paths and bodies). */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/**
 * Serves a simulator's `handle` on 127.0.0.1 at a random port, recording every request. An
 * answer may be a promise: a fake holds a request until a test lets it through.
 */
export async function serveOnLoopback(
  handle: (
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Buffer,
  ) => SimulatedResponse | Promise<SimulatedResponse>,
): Promise<LoopbackServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      requests.push({ method, path, headers: request.headers, body: body.toString('utf8') });
      void Promise.resolve(handle(method, path, request.headers, body)).then(
        (answer) => {
          response.writeHead(answer.status, answer.headers);
          response.end(answer.body);
        },
        () => response.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A provider's fake of the tests: its simulator served on 127.0.0.1 by `serveSimulator`. */
export interface SimulatorFake<S> extends LoopbackServer {
  simulator: S;
}

/**
 * Serves a simulator over HTTP on 127.0.0.1 (random port), so an adapter is exercised through
 * its real HTTP client, the outbound guard and the provider's documented paths and auth.
 */
export async function serveSimulator<S extends { handle: Parameters<typeof serveOnLoopback>[0] }>(
  simulator: S,
): Promise<SimulatorFake<S>> {
  const loopback = await serveOnLoopback((...request) => simulator.handle(...request));
  return { ...loopback, simulator };
}
