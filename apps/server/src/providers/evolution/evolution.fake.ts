import { serveOnLoopback, type FakeRequest } from '../simulation';
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
  requests: FakeRequest[];
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

export async function startEvolutionFake(options: {
  apiKey: string;
  /** Awaited after each webhook is answered (a test waits for Cartera to take it in). */
  afterPost?: () => Promise<void>;
}): Promise<EvolutionFake> {
  const simulator = new EvolutionSimulator(options);
  const loopback = await serveOnLoopback((...request) => simulator.handle(...request));

  const post: EvolutionFake['post'] = async (instance, event, data, apikey) => {
    const named = simulator.instances.get(instance);
    if (!named?.webhookUrl) throw new Error(`instance ${instance} has no webhook`);
    const response = await fetch(named.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(evolutionEnvelope(event, instance, apikey ?? named.token, data)),
    });
    await options.afterPost?.();
    return response;
  };
  const setState = (instance: string, state: 'open' | 'close', reason: number) => {
    const named = simulator.instances.get(instance);
    if (!named) throw new Error(`no instance ${instance}`);
    named.state = state;
    return post(instance, 'connection.update', connectionData(instance, state, reason));
  };

  return {
    url: loopback.url,
    simulator,
    requests: loopback.requests,
    open: (instance) => setState(instance, 'open', 200),
    close: (instance, statusReason = 401) => setState(instance, 'close', statusReason),
    customerWrites: (instance, message) => post(instance, 'messages.upsert', upsertData(message)),
    post,
    stop: () => loopback.close(),
  };
}
