import { describe, expect, it } from 'vitest';
import { continueWatchingRow, formatDuration, formatPosition } from './training';

describe('duración de una clase (01 §9)', () => {
  it('en segundos bajo el minuto, en minutos bajo la hora, si no en horas', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(3599)).toBe('59 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(5400)).toBe('1,5 h');
    // Rounded down to a tenth: never '2,0 h' (wave3-map §4.8).
    expect(formatDuration(7199)).toBe('1,9 h');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(5759)).toBe('1,5 h');
  });
});

describe('posición en un video', () => {
  it('como un reloj', () => {
    expect(formatPosition(14.7)).toBe('0:14');
    expect(formatPosition(725)).toBe('12:05');
    expect(formatPosition(3723)).toBe('1:02:03');
  });
});

describe("'Continuar viendo' (01 §9: instances 4, posts 2)", () => {
  const opened = (id: string, minute: number) => ({
    id,
    progress: { lastInteractionAt: new Date(Date.UTC(2026, 0, 1, 10, minute)) },
  });
  it('muestra hasta 4 clases y 2 tutoriales, lo último abierto primero', () => {
    const classes = [1, 2, 3, 4, 5].map((minute) => opened(`clase-${minute}`, minute));
    const tutorials = [10, 20, 30].map((minute) => opened(`tutorial-${minute}`, minute));
    expect(continueWatchingRow(classes, tutorials).map((item) => item.id)).toEqual([
      'tutorial-30',
      'tutorial-20',
      'clase-5',
      'clase-4',
      'clase-3',
      'clase-2',
    ]);
  });
  it('sin nada abierto queda vacía', () => {
    expect(continueWatchingRow([], [])).toEqual([]);
  });
});
