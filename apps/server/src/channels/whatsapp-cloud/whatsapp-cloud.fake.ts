import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphSimulator, type GraphSimulatorOptions } from './graph-simulator';

/**
 * The WhatsApp Cloud API fake of the tests: the Graph simulator served over HTTP on 127.0.0.1
 * (random port), so the adapter is exercised through its real HTTP client, the outbound guard
 * and the provider's documented paths and auth headers.
 */
export interface WhatsappCloudFake {
  url: string;
  simulator: GraphSimulator;
  /** Requests received, with their path and headers (to assert auth and paths). */
  requests: Array<{ method: string; path: string; headers: http.IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export async function startWhatsappCloudFake(
  options: Omit<GraphSimulatorOptions, 'origin'>,
): Promise<WhatsappCloudFake> {
  const requests: WhatsappCloudFake['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
      const answer = simulator.handle(
        request.method ?? 'GET',
        path,
        request.headers,
        Buffer.concat(chunks),
      );
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Built once the port is known (its media URLs name it); requests come only after this.
  const simulator = new GraphSimulator({ ...options, origin: url });
  return {
    url,
    simulator,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
