import { describe, expect, it } from 'vitest';
import { isLiveSuggestion, suggestedReminderDates, suggestReminders } from './suggested-reminders';

/** 31/01/2026 12:00 in Montevideo (UTC-3): month ends exercise the clamping. */
const NOW = new Date('2026-01-31T15:00:00Z');

function datesOf(text: string, now: Date = NOW, zone?: string): string[] {
  return suggestedReminderDates(text, now, zone).map((date) => date.toISOString());
}

describe('fechas sugeridas a partir del texto de una nota', () => {
  it('"el mes que viene" y sus variantes sugieren el primer día del mes próximo a las 9', () => {
    for (const text of [
      'Lo llamo el mes que viene',
      'El PRÓXIMO MES retomamos',
      'quedamos para el mes próximo',
      'Vuelve a evaluar al mes siguiente.',
      'Dentro de un mes vemos',
      'en 1 mes le escribo',
    ]) {
      expect(datesOf(text), text).toEqual(['2026-02-01T12:00:00.000Z']);
    }
  });

  it('a mediados y a fin del mes que viene sugieren el día 15 y el último día', () => {
    expect(datesOf('Me pidió que lo llame a mediados del mes que viene')).toEqual([
      '2026-02-15T12:00:00.000Z',
    ]);
    expect(datesOf('Cobra a fin del próximo mes')).toEqual(['2026-02-28T12:00:00.000Z']);
    expect(datesOf('para finales del mes que viene')).toEqual(['2026-02-28T12:00:00.000Z']);
  });

  it('en 2, 3, 6 y 9 meses, con cifras o palabras, sugieren esa fecha (el 31 pasa al último día)', () => {
    expect(datesOf('en 2 meses')).toEqual(['2026-03-31T12:00:00.000Z']);
    expect(datesOf('Dentro de tres meses decide')).toEqual(['2026-04-30T12:00:00.000Z']);
    expect(datesOf('en unos seis meses cambia la flota')).toEqual(['2026-07-31T12:00:00.000Z']);
    expect(datesOf('De acá a nueve meses')).toEqual(['2026-10-31T12:00:00.000Z']);
    expect(datesOf('en medio año')).toEqual(['2026-07-31T12:00:00.000Z']);
    expect(datesOf('en los próximos 3 meses')).toEqual(['2026-04-30T12:00:00.000Z']);
  });

  it('"en 2 o 3 meses" sugiere ambas fechas, en orden', () => {
    expect(datesOf('Capaz en 3 o 2 meses')).toEqual([
      '2026-03-31T12:00:00.000Z',
      '2026-04-30T12:00:00.000Z',
    ]);
  });

  it('el año que viene y en 1, 2 o 3 años sugieren esos años', () => {
    expect(datesOf('El año que viene renueva')).toEqual(['2027-01-31T12:00:00.000Z']);
    expect(datesOf('el proximo año')).toEqual(['2027-01-31T12:00:00.000Z']);
    expect(datesOf('en un año')).toEqual(['2027-01-31T12:00:00.000Z']);
    expect(datesOf('en 12 meses')).toEqual(['2027-01-31T12:00:00.000Z']);
    expect(datesOf('Dentro de dos años')).toEqual(['2028-01-31T12:00:00.000Z']);
    expect(datesOf('en 3 AÑOS')).toEqual(['2029-01-31T12:00:00.000Z']);
  });

  it('varias menciones dan varias fechas, cada una una vez', () => {
    expect(datesOf('El mes que viene o en 6 meses; sí, el mes que viene')).toEqual([
      '2026-02-01T12:00:00.000Z',
      '2026-07-31T12:00:00.000Z',
    ]);
  });

  it('frases en pasado y plazos fuera de la lista no sugieren nada', () => {
    for (const text of [
      'Compró hace 2 meses',
      'hace dos meses que no contesta',
      'El mes pasado pidió precio',
      'El año pasado compró',
      'Hace un año que es cliente',
      'Lo llamo cada 3 meses',
      'en 4 meses',
      'dentro de cinco años',
      'Le mando el catálogo mañana',
      'los últimos 6 meses estuvo tranquilo',
      'Tiene 3 años de antigüedad',
      'el dueño tiene un perro',
      '',
    ]) {
      expect(datesOf(text), text).toEqual([]);
    }
  });

  it('usa el calendario de la zona horaria, con su horario de verano', () => {
    // 10/03/2026 in Madrid is winter time (UTC+1); 01/04/2026 is summer time (UTC+2).
    expect(datesOf('el mes que viene', new Date('2026-03-10T10:00:00Z'), 'Europe/Madrid')).toEqual([
      '2026-04-01T07:00:00.000Z',
    ]);
    // 01:00 UTC on 01/02 is still 31/01 in Montevideo.
    expect(datesOf('el mes que viene', new Date('2026-02-01T01:00:00Z'))).toEqual([
      '2026-02-01T12:00:00.000Z',
    ]);
  });

  it('acepta un "ahora" de dayjs (cualquier objeto con toDate)', () => {
    expect(suggestedReminderDates('en 2 meses', { toDate: () => NOW })).toHaveLength(1);
  });
});

describe('sugerencias guardadas y vigentes', () => {
  it('nacen sin hacer ni quitar, con la fecha ISO', () => {
    expect(suggestReminders('en 9 meses', NOW)).toEqual([
      { content: { reminderDate: '2026-10-31T12:00:00.000Z' }, done: false, removed: false },
    ]);
  });

  it('desaparecen hechas, quitadas o vencidas', () => {
    const [suggestion] = suggestReminders('el mes que viene', NOW);
    expect(isLiveSuggestion(suggestion!, NOW)).toBe(true);
    expect(isLiveSuggestion({ ...suggestion!, done: true }, NOW)).toBe(false);
    expect(isLiveSuggestion({ ...suggestion!, removed: true }, NOW)).toBe(false);
    expect(isLiveSuggestion(suggestion!, new Date('2026-02-01T12:00:00Z'))).toBe(false);
  });
});
