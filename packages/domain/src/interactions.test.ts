import { describe, expect, it } from 'vitest';
import { isKnownInteractionType, parseInteractionContent } from './interactions';

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
