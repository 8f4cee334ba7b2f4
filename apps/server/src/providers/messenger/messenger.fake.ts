import { serveSimulator, type SimulatorFake } from '../simulation';
import { MessengerSimulator } from './messenger-simulator';

/**
 * The Messenger / Instagram Send API fake of the tests: the simulator served over HTTP on
 * 127.0.0.1, the Page token header checked by it; `requests` holds what it received (to assert
 * auth, paths and bodies).
 */
export type MessengerFake = SimulatorFake<MessengerSimulator>;

export function startMessengerFake(options: { pageAccessToken: string }): Promise<MessengerFake> {
  return serveSimulator(new MessengerSimulator(options));
}
