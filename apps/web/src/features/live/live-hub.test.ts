import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, ORIGIN_MAX_AGE_MS, RECENT_MAX, topicMatches, type LiveEvent } from './live-hub';

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

describe('LiveHub: el origen de la página (issue #35 punto 2, sin lecturas repetidas)', () => {
  const originAt =
    (lastEventId: number, at = Date.now()) =>
    () => ({ lastEventId, at });

  it('la primera suscripción empieza en el origen y nadie vuelve a leer', () => {
    const hub = new LiveHub(originAt(40));
    const reads: string[] = [];
    const got: number[] = [];
    hub.add({
      topics: ['contact:*'],
      onEvents: (events) => got.push(...events.map((each) => each.id)),
      onStarted: () => reads.push('c'),
    });
    expect(hub.current()).toEqual({ topics: ['contact:*'], lastEventId: '40' });
    hub.started(hub.current());
    expect(reads).toEqual([]);
    // What the server hands over since the origin arrives as any event.
    hub.deliver({ ...event('contact:1'), id: 41 });
    expect(got).toEqual([41]);
  });

  it('una pantalla que se suma recibe lo que se perdió desde el origen, sin leer todo otra vez', async () => {
    const hub = new LiveHub(originAt(40));
    hub.add({ topics: ['contact:*'], onEvents: () => undefined });
    hub.started(hub.current());
    const reads: string[] = [];
    const got: string[] = [];
    const join = (topic: string) =>
      hub.add({
        topics: [topic],
        onEvents: (events) => got.push(...events.map((each) => each.topic)),
        onStarted: () => reads.push(topic),
      });
    // Nothing happened yet: joining costs no read.
    join('contact:7');
    await settle();
    expect(reads).toEqual([]);
    hub.deliver({ ...event('contact:9'), id: 41 });
    hub.deliver({ ...event('contact:3'), id: 42 });
    join('contact:9');
    await settle();
    expect(reads).toEqual([]);
    expect(got).toEqual(['contact:9']);
  });

  it('un origen viejo no se usa: la suscripción empieza ahora y las pantallas leen', () => {
    const hub = new LiveHub(originAt(40, Date.now() - ORIGIN_MAX_AGE_MS - 1));
    const reads: string[] = [];
    hub.add({ topics: ['contact:*'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    expect(hub.current().lastEventId).toBeNull();
    hub.started(hub.current());
    expect(reads).toEqual(['c']);
  });

  it('tras un corte sin continuidad, quien se suma vuelve a leer', async () => {
    const hub = new LiveHub(originAt(40));
    hub.add({ topics: ['contact:*'], onEvents: () => undefined });
    hub.started(hub.current());
    hub.stopped();
    // Started again from now (no event seen to resume from): the record has a hole.
    hub.started({ topics: ['contact:*'], lastEventId: null });
    const reads: string[] = [];
    hub.add({ topics: ['contact:2'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    await settle();
    expect(reads).toEqual(['c']);
  });

  it('demasiados eventos desde el origen: quien se suma vuelve a leer', async () => {
    const hub = new LiveHub(originAt(0));
    hub.add({ topics: ['contact:*'], onEvents: () => undefined });
    hub.started(hub.current());
    for (let each = 0; each <= RECENT_MAX; each += 1) hub.deliver(event('contact:1'));
    const reads: string[] = [];
    hub.add({ topics: ['contact:2'], onEvents: () => undefined, onStarted: () => reads.push('c') });
    await settle();
    expect(reads).toEqual(['c']);
  });
});
