import { describe, expect, it } from 'vitest';
import { MEDIA_WINDOW_HOURS, nextTry, retryDelaySeconds } from './inbound-media.service';
import { providerTime } from './provider-time';

const HOUR = 3_600_000;

describe('reintentos de archivos del cliente (#31)', () => {
  it('espera lo que dice el calendario y repite la última espera', () => {
    const schedule = [30, 120, 600];
    expect([1, 2, 3, 4, 9].map((attempt) => retryDelaySeconds(schedule, attempt))).toEqual([
      30, 120, 600, 600, 600,
    ]);
  });

  it('no reintenta pasada la ventana del proveedor ni el máximo de intentos', () => {
    const since = new Date('2026-11-01T12:00:00Z');
    const window = {
      schedule: [3600],
      attempts: 0,
      windowHours: MEDIA_WINDOW_HOURS.whatsapp_business,
    };
    expect(window.windowHours).toBe(7 * 24);
    expect(nextTry(window, 5, since, new Date(since.getTime() + 24 * HOUR))).toBe(3600);
    // The next try would fall after the 7 days: given up.
    expect(
      nextTry(window, 50, since, new Date(since.getTime() + 7 * 24 * HOUR - 1_000)),
    ).toBeNull();
    expect(nextTry({ ...window, attempts: 3 }, 3, since, since)).toBeNull();
    expect(nextTry({ ...window, attempts: 3 }, 2, since, since)).toBe(3600);
  });
});

describe('hora del proveedor (#31)', () => {
  it('usa la hora del proveedor salvo que sea futura o inválida', () => {
    const arrival = new Date('2026-11-27T15:00:00Z');
    const before = new Date('2026-11-27T14:50:00Z');
    expect(providerTime(before, arrival)).toBe(before);
    expect(providerTime(new Date('2026-11-27T15:05:00Z'), arrival)).toBe(arrival);
    expect(providerTime(new Date(Number.NaN), arrival)).toBe(arrival);
  });
});
