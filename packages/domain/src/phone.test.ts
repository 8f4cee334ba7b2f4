import { describe, expect, it } from 'vitest';
import {
  applyCountryRules,
  isValidPhone,
  normalizePhone,
  parsePhone,
  repeatedPhones,
} from './phone';

describe('teléfonos de Uruguay', () => {
  it('normaliza un celular escrito con espacios', () => {
    expect(parsePhone('099 123 456', 'UY')).toMatchObject({
      e164: '+59899123456',
      national: '099 123 456',
      country: 'UY',
    });
  });

  it('agrega el 0 a los números que empiezan con 8 o 9', () => {
    expect(applyCountryRules('99123456', 'UY')).toBe('099123456');
    expect(normalizePhone('99123456', 'UY')).toBe('+59899123456');
    expect(applyCountryRules('24001234', 'UY')).toBe('24001234');
    expect(normalizePhone('2400 1234', 'UY')).toBe('+59824001234');
  });

  it('acepta el número con código de país, con + o con 00', () => {
    expect(normalizePhone('+598 99 123 456', 'UY')).toBe('+59899123456');
    expect(normalizePhone('0059899123456', 'UY')).toBe('+59899123456');
    expect(normalizePhone('59899123456', 'UY')).toBe('+59899123456');
  });

  it('rechaza lo que no es un número válido', () => {
    expect(isValidPhone('12', 'UY')).toBe(false);
    expect(isValidPhone('099 12', 'UY')).toBe(false);
    expect(isValidPhone('hola', 'UY')).toBe(false);
    expect(isValidPhone('', 'UY')).toBe(false);
  });
});

describe('teléfonos de Argentina y Paraguay', () => {
  it('Argentina quita el 9 inicial', () => {
    expect(applyCountryRules('91123456789', 'AR')).toBe('1123456789');
    expect(normalizePhone('9 11 2345 6789', 'AR')).toBe('+541123456789');
    expect(normalizePhone('011 2345-6789', 'AR')).toBe('+541123456789');
  });

  it('Paraguay agrega el 0 antes del 9', () => {
    expect(applyCountryRules('981123456', 'PY')).toBe('0981123456');
    expect(normalizePhone('981 123 456', 'PY')).toBe('+595981123456');
  });
});

describe('números de otros países', () => {
  it('valida un número extranjero con su código aunque la empresa sea de Uruguay', () => {
    expect(parsePhone('+55 11 98765 4321', 'UY')?.country).toBe('BR');
    expect(parsePhone('5491123456789', 'UY')?.country).toBe('AR');
    expect(isValidPhone('+1 202 555 0123', 'UY')).toBe(true);
  });

  it('usa Uruguay cuando no se indica país', () => {
    expect(normalizePhone('099123456')).toBe('+59899123456');
  });
});

describe('números repetidos en el formulario', () => {
  it('detecta el mismo número escrito de dos formas', () => {
    expect([...repeatedPhones(['099 123 456', '24001234', '+59899123456'], 'UY')].sort()).toEqual([
      0, 2,
    ]);
    expect(repeatedPhones(['099123456', '099123457'], 'UY').size).toBe(0);
  });
});
