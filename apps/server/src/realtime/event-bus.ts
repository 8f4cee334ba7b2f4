import type { DatabaseHandle } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { Logger } from '../logger';
import { findEvent, lastIdsOf } from './event-store';
import { sequencerOf, type AnnouncedEvent } from './event-sequencer';
import {
  memoryTransport,
  postgresTransport,
  type EventTransport,
  type EventTransportKind,
} from './event-transports';
import { redisTransport, requiredRedisUrl } from './redis-transport';

export interface EventSubscriber {
  readonly tenantId: string;
  onEvent(event: DomainEventRow): void;
  /** Some notifications may have been missed (the listening connection dropped): catch up. */
  onGap(): void;
}

export interface EventBusOptions {
  /** How events travel between instances; default: 'memory' on PGlite, 'postgres' on a server. */
  transport?: EventTransportKind | undefined;
  /** The Redis server of the 'redis' transport. */
  redisUrl?: string | undefined;
  /** How often the sweeper and the reconciliation run (ms). */
  maintenanceMs?: number;
}

/**
 * One per server instance: hands each event its transport brings to the local subscribers of
 * its tenant. The change's instance numbers the event after commit (event-sequencer.ts) and
 * publishes it through the transport, so an event caused through any instance reaches
 * subscribers connected to all of them. Every `maintenanceMs` it moves pending events a dead
 * process left (the sweeper), and compares each subscribed tenant's last event with the last it
 * delivered: one committed a round earlier and never delivered (its publisher died between
 * commit and publish) makes that tenant's subscribers catch up from the log.
 */
export class EventBus {
  private readonly subscribers = new Map<string, Set<EventSubscriber>>();
  private readonly transport: EventTransport;
  /** Per subscribed tenant: the last event id delivered here, and the last one counted. */
  private readonly delivered = new Map<string, number>();
  private readonly counted = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  /** Events are handled one after the other so subscribers see them in the order received. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
    private readonly options: EventBusOptions = {},
  ) {
    const kind = options.transport ?? (database.kind === 'pglite' ? 'memory' : 'postgres');
    this.transport =
      kind === 'memory'
        ? memoryTransport(database)
        : kind === 'redis'
          ? redisTransport(requiredRedisUrl(options.redisUrl), logger)
          : postgresTransport(database, logger);
  }

  get transportKind(): EventTransportKind {
    return this.transport.kind;
  }

  async start(): Promise<void> {
    await this.transport.start({
      receive: (event) => {
        this.chain = this.chain.then(() => this.deliver(event));
      },
      onGap: () => this.gap(),
    });
    const { transport, logger } = this;
    sequencerOf(this.database.db).usePublisher({
      notifies: transport.notifies,
      logger,
      publish: (events) =>
        transport.publish(events).catch((error: unknown) => {
          // Committed but not published: the reconciliation makes subscribers catch up.
          logger.warn({ err: error }, 'realtime: could not publish events');
        }),
    });
    this.started = true;
    const every = this.options.maintenanceMs ?? 5_000;
    this.timer = setInterval(() => void this.maintain(), every);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.started) sequencerOf(this.database.db).usePublisher(undefined);
    this.started = false;
    await this.transport.stop();
    await this.chain;
  }

  subscribe(subscriber: EventSubscriber): () => void {
    let set = this.subscribers.get(subscriber.tenantId);
    if (!set) {
      set = new Set();
      this.subscribers.set(subscriber.tenantId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0) {
        this.subscribers.delete(subscriber.tenantId);
        this.delivered.delete(subscriber.tenantId);
        this.counted.delete(subscriber.tenantId);
      }
    };
  }

  /** Local subscriber count, for health output and tests. */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  /** One round of the sweeper and the reconciliation (also run by the timer). */
  async maintain(): Promise<void> {
    try {
      await sequencerOf(this.database.db).sweep();
      await this.reconcile();
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: maintenance failed');
    }
  }

  private async reconcile(): Promise<void> {
    const tenants = [...this.subscribers.keys()];
    if (!tenants.length) return;
    const counters = await lastIdsOf(this.database.db, tenants);
    for (const tenantId of tenants) {
      const last = counters.get(tenantId) ?? 0;
      const delivered = this.delivered.get(tenantId);
      const counted = this.counted.get(tenantId);
      this.counted.set(tenantId, last);
      // A tenant's first round: its subscribers read the log as they started.
      if (delivered === undefined) {
        this.delivered.set(tenantId, last);
        continue;
      }
      if (counted !== undefined && counted > delivered) {
        this.logger.warn({ tenantId, delivered, counted }, 'realtime: events not published');
        this.delivered.set(tenantId, counted);
        for (const each of this.subscribers.get(tenantId) ?? []) each.onGap();
      }
    }
  }

  private gap() {
    for (const set of this.subscribers.values()) for (const each of set) each.onGap();
  }

  private async deliver(announced: AnnouncedEvent): Promise<void> {
    const set = this.subscribers.get(announced.tenantId);
    if (!set?.size) return;
    try {
      // The row travels with the announcement unless it was too large to fit.
      const event =
        announced.type === undefined
          ? await findEvent(this.database.db, announced.tenantId, announced.id)
          : { ...announced, createdAt: new Date(announced.createdAt) };
      if (!event) return;
      const delivered = this.delivered.get(event.tenantId);
      if (delivered !== undefined && event.id > delivered)
        this.delivered.set(event.tenantId, event.id);
      for (const each of set) each.onEvent(event);
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: could not load an announced event');
      for (const each of set) each.onGap();
    }
  }
}
