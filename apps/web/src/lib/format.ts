import { es, format } from '@cartera/domain/i18n';
import { dayjs } from './dates';

/**
 * The one place the web formats what it shows: money by the company's country, dates and times
 * on a 24-hour clock (lib/dates holds the dayjs set-up and the day formats, re-exported here).
 * The table of countries is in docs/decisions.md.
 */
export { DATE_FORMAT, DATE_TIME_FORMAT, dayjs, formatDate, formatDateTime } from './dates';

export const TIME_FORMAT = 'HH:mm';

/** A count as Spanish writes it ('1,5', '12 345' grouped by the locale). */
export function formatCount(value: number): string {
  return value.toLocaleString('es');
}

/** 03 §9: file sizes go from bytes to yottabytes, with two decimals. */
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A file's size as Spanish writes it: `512,00 B`, `1,50 KB`, `3,25 MB`… (powers of 1024, a
 * decimal comma); empty for an unknown size. The one formatter of sizes in the web.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = value.toLocaleString('es', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  return `${number} ${SIZE_UNITS[unit]}`;
}

/** `31/12/2025 18:05:09`: a log's moment, to the second (24-hour clock). */
export function formatDateTimeSeconds(value: TimeInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(`DD/MM/YYYY ${TIME_FORMAT}:ss`) : '';
}

/** How the people of each country write an amount of their own currency. */
interface MoneyStyle {
  locale: string;
  currency: string;
  /** Decimals shown: none where the currency has no cents in use (CLP, COP, PYG). */
  decimals: 0 | 2;
}

const MONEY: Record<string, MoneyStyle> = {
  uy: { locale: 'es-UY', currency: 'UYU', decimals: 2 },
  ar: { locale: 'es-AR', currency: 'ARS', decimals: 2 },
  mx: { locale: 'es-MX', currency: 'MXN', decimals: 2 },
  cl: { locale: 'es-CL', currency: 'CLP', decimals: 0 },
  co: { locale: 'es-CO', currency: 'COP', decimals: 0 },
  py: { locale: 'es-PY', currency: 'PYG', decimals: 0 },
  pe: { locale: 'es-PE', currency: 'PEN', decimals: 2 },
  bo: { locale: 'es-BO', currency: 'BOB', decimals: 2 },
  cr: { locale: 'es-CR', currency: 'CRC', decimals: 2 },
  ve: { locale: 'es-VE', currency: 'VES', decimals: 2 },
  es: { locale: 'es-ES', currency: 'EUR', decimals: 2 },
  us: { locale: 'es-US', currency: 'USD', decimals: 2 },
  br: { locale: 'pt-BR', currency: 'BRL', decimals: 2 },
};

/** A company without a known country writes money as Uruguay does (the product's home). */
const DEFAULT_COUNTRY = 'uy';

const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(country: string | null | undefined): Intl.NumberFormat {
  const key = country?.toLowerCase() ?? DEFAULT_COUNTRY;
  const style = MONEY[key] ?? MONEY[DEFAULT_COUNTRY]!;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(style.locale, {
      style: 'currency',
      currency: style.currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: style.decimals,
      maximumFractionDigits: style.decimals,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An amount as the company's country writes it: '$ 235.240,00' in Uruguay, '$235,240.00' in Mexico. */
export function formatMoney(value: number, country: string | null | undefined): string {
  return moneyFormatter(country).format(value);
}

/** The currency's sign alone, for an amount input's left section: '$', '₲', 'S/'… */
export function currencySymbol(country: string | null | undefined): string {
  return (
    moneyFormatter(country)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? '$'
  );
}

type TimeInput = Date | string | number | dayjs.Dayjs;

/** `18:05` on a 24-hour clock (local time); an empty string for a missing or invalid time. */
export function formatTime(value: TimeInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const time = dayjs(value);
  return time.isValid() ? time.format(TIME_FORMAT) : '';
}

/** A scheduled send's chip: `05 ene. 18:05` (day, month, 24-hour time). */
export function formatDayMonthTime(value: TimeInput): string {
  return dayjs(value).format(`DD MMM ${TIME_FORMAT}`);
}

/** A span of time (01 §9): under 60 s in seconds, under an hour in minutes, otherwise hours. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return es.goals.duration.none;
  if (seconds < 60) return format(es.goals.duration.seconds, { n: seconds });
  if (seconds < 3600) return format(es.goals.duration.minutes, { n: Math.round(seconds / 60) });
  const hours = Math.round((seconds / 3600) * 10) / 10;
  return format(es.goals.duration.hours, { n: formatCount(hours) });
}
