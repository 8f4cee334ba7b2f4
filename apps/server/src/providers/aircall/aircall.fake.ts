import { serveSimulator, type SimulatorFake } from '../simulation';
import {
  AircallSimulator,
  type SimulatedAircallNumber,
  type SimulatedAircallUser,
} from './aircall-simulator';

/**
 * The Aircall Public API fake of the tests: the simulator served over HTTP on 127.0.0.1 (its
 * base URL is `${url}/v1`); `requests` holds what it received.
 */
export type AircallFake = SimulatorFake<AircallSimulator>;

/**
 * Starts the fake; the webhooks it builds are posted, as Aircall does, to the URL its
 * POST /v1/webhooks was given (none until then).
 */
export async function startAircallFake(options: {
  apiId: string;
  apiToken: string;
  users: SimulatedAircallUser[];
  numbers: SimulatedAircallNumber[];
}): Promise<AircallFake> {
  const fake = await serveSimulator(new AircallSimulator(options));
  fake.simulator.deliver = async (webhook) => {
    if (!fake.simulator.webhookUrl) return;
    const response = await fetch(fake.simulator.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhook),
    });
    if (!response.ok) throw new Error(`webhook answered ${response.status}`);
  };
  return fake;
}
