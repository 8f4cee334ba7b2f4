import { serveOnLoopback, type FakeRequest } from '../simulation';
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
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startTwilioFake(options: {
  accountSid: string;
  authToken: string;
  numbers: string[];
}): Promise<TwilioFake> {
  const simulator = new TwilioSimulator(options);
  const loopback = await serveOnLoopback((...request) => simulator.handle(...request));
  return {
    url: loopback.url,
    simulator,
    requests: loopback.requests,
    close: () => loopback.close(),
  };
}
