import { describe, expect, it } from 'vitest';
import { chatListTime } from './chat-time';

// Thursday 12 March 2026, 15:30 local time.
const now = new Date(2026, 2, 12, 15, 30);

describe('hora de la lista de conversaciones', () => {
  it('hoy muestra la hora', () => {
    expect(chatListTime(new Date(2026, 2, 12, 8, 5), now)).toBe('08:05');
    expect(chatListTime(new Date(2026, 2, 12, 0, 0), now)).toBe('00:00');
  });

  it("ayer muestra 'Ayer'", () => {
    expect(chatListTime(new Date(2026, 2, 11, 23, 59), now)).toBe('Ayer');
    expect(chatListTime(new Date(2026, 2, 11, 0, 0), now)).toBe('Ayer');
  });

  it('antes en la misma semana muestra el día', () => {
    expect(chatListTime(new Date(2026, 2, 10, 9, 0), now)).toBe('Martes');
    expect(chatListTime(new Date(2026, 2, 9, 0, 0), now)).toBe('Lunes');
  });

  it('antes de la semana muestra la fecha', () => {
    expect(chatListTime(new Date(2026, 2, 8, 23, 0), now)).toBe('08/03/2026');
    expect(chatListTime(new Date(2025, 11, 31, 12, 0), now)).toBe('31/12/2025');
  });

  it('sin fecha no muestra nada', () => {
    expect(chatListTime(null, now)).toBe('');
  });
});
