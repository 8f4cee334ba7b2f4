import { RESERVATION_SECONDS } from '@cartera/domain/conversation';

/**
 * The reserved contact of 'Inbox' (03 §4): an unassigned contact opened from 'Inbox' is the
 * user's to look at until the server's `reservedUntil`, counted down on screen. The rules here are
 * pure; `ReservedCountdown` wires them to the clock, the user's activity and the server.
 */

/** 03 §4: the countdown refreshes every 200 ms. */
export const COUNTDOWN_REFRESH_MS = 200;

/** The user's activity renews the reservation ("reset counter"), at most this often. */
export const RENEW_THROTTLE_MS = 15_000;

export { RESERVATION_SECONDS };

/** The screen counts a reservation down when opened from 'Inbox' and nobody holds the contact. */
export function isReservedView(inbox: string | undefined, contact: { agent: unknown }): boolean {
  return inbox === 'unassigned' && !contact.agent;
}

/** Whole seconds left until `until` (rounded up, so "0" shows only at the very end). */
export function secondsLeft(until: Date, now: number): number {
  return Math.max(0, Math.ceil((until.getTime() - now) / 1000));
}

/** '1:45', '0:05': minutes and two-digit seconds. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Whether an activity at `now` should renew the reservation last renewed at `lastRenewAt`. */
export function shouldRenew(lastRenewAt: number | null, now: number): boolean {
  return lastRenewAt === null || now - lastRenewAt >= RENEW_THROTTLE_MS;
}

/**
 * The countdown's state at `now`: the seconds to show, and whether it has just reached zero
 * (the away-from-keyboard handler runs once, then `expired` stays true).
 */
export function countdownAt(
  until: Date | null,
  now: number,
  alreadyExpired: boolean,
): { seconds: number | null; expired: boolean; fire: boolean } {
  if (!until) return { seconds: null, expired: alreadyExpired, fire: false };
  const seconds = secondsLeft(until, now);
  const expired = seconds === 0;
  return { seconds, expired: expired || alreadyExpired, fire: expired && !alreadyExpired };
}

/**
 * When the countdown ends on this device: the server's `reservedUntil` when the two clocks agree
 * (the answer falls between the request and the reservation's length after it), otherwise the
 * reservation's length from when the request left (a little before the server's end).
 */
export function localDeadline(reservedUntil: Date, sentAt: number, receivedAt: number): Date {
  const until = reservedUntil.getTime();
  const plausible = until >= sentAt && until <= receivedAt + RESERVATION_SECONDS * 1000 + 1000;
  return plausible ? reservedUntil : new Date(sentAt + RESERVATION_SECONDS * 1000);
}
