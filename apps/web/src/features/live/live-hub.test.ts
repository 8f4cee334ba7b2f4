import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, topicMatches, type LiveEvent } from './live-hub';

let nextId = 0;
function event(topic: string, type = 'interaction.created'): LiveEvent {
  nextId += 1;
  return { id: nextId, type, topic, payload: {}, actorUserId: null, createdAt: new Date() };
}

/** Lets queued microtasks run (an interest joining a running stream is told on the next one). */
const settle = () => Promise.resolve();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('topicMatches', () => {
  it('reconoce nombres exactos y familias <tipo>:*', () => {
    expect(topicMatches(['contact:*'], 'contact:7')).toBe(true);
    expect(topicMatches(['contact:7'], 'contact:7')).toBe(true);
    expect(topicMatches(['contact:7'], 'contact:70')).toBe(false);
    expect(topicMatches(['contact:*'], 'channel:1')).toBe(false);
    expect(topicMatches(['session'], 'sessions')).toBe(false);
  });
});

describe('LiveHub: una suscripción por pestaña', () => {
  it('pide la unión de los temas de las pantallas, y deja de pedir los que nadie sigue', () => {
    const hub = new LiveHub();
    const inputs: string[][] = [];
    hub.watch((input) => inputs.push(input.topics));
    const session = hub.add({ topics: ['session'], onEvents: () => undefined });
    const contact = hub.add({ topics: ['contact:1'], onEvents: () => undefined });
    hub.add({ topics: ['contact:1', 'session'], onEvents: () => undefined });
    contact();
    session();
    expect(inputs).toEqual([['session'], ['contact:1', 'session']]);
    expect(hub.current().topics).toEqual(['contact:1', 'session']);
  });

  it('entrega a cada pantalla solo sus temas y tipos', () => {
    const hub = new LiveHub();
    const inbox: string[] = [];
    const timeline: string[] = [];
    hub.add({
      topics: ['contact:*'],
      types: ['interaction.created'],
      onEvents: (events) => inbox.push(...events.map((each) => each.topic)),
    });
    hub.add({
      topics: ['contact:2'],
      onEvents: (events) => timeline.push(...events.map((each) => each.type)),
    });
    hub.deliver(event('contact:1'));
    hub.deliver(event('contact:2', 'interaction.updated'));
    hub.deliver(event('training', 'training.post'));
    expect(inbox).toEqual(['contact:1']);
    expect(timeline).toEqual(['interaction.updated']);
  });

  it('con demora, una ráfaga llega junta una vez; si la pantalla se fue, no llega', () => {
    const hub = new LiveHub();
    const batches: number[] = [];
    const leave = hub.add({
      topics: ['contact:*'],
      delayMs: 300,
      onEvents: (events) => batches.push(events.length),
    });
    hub.deliver(event('contact:1'));
    hub.deliver(event('contact:2'));
    hub.deliver(event('contact:3'));
    vi.advanceTimersByTime(299);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([3]);
    hub.deliver(event('contact:4'));
    leave();
    vi.advanceTimersByTime(1_000);
    expect(batches).toEqual([3]);
  });

  it('al empezar, cada pantalla vuelve a leer; al reconectar también', () => {
    const hub = new LiveHub();
    const reads: string[] = [];
    hub.add({ topics: ['session'], onEvents: () => undefined, onStarted: () => reads.push('s') });
    hub.add({ topics: ['training'], onEvents: () => undefined, onStarted: () => reads.push('t') });
    const input = hub.current();
    hub.started(input);
    hub.deliver(event('training', 'training.post'));
    // The socket dropped and the same subscription started again.
    hub.started(input);
    expect(reads).toEqual(['s', 't', 's', 't']);
  });

  it('una pantalla nueva con otro tema reabre desde el último evento visto: solo ella vuelve a leer', () => {
    const hub = new LiveHub();
    const reads: string[] = [];
    hub.add({ topics: ['session'], onEvents: () => undefined, onStarted: () => reads.push('s') });
    hub.started(hub.current());
    const seen = event('session', 'session.changed');
    hub.deliver(seen);
    hub.add({ topics: ['contact:5'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    expect(hub.current()).toEqual({
      topics: ['contact:5', 'session'],
      lastEventId: String(seen.id),
    });
    expect(reads).toEqual(['s']);
    hub.started(hub.current());
    expect(reads).toEqual(['s', 'c']);
  });

  it('una pantalla cuyo tema ya sigue la suscripción en curso lee enseguida, sin reabrirla', async () => {
    const hub = new LiveHub();
    const inputs: string[][] = [];
    hub.add({ topics: ['contact:*'], onEvents: () => undefined });
    hub.started(hub.current());
    hub.watch((input) => inputs.push(input.topics));
    const reads: string[] = [];
    hub.add({ topics: ['contact:9'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    expect(reads).toEqual([]);
    await settle();
    expect(reads).toEqual(['c']);
    expect(inputs).toEqual([]);
  });

  it('tras un corte, las pantallas esperan al nuevo comienzo', () => {
    const hub = new LiveHub();
    const reads: string[] = [];
    hub.add({ topics: ['contact:*'], onEvents: () => undefined });
    hub.started(hub.current());
    hub.deliver(event('contact:1'));
    hub.stopped();
    hub.add({ topics: ['contact:1'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    expect(reads).toEqual([]);
    hub.started(hub.current());
    expect(reads).toEqual(['c']);
  });
});
