import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  connectionData,
  evolutionEnvelope,
  EvolutionSimulator,
  upsertData,
} from './evolution-simulator';

/**
 * The Evolution API v2 gateway fake of the tests: the simulator served over HTTP on 127.0.0.1
 * (random port), so the adapter runs through its real HTTP client and the outbound guard. It
 * also acts as the gateway towards Cartera: it switches an instance's session and posts the
 * CONNECTION_UPDATE and MESSAGES_UPSERT webhooks to the instance's webhook URL.
 */
export interface EvolutionFake {
  url: string;
  simulator: EvolutionSimulator;
  requests: Array<{
    method: string;
    path: string;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>;
  /** The phone scanned the QR: the session opens and the gateway says so. */
  open(instance: string): Promise<Response>;
  /** The session ends (the phone unlinked it). */
  close(instance: string, statusReason?: number): Promise<Response>;
  /** A customer writes to the instance's number. */
  customerWrites(instance: string, message: Parameters<typeof upsertData>[0]): Promise<Response>;
  /** Posts any envelope to the instance's webhook, with its key (or another). */
  post(instance: string, event: string, data: unknown, apikey?: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startEvolutionFake(options: { apiKey: string }): Promise<EvolutionFake> {
  const simulator = new EvolutionSimulator(options);
  const requests: EvolutionFake['requests'] = [];
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

  const post: EvolutionFake['post'] = (instance, event, data, apikey) => {
    const named = simulator.instances.get(instance);
    if (!named?.webhookUrl) throw new Error(`instance ${instance} has no webhook`);
    return fetch(named.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(evolutionEnvelope(event, instance, apikey ?? named.token, data)),
    });
  };
  const setState = (instance: string, state: 'open' | 'close', reason: number) => {
    const named = simulator.instances.get(instance);
    if (!named) throw new Error(`no instance ${instance}`);
    named.state = state;
    return post(instance, 'connection.update', connectionData(instance, state, reason));
  };

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    simulator,
    requests,
    open: (instance) => setState(instance, 'open', 200),
    close: (instance, statusReason = 401) => setState(instance, 'close', statusReason),
    customerWrites: (instance, message) => post(instance, 'messages.upsert', upsertData(message)),
    post,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
