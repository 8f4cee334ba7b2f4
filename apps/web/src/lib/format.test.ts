import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCount,
  formatDateTimeSeconds,
  formatDayMonthTime,
  formatDuration,
  formatMoney,
  formatTime,
} from './format';

// Intl separates the symbol with a no-break space; the tests read it as a plain one.
const money = (value: number, country: string | null) =>
  formatMoney(value, country).replace(/\u00a0/g, ' ');

describe('formatMoney', () => {
  it('Uruguay y Argentina escriben "$ 235.240,00"', () => {
    expect(money(235240, 'uy')).toBe('$ 235.240,00');
    expect(money(235240, 'ar')).toBe('$ 235.240,00');
    expect(money(2520.25, 'UY')).toBe('$ 2.520,25');
  });

  it('México escribe "$235,240.00"', () => {
    expect(money(235240, 'mx')).toBe('$235,240.00');
  });

  it('Chile, Colombia y Paraguay no muestran decimales', () => {
    expect(money(235240.4, 'cl')).toBe('$235.240');
    expect(money(235240.4, 'co')).toBe('$ 235.240');
    expect(money(235240.4, 'py')).toBe('₲ 235.240');
  });

  it('los demás países con su moneda y sus separadores', () => {
    expect(money(1500.5, 'pe')).toBe('S/ 1,500.50');
    expect(money(1500.5, 'es')).toBe('1500,50 €');
    expect(money(1500.5, 'br')).toBe('R$ 1.500,50');
  });

  it('el signo de la moneda de cada país, para los campos de importe', () => {
    expect(currencySymbol('uy')).toBe('$');
    expect(currencySymbol('py')).toBe('₲');
    expect(currencySymbol('pe')).toBe('S/');
    expect(currencySymbol(undefined)).toBe('$');
  });

  it('una empresa sin país conocido escribe como Uruguay', () => {
    expect(money(0, null)).toBe('$ 0,00');
    expect(money(10, 'zz')).toBe('$ 10,00');
  });
});

describe('formatTime', () => {
  it('escribe la hora en 24 horas, sin am/pm', () => {
    expect(formatTime(new Date(2025, 0, 5, 9, 13))).toBe('09:13');
    expect(formatTime(new Date(2025, 0, 5, 21, 13))).toBe('21:13');
    expect(formatTime(new Date(2025, 0, 5, 0, 0))).toBe('00:00');
  });

  it('devuelve texto vacío sin hora válida', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime('no es una hora')).toBe('');
  });

  it('el chip de un envío programado usa 24 horas', () => {
    expect(formatDayMonthTime(new Date(2025, 0, 5, 21, 7))).toBe('05 ene 21:07');
  });
});

describe('formatDuration', () => {
  it('muestra la duración en segundos, minutos u horas con coma decimal (01 §9)', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(600)).toBe('10 min');
    expect(formatDuration(5400)).toBe('1,5 h');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(null)).toBe('—');
  });
});

describe('formatCount y formatDateTimeSeconds', () => {
  it('los números con coma decimal y los momentos de un registro en 24 horas', () => {
    expect(formatCount(1.5)).toBe('1,5');
    expect(formatCount(12)).toBe('12');
    expect(formatDateTimeSeconds(new Date(2025, 9, 12, 21, 5, 9))).toBe('12/10/2025 21:05:09');
    expect(formatDateTimeSeconds(null)).toBe('');
  });
});
