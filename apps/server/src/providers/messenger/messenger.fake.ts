import { serveOnLoopback, type FakeRequest } from '../simulation';
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
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startMessengerFake(options: {
  pageAccessToken: string;
}): Promise<MessengerFake> {
  const simulator = new MessengerSimulator(options);
  const loopback = await serveOnLoopback((...request) => simulator.handle(...request));
  return {
    url: loopback.url,
    simulator,
    requests: loopback.requests,
    close: () => loopback.close(),
  };
}
