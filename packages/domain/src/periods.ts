import { COMPANY_TIME_ZONE } from './time-zone';

/*
 * Company days, weeks and periods (the dashboards' and goals' calendar), without zod: the web's
 * route tree reads them for the landing screen's first request, and the route tree is part of
 * the first bundle (issue #35 item 2). metrics.ts re-exports them.
 */

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The company day of an instant, as YYYY-MM-DD. */
export function metricsDay(at: Date): string {
  return dayFormat.format(at);
}

/** Adds days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The Monday that starts the week of a day (weeks of goals start on Monday). */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export const PERIOD_PRESETS = ['thisWeek', 'lastWeek', 'thisMonth', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

/** The days of a preset period around `today` (custom periods come with their own days). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  const monday = weekStart(today);
  if (preset === 'thisWeek') return { from: monday, to: addDays(monday, 6) };
  if (preset === 'lastWeek') return { from: addDays(monday, -7), to: addDays(monday, -1) };
  const first = `${today.slice(0, 8)}01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: first, to: addDays(next.toISOString().slice(0, 10), -1) };
}

/** The period of the same length just before (the comparison of the KPI cards). */
export function previousPeriod(period: Period): Period {
  const length = daysBetween(period.from, period.to);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}
