/*
 * The server's clock, with the tests' one seam for time (shared ARCHITECTURE "Tests that need
 * time or servers"): a test moves it ahead (POST /api/test/clock, served only with TEST_CLOCK on
 * a server of this machine) and every due-time check that reads `now()` sees the later moment.
 * In production the offset stays 0.
 */

let offsetMs = 0;

/** The current moment as the server's due-time checks see it. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves the clock ahead by `ms` (tests only); answers the new moment. */
export function advanceClock(ms: number): Date {
  offsetMs += ms;
  return now();
}
