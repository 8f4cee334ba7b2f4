import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { parseAnnouncement, type EventTransport } from './event-transports';

/** The pub/sub channel every instance subscribes to. */
export const REDIS_EVENTS_CHANNEL = 'cartera:events';

/** The 'redis' transport needs REDIS_URL; without it the server does not start. */
export function requiredRedisUrl(url: string | undefined): string {
  if (!url) throw new Error('EVENT_BUS=redis needs REDIS_URL (redis://host:port)');
  return url;
}

/**
 * Redis pub/sub: many instances, with the notification lock of PostgreSQL left out of every
 * write. Pub/sub keeps nothing for a subscriber that is away, so the log stays the catch-up:
 * when the subscribing connection comes back after a loss, subscribers catch up from it; an
 * event whose publish failed (Redis down) is found by the bus's reconciliation.
 */
export function redisTransport(url: string, logger: Logger): EventTransport {
  // A publish while Redis is away fails at once rather than holding the write that caused it
  // (the change is committed; the reconciliation delivers it), and never waits more than 2 s.
  const publisher = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 2_000,
    connectionName: 'cartera-publish',
  });
  const subscriber = new Redis(url, { lazyConnect: true, connectionName: 'cartera-subscribe' });
  for (const [connection, label] of [
    [publisher, 'publish'],
    [subscriber, 'subscribe'],
  ] as const) {
    // ioredis reconnects by itself; an error must not crash the process.
    connection.on('error', (error: Error) => {
      logger.warn({ err: error }, `realtime: redis ${label} connection error`);
    });
  }
  return {
    kind: 'redis',
    notifies: false,
    async start(receiver) {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (channel: string, message: string) => {
        if (channel !== REDIS_EVENTS_CHANNEL) return;
        const event = parseAnnouncement(message);
        if (event) receiver.receive(event);
      });
      let lost = false;
      subscriber.on('close', () => {
        lost = true;
      });
      // ioredis subscribes again on reconnection; whatever was published meanwhile was missed.
      subscriber.on('ready', () => {
        if (!lost) return;
        lost = false;
        logger.info('realtime: redis subscription back');
        receiver.onGap();
      });
      await subscriber.subscribe(REDIS_EVENTS_CHANNEL);
    },
    async publish(events) {
      const pipeline = publisher.pipeline();
      for (const event of events) pipeline.publish(REDIS_EVENTS_CHANNEL, JSON.stringify(event));
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error)?.[0];
      if (failed) throw failed;
    },
    async stop() {
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
