import { describe, expect, expectTypeOf, it } from 'vitest';
import { procedureEntries, procedureReference } from '../http/procedure-reference';
import { appRouter } from '../router';
import type { NewDomainEvent } from './event-store';
import {
  LIVE_EVENTS,
  type LiveEventType,
  type NoticeType,
  type StoredLiveEventType,
} from './live-events';
import type { EventEnvelope, StreamOptions } from './stream';

const reference = procedureReference(appRouter);

describe('catálogo de eventos en vivo (/api/docs/procedures, liveEvents)', () => {
  it('todo tipo que el servidor puede emitir está en el catálogo', () => {
    // The server stores events only through appendEvent and sends notices only through the
    // stream's `notices`: both take the catalogue's kinds, so a kind outside it does not compile
    // (and appendEvent refuses a forced one: realtime.int.test.ts).
    expectTypeOf<NewDomainEvent['type']>().toEqualTypeOf<StoredLiveEventType>();
    expectTypeOf<
      Parameters<Parameters<NonNullable<StreamOptions['notices']>>[0]>[0]
    >().toEqualTypeOf<NoticeType>();
    expectTypeOf<EventEnvelope['type']>().toEqualTypeOf<LiveEventType>();
    expectTypeOf<StoredLiveEventType | NoticeType>().toEqualTypeOf<LiveEventType>();
    expect(Object.keys(LIVE_EVENTS)).toEqual(
      expect.arrayContaining([
        'interaction.created',
        'interaction.updated',
        'contact.updated',
        'contact.read',
        'channel.status',
        'training.post',
        'training.comment',
        'session.changed',
      ]),
    );
  });

  it('la referencia documenta cada tipo con su tema, su carga y quién lo recibe', () => {
    expect(reference.liveEvents.map((event) => event.type)).toEqual(Object.keys(LIVE_EVENTS));
    for (const event of reference.liveEvents) {
      expect(event.topic, event.type).not.toBe('');
      expect(event.description.length, event.type).toBeGreaterThan(20);
      expect(event.receivers.length, event.type).toBeGreaterThan(20);
      expect(event.payload, event.type).toMatchObject({ type: 'object' });
    }
    const created = reference.liveEvents.find((event) => event.type === 'interaction.created')!;
    expect(created).toMatchObject({
      topic: 'contact:<contactId>',
      stored: true,
      payload: {
        properties: { contactId: { format: 'uuid' }, interactionId: {}, type: {}, holderId: {} },
        required: ['contactId', 'interactionId', 'type'],
      },
    });
    expect(reference.liveEvents.find((event) => event.type === 'session.changed')).toMatchObject({
      topic: 'session',
      stored: false,
    });
  });

  it('la salida de realtime.events nombra los tipos del catálogo', () => {
    const events = procedureEntries(appRouter).find((entry) => entry.path === 'realtime.events')!;
    expect(events.description).toContain('liveEvents');
    expect(events.output).toMatchObject({
      properties: {
        data: { properties: { type: { enum: Object.keys(LIVE_EVENTS) } } },
      },
    });
  });
});
