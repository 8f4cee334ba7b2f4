import { describe, expect, it } from 'vitest';
import { proximityLevel } from './proximity';

describe('niveles de proximidad', () => {
  it('ubica cada valor en su nivel y los límites en el nivel superior', () => {
    const label = (value: number) => proximityLevel(value).label;
    expect(label(0)).toBe('Muy baja');
    expect(label(0.19)).toBe('Muy baja');
    expect(label(0.2)).toBe('Baja');
    expect(label(0.39)).toBe('Baja');
    expect(label(0.4)).toBe('Media');
    expect(label(0.6)).toBe('Alta');
    expect(label(0.89)).toBe('Alta');
    expect(label(0.9)).toBe('Muy alta');
    expect(label(1)).toBe('Muy alta');
  });
});
