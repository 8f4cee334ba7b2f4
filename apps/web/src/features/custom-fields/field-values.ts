import {
  formatDisplayDate,
  isEmptyValue,
  parseDisplayDate,
  validateFieldValue,
  type ValidationContext,
} from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import type { DirectionValue } from '../places/direction';

/** A configurable field as forms receive it (definition, position and shared options). */
export type FormField = RouterOutputs['customField']['forForm'][number];
export type SharedOptionView = FormField['sharedOptions'][number];

/**
 * What an input holds while the user edits: text for string, number and date (DD/MM/YYYY), an
 * id or option name (or null) for single choices, a list for multiple ones and phones, an
 * address object for 'direction'. `toStoredValue` turns it into what the server stores.
 */
export type FormValue = string | string[] | DirectionValue | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function isDirection(value: unknown): value is DirectionValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { formatted_address?: unknown }).formatted_address === 'string'
  );
}

/** A form value as an input of text, of a list or of record ids reads it. */
export const asText = (value: FormValue) => (typeof value === 'string' ? value : '');
export const asList = (value: FormValue) => (Array.isArray(value) ? value : []);
export const asIds = (value: FormValue) =>
  Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];

/** The editable form of a stored value (or of the field's default value on create). */
export function toFormValue(field: Pick<FormField, 'type'>, stored: unknown): FormValue {
  switch (field.type) {
    case 'string':
      return typeof stored === 'string' ? stored : '';
    case 'number':
      return typeof stored === 'number' || typeof stored === 'string' ? String(stored) : '';
    case 'date':
      return typeof stored === 'string' && ISO_DATE.test(stored) ? formatDisplayDate(stored) : '';
    case 'select':
    case 'selectcontact':
    case 'selectcompany':
      return typeof stored === 'string' && stored !== '' ? stored : null;
    case 'multiselect':
    case 'phonenumbers':
    case 'multiplecontact':
    case 'multiplecompany':
    case 'sharedmultioptions':
      return strings(stored);
    case 'direction':
      return isDirection(stored) ? stored : null;
    default:
      return null;
  }
}

/**
 * The value to send: null when empty (the server then clears it), trimmed text, a number, an
 * ISO date, phones without blank rows. A value that cannot be converted is sent as typed so the
 * validator names the problem.
 */
export function toStoredValue(field: Pick<FormField, 'type'>, value: FormValue): unknown {
  switch (field.type) {
    case 'string': {
      const text = typeof value === 'string' ? value.trim() : '';
      return text === '' ? null : text;
    }
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return null;
      const number = Number(text.replace(',', '.'));
      return Number.isFinite(number) ? number : text;
    }
    case 'date': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return null;
      return parseDisplayDate(text) ?? text;
    }
    case 'select':
    case 'selectcontact':
    case 'selectcompany':
      return typeof value === 'string' && value !== '' ? value : null;
    case 'phonenumbers': {
      const phones = strings(value)
        .map((phone) => phone.trim())
        .filter(Boolean);
      return phones.length > 0 ? phones : null;
    }
    case 'multiselect':
    case 'multiplecontact':
    case 'multiplecompany':
    case 'sharedmultioptions': {
      const items = strings(value);
      return items.length > 0 ? items : null;
    }
    case 'direction':
      return isDirection(value) && value.formatted_address.trim() !== ''
        ? { ...value, formatted_address: value.formatted_address.trim() }
        : null;
    default:
      return value;
  }
}

/**
 * The Spanish message for what the user typed, or null: the shared validator of 02 §5 on the
 * stored form of the value, plus the DD/MM/YYYY rule of date inputs.
 */
export function fieldError(
  field: FormField,
  value: FormValue,
  context: Omit<ValidationContext, 'sharedOptionCodes'> = {},
): string | null {
  if (field.type === 'date' && typeof value === 'string' && value.trim() !== '') {
    if (!parseDisplayDate(value)) return es.fields.invalidDate;
  }
  if (field.type === 'number') {
    // The validator accepts the typed text and counts its characters for minChars/maxChars.
    const text = typeof value === 'string' ? value.trim() : '';
    return validateFieldValue(field, text === '' ? null : text, context);
  }
  return validateFieldValue(field, toStoredValue(field, value), {
    ...context,
    sharedOptionCodes: field.sharedOptions.map((option) => option.code),
  });
}

export function isEmptyFormValue(field: Pick<FormField, 'type'>, value: FormValue): boolean {
  return isEmptyValue(toStoredValue(field, value));
}

/** Dates accept digits and slashes only (02 §5), at most DD/MM/YYYY. */
export function dateInputText(text: string): string {
  return text.replace(/[^\d/]/g, '').slice(0, 10);
}

/** Number fields keep only digits and plus while typing (02 §5). */
export function numberInputText(text: string): string {
  return text.replace(/[^\d+]/g, '');
}

/** Black or white text, whichever reads better on the given background colour. */
export function readableTextColor(background: string): '#000000' | '#FFFFFF' {
  const match = /^#?([0-9a-f]{6})$/i.exec(background.trim());
  if (!match) return '#FFFFFF';
  const number = parseInt(match[1]!, 16);
  const channel = (shift: number) => {
    const value = ((number >> shift) & 0xff) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // Bold badge text stays white on mid tones (greens, reds); only light colours take black.
  return luminance > 0.4 ? '#000000' : '#FFFFFF';
}
