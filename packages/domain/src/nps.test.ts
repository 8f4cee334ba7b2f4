import { describe, expect, it } from 'vitest';
import { netPromoterScore, npsCategory, npsRangeOf, readNpsScore } from './nps';

describe('NPS: el puntaje de una respuesta', () => {
  it('lee un número del 0 al 10 en cifras o en palabras', () => {
    expect(readNpsScore('9')).toBe(9);
    expect(readNpsScore(' 10! ')).toBe(10);
    expect(readNpsScore('9/10')).toBe(9);
    expect(readNpsScore('8 de 10')).toBe(8);
    expect(readNpsScore('un 7')).toBe(7);
    expect(readNpsScore('nueve')).toBe(9);
    expect(readNpsScore('Diez')).toBe(10);
    expect(readNpsScore('cero')).toBe(0);
    expect(readNpsScore('Le doy un seis')).toBe(6);
  });

  it('no toma por puntaje lo que no lo es', () => {
    expect(readNpsScore('11')).toBeNull();
    expect(readNpsScore('entre 7 y 8')).toBeNull();
    expect(readNpsScore('7.5')).toBeNull();
    expect(readNpsScore('Hola, quería consultar por el envío del pedido 123')).toBeNull();
    expect(readNpsScore('gracias')).toBeNull();
    expect(readNpsScore('')).toBeNull();
  });

  it('lee el botón o la fila tocada', () => {
    expect(readNpsScore('Nueve', 'nps:score:9')).toBe(9);
    expect(readNpsScore('x', 'nps:score:11')).toBeNull();
    expect(npsRangeOf('nps:range:0-6')?.scores).toHaveLength(7);
    expect(npsRangeOf('otro')).toBeUndefined();
  });

  it('clasifica y calcula el NPS', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsCategory)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
    expect(netPromoterScore({ promoters: 3, passives: 1, detractors: 1 })).toBe(40);
    expect(netPromoterScore({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
  });
});
