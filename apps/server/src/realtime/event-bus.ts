import type { DatabaseHandle } from '@cartera/db/client';
import type { DomainEventRow } from '@cartera/db/schema';
import type { Logger } from '../logger';
import { EVENTS_CHANNEL, findEvent, type AnnouncedEvent } from './event-store';
import { keepListening } from './kept-listen';

export interface EventSubscriber {
  readonly tenantId: string;
  onEvent(event: DomainEventRow): void;
  /** Some notifications may have been missed (the listening connection dropped): catch up. */
  onGap(): void;
}

/**
 * One per server instance: LISTENs for committed events and hands each to the local subscribers
 * of its tenant. Instances share nothing but the database, so an event caused through any of
 * them reaches subscribers connected to all of them.
 */
export class EventBus {
  private readonly subscribers = new Map<string, Set<EventSubscriber>>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Notifications are handled one after the other so subscribers see commit order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await keepListening(
      this.database,
      EVENTS_CHANNEL,
      (payload) => {
        this.chain = this.chain.then(() => this.deliver(payload));
      },
      {
        logger: this.logger,
        label: 'realtime',
        onBack: () => {
          for (const set of this.subscribers.values()) for (const each of set) each.onGap();
        },
      },
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
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
      if (set.size === 0) this.subscribers.delete(subscriber.tenantId);
    };
  }

  /** Local subscriber count, for health output and tests. */
  get subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private async deliver(payload: string): Promise<void> {
    let announced: AnnouncedEvent;
    try {
      announced = JSON.parse(payload) as AnnouncedEvent;
    } catch {
      return;
    }
    const set = this.subscribers.get(announced.tenantId);
    if (!set?.size) return;
    try {
      // The row travels in the notification unless it was too large to fit.
      const event =
        announced.type === undefined
          ? await findEvent(this.database.db, announced.tenantId, announced.id)
          : { ...announced, createdAt: new Date(announced.createdAt) };
      if (event) for (const each of set) each.onEvent(event);
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: could not load an announced event');
      for (const each of set) each.onGap();
    }
  }
}
