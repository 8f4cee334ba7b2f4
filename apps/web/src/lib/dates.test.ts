import { describe, expect, it } from 'vitest';
import { dayjs, formatDate, formatDateTime } from './dates';

describe('formatDate', () => {
  it('formats a date as DD/MM/YYYY', () => {
    expect(formatDate(new Date(2025, 0, 5, 9, 7))).toBe('05/01/2025');
    expect(formatDate(new Date(2024, 11, 31))).toBe('31/12/2024');
  });

  it('accepts ISO strings, timestamps and dayjs values', () => {
    expect(formatDate('2025-03-09')).toBe('09/03/2025');
    expect(formatDate(new Date(2025, 6, 20).getTime())).toBe('20/07/2025');
    expect(formatDate(dayjs(new Date(2025, 1, 28)))).toBe('28/02/2025');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('no es una fecha')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDateTime', () => {
  it('formats a date and time as DD/MM/YYYY HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2025, 0, 5, 9, 7))).toBe('05/01/2025 09:07');
    expect(formatDateTime(new Date(2025, 9, 12, 18, 45, 59))).toBe('12/10/2025 18:45');
    expect(formatDateTime(new Date(2025, 9, 12, 0, 0))).toBe('12/10/2025 00:00');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('31/31/2025')).toBe('');
  });
});

describe('locale', () => {
  it('uses Spanish month and day names', () => {
    expect(dayjs.locale()).toBe('es');
    const date = dayjs(new Date(2025, 0, 6));
    expect(date.format('dddd D [de] MMMM')).toBe('lunes 6 de enero');
  });
});
