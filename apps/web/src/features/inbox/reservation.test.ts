import { describe, expect, it } from 'vitest';
import {
  countdownAt,
  formatCountdown,
  isReservedView,
  localDeadline,
  RENEW_THROTTLE_MS,
  RESERVATION_SECONDS,
  secondsLeft,
  shouldRenew,
} from './reservation';

const t0 = Date.UTC(2026, 10, 22, 5, 0, 0);

describe('contacto reservado del Inbox', () => {
  it('dura dos minutos', () => {
    expect(RESERVATION_SECONDS).toBe(120);
  });

  it('se cuenta solo al abrir desde el Inbox un contacto sin agente', () => {
    expect(isReservedView('unassigned', { agent: null })).toBe(true);
    expect(isReservedView('unassigned', { agent: { id: 'a' } })).toBe(false);
    expect(isReservedView('me', { agent: null })).toBe(false);
    expect(isReservedView(undefined, { agent: null })).toBe(false);
  });

  it('muestra minutos y segundos, redondeando hacia arriba', () => {
    const until = new Date(t0 + 120_000);
    expect(formatCountdown(secondsLeft(until, t0))).toBe('2:00');
    expect(formatCountdown(secondsLeft(until, t0 + 15_200))).toBe('1:45');
    expect(formatCountdown(secondsLeft(until, t0 + 114_001))).toBe('0:06');
    expect(formatCountdown(secondsLeft(until, t0 + 119_999))).toBe('0:01');
    expect(secondsLeft(until, t0 + 120_000)).toBe(0);
    expect(secondsLeft(until, t0 + 500_000)).toBe(0);
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('al llegar a cero avisa una sola vez', () => {
    const until = new Date(t0 + 1_000);
    expect(countdownAt(null, t0, false)).toEqual({ seconds: null, expired: false, fire: false });
    expect(countdownAt(until, t0 + 800, false)).toEqual({
      seconds: 1,
      expired: false,
      fire: false,
    });
    const zero = countdownAt(until, t0 + 1_000, false);
    expect(zero).toEqual({ seconds: 0, expired: true, fire: true });
    expect(countdownAt(until, t0 + 1_200, zero.expired)).toEqual({
      seconds: 0,
      expired: true,
      fire: false,
    });
  });

  it('la actividad renueva la reserva como mucho cada 15 segundos', () => {
    expect(shouldRenew(null, t0)).toBe(true);
    expect(shouldRenew(t0, t0 + RENEW_THROTTLE_MS - 1)).toBe(false);
    expect(shouldRenew(t0, t0 + RENEW_THROTTLE_MS)).toBe(true);
  });

  it('cuenta desde el fin que da el servidor, salvo que los relojes no coincidan', () => {
    const server = new Date(t0 + 119_900);
    expect(localDeadline(server, t0, t0 + 150)).toBe(server);
    // The device's clock is five minutes ahead, or behind: two minutes from the request.
    expect(localDeadline(new Date(t0 - 180_000), t0, t0 + 150).getTime()).toBe(t0 + 120_000);
    expect(localDeadline(new Date(t0 + 420_000), t0, t0 + 150).getTime()).toBe(t0 + 120_000);
  });
});
