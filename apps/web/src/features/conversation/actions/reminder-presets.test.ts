import { describe, expect, it } from 'vitest';
import { newId } from '@cartera/domain/ids';
import { daysPreset, nextWeekPreset, PRESET_GROUPS } from './reminder-presets';

describe('fechas sugeridas del recordatorio', () => {
  it('ofrece hoy, esta semana, siguiente semana y más adelante', () => {
    expect(PRESET_GROUPS.map((group) => group.title)).toEqual([
      'Hoy',
      'Esta semana',
      'Siguiente semana',
      'Más adelante',
    ]);
    expect(PRESET_GROUPS[0]!.presets.map((preset) => preset.label)).toEqual([
      '30 min',
      '1 hora',
      '3 horas',
    ]);
    expect(PRESET_GROUPS[2]!.presets.map((preset) => preset.label)).toEqual([
      'lunes',
      'martes',
      'miércoles',
    ]);
  });

  it('siguiente semana es de lunes a miércoles de la semana próxima a la hora actual', () => {
    // Wednesday 2025-05-14 10:30 local time.
    const now = new Date(2025, 4, 14, 10, 30);
    expect(nextWeekPreset(1).date(now)).toEqual(new Date(2025, 4, 19, 10, 30));
    expect(nextWeekPreset(3).date(now)).toEqual(new Date(2025, 4, 21, 10, 30));
    // From a Monday, next week's Monday is seven days on; from a Sunday, the next day.
    expect(nextWeekPreset(1).date(new Date(2025, 4, 12, 9))).toEqual(new Date(2025, 4, 19, 9));
    expect(nextWeekPreset(2).date(new Date(2025, 4, 18, 9))).toEqual(new Date(2025, 4, 20, 9));
  });

  it('esta semana cuenta días desde ahora; los tres primeros son opciones rápidas', () => {
    const now = new Date(2025, 4, 14, 10, 30);
    expect(daysPreset(2).choice).toBe('2d');
    expect(daysPreset(4).choice).toBeNull();
    expect(daysPreset(4).date(now)).toEqual(new Date(2025, 4, 18, 10, 30));
  });
});

describe('id de cada acción', () => {
  it('es un UUIDv7 ordenado en el tiempo y sin repetidos', () => {
    const ids = Array.from({ length: 50 }, () => newId());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
