import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** 01 §5 and §9: numbers are checked against the tenant's country, Uruguay by default. */
export const DEFAULT_PHONE_COUNTRY = 'UY';

/** 02 §9: the phone input's states and pauses (400 ms before checking, 320 ms more to show it). */
export const PHONE_INPUT_STATES = ['idle', 'reading', 'loading', 'success', 'error'] as const;
export type PhoneInputState = (typeof PHONE_INPUT_STATES)[number];
export const PHONE_CHECK_DEBOUNCE_MS = 400;
export const PHONE_CHECK_DELAY_MS = 320;

/** Spaces, dashes, dots and parentheses people type between digits. */
export function cleanPhone(raw: string): string {
  const trimmed = raw.trim().replace(/[\s\-().]/g, '');
  return trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
}

/**
 * 03 §5 normalisation by country, on a national number (no country code): Uruguay adds the
 * leading 0 to numbers starting with 8 or 9, Argentina strips a leading 9 (the mobile prefix
 * written before the area code), Paraguay adds 0 before 9.
 */
export function applyCountryRules(digits: string, country: string): string {
  switch (country.toUpperCase()) {
    case 'UY':
      return /^[89]\d{7}$/.test(digits) ? `0${digits}` : digits;
    case 'AR':
      return /^9\d{10}$/.test(digits) ? digits.slice(1) : digits;
    case 'PY':
      return /^9\d{8}$/.test(digits) ? `0${digits}` : digits;
    default:
      return digits;
  }
}

export interface ParsedPhone {
  /** +59899123456 */
  e164: string;
  /** The number's own country (it may differ from the tenant's). */
  country: string | undefined;
  /** As people of that country write it: 099 123 456. */
  national: string;
  /** +598 99 123 456 */
  international: string;
}

/**
 * Reads a typed number against a country (01 §5): the country's rules first, then the raw
 * number, the number with a leading 0 and with a leading +; the first valid reading wins. An
 * Argentine mobile in international form (+54 9 …) keeps its 9 only if libphonenumber needs it.
 */
export function parsePhone(
  raw: string,
  country: string = DEFAULT_PHONE_COUNTRY,
): ParsedPhone | null {
  const value = cleanPhone(raw);
  if (!/^\+?\d{4,20}$/.test(value)) return null;
  const region = country.toUpperCase() as CountryCode;
  const national = value.startsWith('+') ? value : applyCountryRules(value, region);
  const variants = value.startsWith('+') ? [value] : [national, `0${national}`, `+${value}`];
  for (const variant of variants) {
    const parsed = parsePhoneNumberFromString(variant, region);
    if (parsed?.isValid()) {
      return {
        e164: parsed.number,
        country: parsed.country,
        national: parsed.formatNational(),
        international: parsed.formatInternational(),
      };
    }
  }
  return null;
}

/** A number is valid when any of its readings is (raw, leading 0, leading +). */
export function isValidPhone(raw: string, country: string = DEFAULT_PHONE_COUNTRY): boolean {
  return parsePhone(raw, country) !== null;
}

/** The stored form of a number: E.164, or null when it is not a valid number. */
export function normalizePhone(
  raw: string,
  country: string = DEFAULT_PHONE_COUNTRY,
): string | null {
  return parsePhone(raw, country)?.e164 ?? null;
}

/** Numbers that appear more than once in a form, compared in their stored form. */
export function repeatedPhones(raws: readonly string[], country: string = DEFAULT_PHONE_COUNTRY) {
  const seen = new Map<string, number>();
  const repeated = new Set<number>();
  raws.forEach((raw, index) => {
    const key = normalizePhone(raw, country) ?? cleanPhone(raw);
    if (!key) return;
    const first = seen.get(key);
    if (first !== undefined) {
      repeated.add(first);
      repeated.add(index);
    } else {
      seen.set(key, index);
    }
  });
  return repeated;
}
