/**
 * The company's time zone, the one clock of the product: its tenants are in Uruguay and have no
 * time zone of their own yet (docs/decisions.md "Performance metrics"). The days of metrics and
 * goals, the hour of suggested reminders and the heatmap's default zone are read on it.
 */
export const COMPANY_TIME_ZONE = 'America/Montevideo';

/** How far ahead of UTC a time zone's clock is at an instant, in ms. */
export function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(instant));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
  );
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** The instant a time zone's clock reads `hour`:00 on a day (months past 11 roll over). */
export function atZoneHour(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
) {
  const wall = Date.UTC(year, month, day, hour);
  let instant = wall - zoneOffset(wall, timeZone);
  const settled = zoneOffset(instant, timeZone);
  if (wall - settled !== instant) instant = wall - settled;
  return new Date(instant);
}

/** The instant a day (YYYY-MM-DD) starts on the company's clock. */
export function companyDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return atZoneHour(year!, month! - 1, date!, 0, COMPANY_TIME_ZONE);
}
