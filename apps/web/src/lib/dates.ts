import dayjs from 'dayjs';
// The file's own name, so the browser tests (Node's ESM loader) can import this module too.
import 'dayjs/locale/es.js';

// Every date the app shows is Spanish: month and day names, and the first day of the week.
dayjs.locale('es');

export { dayjs };

export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

type DateInput = Date | string | number | dayjs.Dayjs;

/** `31/12/2025`; an empty string for a missing or invalid date. */
export function formatDate(value: DateInput | null | undefined): string {
  return formatWith(value, DATE_FORMAT);
}

/** `31/12/2025 18:05` (24-hour clock, local time); an empty string for a missing or invalid date. */
export function formatDateTime(value: DateInput | null | undefined): string {
  return formatWith(value, DATE_TIME_FORMAT);
}

function formatWith(value: DateInput | null | undefined, template: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(template) : '';
}
