import type { DatabaseHandle } from '@cartera/db/client';
import type { Logger } from '../logger';

export interface KeptListenOptions {
  logger: Logger;
  /** Names the listener in the log ('realtime', 'sessions'). */
  label: string;
  /** The connection was lost: notifications are being missed until `onBack`. */
  onLost?: () => void;
  /** Listening again after a loss: whatever was announced in between was missed. */
  onBack?: () => void;
}

/**
 * LISTENs on a channel for as long as it runs. When the listening connection is lost it says so,
 * reconnects after min(250 · 2^n, 10,000) ms until it succeeds, and says when it is back, so the
 * caller can make up for what it missed. Resolves once listening; the result stops it.
 */
export async function keepListening(
  database: DatabaseHandle,
  channel: string,
  onMessage: (payload: string) => void,
  options: KeptListenOptions,
): Promise<() => Promise<void>> {
  const { logger, label } = options;
  let running = true;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  const listen = async () => {
    stopListening = await database.listen(channel, onMessage, { onLost: lost });
    attempts = 0;
  };

  function lost(error: Error) {
    stopListening = undefined;
    if (!running) return;
    logger.warn({ err: error }, `${label}: listen connection lost, reconnecting`);
    options.onLost?.();
    reconnect();
  }

  function reconnect() {
    const delay = Math.min(250 * 2 ** attempts, 10_000);
    attempts += 1;
    timer = setTimeout(() => {
      listen()
        .then(() => {
          logger.info(`${label}: listening again`);
          options.onBack?.();
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, `${label}: reconnect failed`);
          if (running) reconnect();
        });
    }, delay);
  }

  await listen();
  return async () => {
    running = false;
    clearTimeout(timer);
    await stopListening?.();
    stopListening = undefined;
  };
}
