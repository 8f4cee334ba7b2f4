import type { DatabaseHandle } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { Logger } from '../logger';
import { eventsAfter, findEvent, lastIdsOf } from './event-store';
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

/** How long an event that came ahead of its predecessor waits for it before the log is read. */
const REORDER_WAIT_MS = 50;
/** A failed read of the log is tried again after this long (then twice as long, up to 5 s). */
const FILL_RETRY_MS = 250;
const FILL_RETRY_MAX_MS = 5_000;
const FILL_PAGE = 500;

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
 * commit and publish) is read from the log and delivered.
 *
 * Each tenant's events reach its subscribers in id order without holes (ids are consecutive per
 * tenant, event-sequencer.ts): an event that comes ahead of its predecessor (another instance
 * published that one, and it is still on its way) waits a moment for it; if it does not come,
 * the bus reads the missing ones from the log, once for all of the tenant's subscribers here,
 * never once per subscriber (a thousand subscribers' catch-ups at once would empty the pool).
 */
export class EventBus {
  private readonly subscribers = new Map<string, Set<EventSubscriber>>();
  private readonly transport: EventTransport;
  /** Per subscribed tenant: the last event id delivered here, and the last one counted. */
  private readonly delivered = new Map<string, number>();
  private readonly counted = new Map<string, number>();
  /** Per tenant: events that came ahead of one not yet delivered, by id. */
  private readonly ahead = new Map<string, Map<number, DomainEventRow>>();
  /** Per tenant: the pending read of the log that fills a hole. */
  private readonly fills = new Map<string, NodeJS.Timeout>();
  private readonly fillRetries = new Map<string, number>();
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
      onGap: () => this.fillAll(),
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
    for (const timer of this.fills.values()) clearTimeout(timer);
    this.fills.clear();
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
        this.ahead.delete(subscriber.tenantId);
        this.fillRetries.delete(subscriber.tenantId);
        clearTimeout(this.fills.get(subscriber.tenantId));
        this.fills.delete(subscriber.tenantId);
      }
    };
  }

  /**
   * The last event of the tenant handed to this instance's subscribers, when the tenant has
   * some: a new subscriber gets every later one from the bus, so it may start there without
   * asking the database.
   */
  lastDelivered(tenantId: string): number | undefined {
    return this.subscribers.get(tenantId)?.size ? this.delivered.get(tenantId) : undefined;
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
        this.scheduleFill(tenantId, 0);
      }
    }
  }

  /** The transport may have missed some (its connection dropped): every tenant reads the log. */
  private fillAll() {
    for (const tenantId of this.subscribers.keys()) this.scheduleFill(tenantId, 0);
  }

  /** Reads the tenant's log after what was delivered here, in `ms` (once, however often asked). */
  private scheduleFill(tenantId: string, ms: number) {
    if (this.fills.has(tenantId)) return;
    const timer = setTimeout(() => {
      this.chain = this.chain.then(() => this.fill(tenantId));
    }, ms);
    timer.unref();
    this.fills.set(tenantId, timer);
  }

  /**
   * Delivers what the log holds after the last event delivered here: the hole before an event
   * that came ahead, or events never published. A failed read is tried again later; the
   * subscribers are told only if the log stays unreadable (each then catches up itself).
   */
  private async fill(tenantId: string): Promise<void> {
    this.fills.delete(tenantId);
    const set = this.subscribers.get(tenantId);
    const delivered = this.delivered.get(tenantId);
    if (!set?.size) return;
    if (delivered === undefined) {
      // Nothing delivered here yet to read after: each subscriber reads after its own cursor.
      for (const each of set) each.onGap();
      return;
    }
    try {
      let after = delivered;
      for (;;) {
        const page = await eventsAfter(this.database.db, tenantId, after, { limit: FILL_PAGE });
        for (const event of page) this.accept(event);
        if (page.length < FILL_PAGE) break;
        after = page.at(-1)!.id;
      }
      this.fillRetries.delete(tenantId);
      // Whatever is still ahead was read after the log (committed since): delivered in order.
      const ahead = this.ahead.get(tenantId);
      if (ahead?.size) {
        for (const id of [...ahead.keys()].sort((a, b) => a - b)) {
          const event = ahead.get(id)!;
          ahead.delete(id);
          this.accept(event, true);
        }
      }
    } catch (error) {
      const tries = (this.fillRetries.get(tenantId) ?? 0) + 1;
      this.fillRetries.set(tenantId, tries);
      const wait = Math.min(FILL_RETRY_MS * 2 ** (tries - 1), FILL_RETRY_MAX_MS);
      this.logger.warn({ err: error, tenantId, tries }, 'realtime: could not read missed events');
      if (wait >= FILL_RETRY_MAX_MS) for (const each of set) each.onGap();
      this.scheduleFill(tenantId, wait);
    }
  }

  /**
   * Hands one event to the tenant's subscribers if it is the next one; keeps it if it came ahead
   * (and asks for the hole to be read unless it fills soon); drops what was delivered already.
   * `force` delivers an event ahead anyway (the log had nothing before it).
   */
  private accept(event: DomainEventRow, force = false) {
    const { tenantId } = event;
    const set = this.subscribers.get(tenantId);
    if (!set?.size) return;
    const delivered = this.delivered.get(tenantId);
    if (delivered !== undefined && event.id <= delivered) return;
    if (delivered !== undefined && event.id > delivered + 1 && !force) {
      let ahead = this.ahead.get(tenantId);
      if (!ahead) this.ahead.set(tenantId, (ahead = new Map()));
      ahead.set(event.id, event);
      this.scheduleFill(tenantId, REORDER_WAIT_MS);
      return;
    }
    this.delivered.set(tenantId, event.id);
    for (const each of set) each.onEvent(event);
    // The ones that waited for it, as long as they follow on.
    const ahead = this.ahead.get(tenantId);
    let next = ahead?.get(event.id + 1);
    while (ahead && next) {
      ahead.delete(next.id);
      this.delivered.set(tenantId, next.id);
      for (const each of set) each.onEvent(next);
      next = ahead.get(next.id + 1);
    }
    if (ahead && ahead.size === 0) this.ahead.delete(tenantId);
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
      this.accept(event);
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: could not load an announced event');
      this.scheduleFill(announced.tenantId, FILL_RETRY_MS);
    }
  }
}
