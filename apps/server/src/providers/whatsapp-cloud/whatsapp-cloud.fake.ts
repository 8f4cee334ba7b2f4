import { serveOnLoopback, type FakeRequest } from '../simulation';
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
  requests: FakeRequest[];
  /**
   * Holds every look-up of this media id (`GET /{media-id}`) until the answer is let through:
   * while held, the customer's file is still being fetched.
   */
  holdMedia(mediaId: string): () => void;
  close(): Promise<void>;
}

export async function startWhatsappCloudFake(
  options: Omit<GraphSimulatorOptions, 'origin'>,
): Promise<WhatsappCloudFake> {
  // The simulator is built once the port is known (its media URLs name it); no request comes
  // before that.
  const holder: { simulator?: GraphSimulator } = {};
  const held = new Map<string, Promise<void>>();
  const loopback = await serveOnLoopback(async (...request) => {
    const [method, path] = request;
    const lookup = method === 'GET' ? /^\/v\d+\.\d+\/([^/?]+)/.exec(path)?.[1] : undefined;
    const wait = lookup === undefined ? undefined : held.get(lookup);
    if (wait) await wait;
    return holder.simulator!.handle(...request);
  });
  const simulator = new GraphSimulator({ ...options, origin: loopback.url });
  holder.simulator = simulator;
  return {
    url: loopback.url,
    simulator,
    requests: loopback.requests,
    holdMedia(mediaId) {
      let release = () => {};
      held.set(
        mediaId,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        held.delete(mediaId);
        release();
      };
    },
    close: () => loopback.close(),
  };
}
