import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { serializeOutput } from './transformer';

/** What a client decodes from the wire: JSON text, then superjson. */
const overTheWire = (serialized: unknown) =>
  superjson.deserialize(JSON.parse(JSON.stringify(serialized)));

const page = {
  items: Array.from({ length: 3 }, (_, index) => ({
    id: `item-${index}`,
    type: 'note',
    content: { body: 'El cliente confirma la visita del jueves.', attachments: [] },
    status: null,
    createdBySystem: index === 1,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, index)),
    agent: index === 2 ? null : { id: 'u1', name: 'Julia', lastname: 'Álvarez' },
  })),
  nextBefore: null,
};

describe('serializeOutput', () => {
  const cases: Array<[string, unknown]> = [
    ['a timeline page', page],
    ['a top-level Date', new Date(Date.UTC(2026, 0, 1))],
    ['undefined', undefined],
    ['null', null],
    ['a string', 'hola'],
    [
      'undefined inside objects and arrays',
      { a: undefined, list: [undefined, 1, { b: undefined }] },
    ],
    ['keys with dots and backslashes', { 'a.b': new Date(0), 'c\\d': { 'e.f': new Date(1) } }],
    ['empty containers', { a: [], b: {}, c: [[]] }],
    ['a null-prototype object', Object.assign(Object.create(null), { at: new Date(2) })],
  ];

  it.each(cases)('writes what superjson writes for %s', (_name, value) => {
    const fast = serializeOutput(value);
    const reference = superjson.serialize(value);
    expect(overTheWire(fast)).toEqual(overTheWire(reference));
    expect(JSON.parse(JSON.stringify(fast.meta ?? null))).toEqual(
      JSON.parse(JSON.stringify(reference.meta ?? null)),
    );
  });

  it('keeps the Dates of a page as Dates on the client, at the same instants', () => {
    const decoded = overTheWire(serializeOutput(page)) as typeof page;
    expect(decoded.items[1]!.createdAt).toBeInstanceOf(Date);
    expect(decoded.items[1]!.createdAt.toISOString()).toBe('2026-11-20T12:01:00.000Z');
    expect(decoded.items[2]!.agent).toBeNull();
  });

  class Money {
    constructor(readonly cents: number) {}
  }
  const handedOver: Array<[string, unknown]> = [
    ['a Map', { m: new Map([['a', 1]]) }],
    ['a Set', { s: new Set([1, 2]) }],
    ['a BigInt', { n: 10n }],
    ['NaN, Infinity and -0', { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: -0 }],
    ['a RegExp', { r: /x/g }],
    ['an Error', { e: new Error('falló') }],
    ['an invalid Date', { d: new Date(Number.NaN) }],
    ['a class instance', { money: new Money(150) }],
    ['an object with toJSON', { x: { toJSON: () => 'otro' } }],
  ];

  it.each(handedOver)('hands %s to superjson whole', (_name, value) => {
    expect(serializeOutput(value)).toEqual(superjson.serialize(value));
  });

  it('hands very deep values to superjson', () => {
    let deep: Record<string, unknown> = { at: new Date(3) };
    for (let level = 0; level < 100; level += 1) deep = { next: deep };
    expect(serializeOutput(deep)).toEqual(superjson.serialize(deep));
  });
});
