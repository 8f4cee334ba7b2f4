import { describe, expect, it } from 'vitest';
import { firstIdAt, isId, newId, uuidV7Time } from './ids';

describe('identificadores', () => {
  it('genera UUIDv7 válidos y ordenados por tiempo', () => {
    const first = newId(1_700_000_000_000);
    const second = newId(1_700_000_000_001);
    expect(isId(first)).toBe(true);
    expect(first[14]).toBe('7');
    expect(first < second).toBe(true);
  });

  it('dentro de un mismo milisegundo los identificadores de un proceso siguen creciendo', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('rechaza lo que no es un identificador', () => {
    expect(isId('abc')).toBe(false);
    expect(isId(42)).toBe(false);
  });

  it('el primer identificador de un momento separa lo hecho antes de lo hecho desde entonces', () => {
    const at = 1_764_000_000_000;
    const floor = firstIdAt(at);
    expect(uuidV7Time(floor)).toBe(at);
    for (let index = 0; index < 200; index += 1) {
      expect(newId(at) >= floor).toBe(true);
      expect(newId(at + 1) > floor).toBe(true);
      expect(newId(at - 1) < floor).toBe(true);
    }
  });
});
