import { describe, expect, it } from 'vitest';
import {
  INPUT_TEXTS,
  inputHygieneErrors,
  isCleanText,
  isInputDay,
  ZHttpUrl,
  ZInputDate,
} from './input';

describe('higiene de la entrada', () => {
  it('acepta texto con emojis y tildes; rechaza NUL y surrogates sueltos', () => {
    expect(isCleanText('Ñandú 😀 café')).toBe(true);
    expect(isCleanText('a\u0000b')).toBe(false);
    expect(isCleanText('a\uD83Db')).toBe(false);
    expect(isCleanText('a\uDE00')).toBe(false);
  });

  it('dice la ruta de cada valor inválido, también en claves y fechas', () => {
    expect(
      inputHygieneErrors({
        name: 'ok',
        phones: [{ phone: '09\u00001' }],
        'cla\u0000ve': 1,
        when: new Date(8.64e15),
        fine: new Date('2026-11-24'),
      }),
    ).toEqual({
      'phones.0.phone': [INPUT_TEXTS.invalidText],
      'cla\u0000ve': [INPUT_TEXTS.invalidText],
      when: [INPUT_TEXTS.invalidDate],
    });
    expect(inputHygieneErrors(undefined)).toEqual({});
  });

  it('fechas de cuatro cifras y enlaces web solamente', () => {
    expect(ZInputDate.safeParse('2026-11-24').success).toBe(true);
    expect(ZInputDate.safeParse('+275760-09-13T00:00:00.000Z').success).toBe(false);
    expect(ZInputDate.safeParse('0999-12-31').success).toBe(false);
    expect(ZHttpUrl.safeParse('https://cartera.example/a.pdf').success).toBe(true);
    expect(ZHttpUrl.safeParse('javascript:alert(1)').success).toBe(false);
    expect(ZHttpUrl.safeParse('ftp://x.example/a').success).toBe(false);
  });

  it('días del calendario de cuatro cifras: ni 30 de febrero ni año 0', () => {
    for (const day of ['2026-02-28', '2024-02-29', '1000-01-01', '9999-12-31']) {
      expect(isInputDay(day)).toBe(true);
    }
    for (const day of ['2026-02-30', '2025-02-29', '0000-01-01', '0099-06-01', '2026-13-01']) {
      expect(isInputDay(day)).toBe(false);
    }
    expect(isInputDay('10000-01-01')).toBe(false);
    expect(isInputDay('2026-1-01')).toBe(false);
  });
});
