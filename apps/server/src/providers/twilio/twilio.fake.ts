import { serveSimulator, type SimulatorFake } from '../simulation';
import { TwilioSimulator } from './twilio-simulator';

/**
 * The Twilio Messages API fake of the tests: the simulator served over HTTP on 127.0.0.1, HTTP
 * Basic and the form-encoded body checked by it; `requests` holds what it received (to assert
 * auth, paths and bodies).
 */
export type TwilioFake = SimulatorFake<TwilioSimulator>;

export function startTwilioFake(options: {
  accountSid: string;
  authToken: string;
  numbers: string[];
}): Promise<TwilioFake> {
  return serveSimulator(new TwilioSimulator(options));
}
