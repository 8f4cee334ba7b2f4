import { describe, expect, it } from 'vitest';
import { metricsDay } from './metrics';
import { companyDayStart, COMPANY_TIME_ZONE } from './time-zone';

describe('la hora de la empresa', () => {
  it('el día de la empresa empieza a su medianoche (Montevideo, UTC−3)', () => {
    expect(COMPANY_TIME_ZONE).toBe('America/Montevideo');
    expect(companyDayStart('2026-03-10').toISOString()).toBe('2026-03-10T03:00:00.000Z');
    expect(companyDayStart('2026-12-31').toISOString()).toBe('2026-12-31T03:00:00.000Z');
  });

  it('el primer instante del día es de ese día para las métricas, el anterior del día previo', () => {
    const start = companyDayStart('2026-07-01');
    expect(metricsDay(start)).toBe('2026-07-01');
    expect(metricsDay(new Date(start.getTime() - 1))).toBe('2026-06-30');
  });
});
