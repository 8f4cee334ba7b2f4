import { describe, expect, it } from 'vitest';
import { changeOf } from './figures';

describe('cifras del tablero', () => {
  it('compara con el período anterior y lee al revés lo que es mejor bajo', () => {
    expect(changeOf('tracing', 15, 10)).toEqual({ text: '+50% vs. anterior', good: true });
    expect(changeOf('firstResponse', 300, 600)).toEqual({
      text: '−50% vs. anterior',
      good: true,
    });
    expect(changeOf('sale', 3, 0)?.text).toBe('Sin datos previos');
    expect(changeOf('sale', 2, 2)).toEqual({ text: 'Sin cambios', good: null });
  });
});
