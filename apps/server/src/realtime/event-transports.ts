import type { DatabaseHandle } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { Logger } from '../logger';
import { EVENTS_CHANNEL, type AnnouncedEvent } from './event-sequencer';
import { keepListening } from './kept-listen';

/*
 * How numbered events travel from the instance that numbered them to every instance's bus
 * (issue #37). Three transports, one contract: `publish` is called after the events committed,
 * oldest first; every instance's `receive` gets them, possibly late, repeated or out of order
 * across publishers (the bus and the streams restore order from the ids), and `onGap` says some
 * may have been missed (a lost connection), so subscribers catch up from the log.
 */

export type EventTransportKind = 'memory' | 'postgres' | 'redis';

export interface TransportReceiver {
  receive(event: AnnouncedEvent): void;
  onGap(): void;
}

export interface EventTransport {
  readonly kind: EventTransportKind;
  /** True when the numbering statement NOTIFYs and `publish` has nothing left to do. */
  readonly notifies: boolean;
  start(receiver: TransportReceiver): Promise<void>;
  publish(events: DomainEventRow[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One process: the embedded database's default. Instances of one process sharing a database
 * (tests) share the channel, keyed by the database they use.
 */
const memoryChannels = new Map<unknown, Set<TransportReceiver>>();

export function memoryTransport(database: DatabaseHandle): EventTransport {
  const key = database.pglite ?? database.connectionString ?? database;
  let receiver: TransportReceiver | undefined;
  return {
    kind: 'memory',
    notifies: false,
    async start(next) {
      receiver = next;
      let set = memoryChannels.get(key);
      if (!set) {
        set = new Set();
        memoryChannels.set(key, set);
      }
      set.add(next);
    },
    async publish(events) {
      for (const each of memoryChannels.get(key) ?? [])
        for (const event of events) each.receive(event);
    },
    async stop() {
      const set = memoryChannels.get(key);
      if (receiver) set?.delete(receiver);
      if (set?.size === 0) memoryChannels.delete(key);
    },
  };
}

/**
 * PostgreSQL's NOTIFY, issued by the numbering statement (outside the change's transaction):
 * several instances without Redis. A lost listening connection is a gap.
 */
export function postgresTransport(database: DatabaseHandle, logger: Logger): EventTransport {
  let stopListening: (() => Promise<void>) | undefined;
  return {
    kind: 'postgres',
    notifies: true,
    async start(receiver) {
      stopListening = await keepListening(
        database,
        EVENTS_CHANNEL,
        (payload) => {
          const event = parseAnnouncement(payload);
          if (event) receiver.receive(event);
        },
        { logger, label: 'realtime', onBack: () => receiver.onGap() },
      );
    },
    async publish() {},
    async stop() {
      await stopListening?.();
      stopListening = undefined;
    },
  };
}

/** An announcement as JSON (NOTIFY's payload, a Redis message), or nothing when it is not one. */
export function parseAnnouncement(payload: string): AnnouncedEvent | undefined {
  try {
    const parsed = JSON.parse(payload) as AnnouncedEvent;
    return typeof parsed.tenantId === 'string' && Number.isSafeInteger(parsed.id)
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}
