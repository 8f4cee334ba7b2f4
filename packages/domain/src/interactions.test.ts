import { describe, expect, it } from 'vitest';
import {
  isKnownInteractionType,
  parseInteractionContent,
  uuidV7Time,
  ZClientItemId,
} from './interactions';

describe('contenido de las interacciones por tipo', () => {
  it('lee una nota con sus valores por defecto', () => {
    expect(parseInteractionContent('note', { body: 'Hola' })).toEqual({
      type: 'note',
      content: { body: 'Hola', files: [] },
    });
  });

  it('conserva los campos que no conoce', () => {
    const parsed = parseInteractionContent('transfer', { description: 'Nota', extra: 1 });
    expect(parsed).toMatchObject({ type: 'transfer', content: { description: 'Nota', extra: 1 } });
  });

  it('un tipo desconocido o un contenido ilegible quedan como desconocidos', () => {
    expect(parseInteractionContent('holograma', { a: 1 })).toEqual({
      type: 'unknown',
      content: { a: 1 },
    });
    expect(parseInteractionContent('phoneCall', { state: 'volando' }).type).toBe('unknown');
    expect(isKnownInteractionType('note')).toBe(true);
    expect(isKnownInteractionType('toString')).toBe(false);
  });
});

describe('identificadores que da el cliente', () => {
  const v7 = (ms: number) =>
    `${ms.toString(16).padStart(12, '0').slice(0, 8)}-${ms.toString(16).padStart(12, '0').slice(8)}-7abc-8def-0123456789ab`;

  it('acepta un UUIDv7 de ahora o del pasado', () => {
    expect(ZClientItemId.safeParse(v7(Date.now())).success).toBe(true);
    expect(ZClientItemId.safeParse(v7(Date.now() - 86_400_000)).success).toBe(true);
    expect(uuidV7Time(v7(1_700_000_000_000))).toBe(1_700_000_000_000);
  });

  it('rechaza otros UUID y los que vienen del futuro', () => {
    expect(ZClientItemId.safeParse('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e').success).toBe(false);
    expect(ZClientItemId.safeParse(v7(Date.now() + 10 * 60_000)).success).toBe(false);
  });
});
