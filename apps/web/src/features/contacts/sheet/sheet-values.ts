import {
  contactFormSchema,
  type ContactFormContext,
  type ContactFormValues,
} from '@cartera/domain/contact-sheet';
import { parsePhone, type ParsedPhone } from '@cartera/domain/phone';
import type { RouterOutputs } from '../../../lib/api-types';
import { placeFieldErrors } from '../../../lib/field-errors';
import type { DirectionValue } from '../../places/direction';
import type { ContactDetail } from '../contact-format';

/** The sheet's configuration (`contact.form`). */
export type ContactFormConfig = RouterOutputs['contact']['form'];

/**
 * Rows carry a stable key so React keeps each input (and its phone check) when a row above is
 * removed, and so messages stay with their row.
 */
export interface PhoneRow {
  key: string;
  phone: string;
  extensionNumber: string;
}
export interface EmailRow {
  key: string;
  email: string;
}
export interface CompanyRow {
  key: string;
  companyId: string | null;
  sectorId: string | null;
  role: string;
}

export type LocationValue = DirectionValue & { extraInfo?: string | null };

/** The sheet's own fields (the custom fields live in `useCustomFieldsForm`). */
export interface SheetValues {
  firstName: string;
  lastName: string;
  phones: PhoneRow[];
  emails: EmailRow[];
  govId: string;
  statusTag: string | null;
  origin: string | null;
  originText: string;
  detail: string;
  contactLocation: LocationValue | null;
  affiliatedCompanyGroup: CompanyRow[];
}

let lastKey = 0;
/** A key unique within the page. */
export function rowKey(): string {
  lastKey += 1;
  return `row-${lastKey}`;
}

export const emptyPhone = (): PhoneRow => ({ key: rowKey(), phone: '', extensionNumber: '' });
export const emptyEmail = (): EmailRow => ({ key: rowKey(), email: '' });
export const emptyCompany = (): CompanyRow => ({
  key: rowKey(),
  companyId: null,
  sectorId: null,
  role: '',
});

/**
 * How a stored number is shown in its input: as people of the tenant's country write it, or in
 * international form when it belongs to another country (its national form would be read as a
 * number of the tenant's country).
 */
export function phoneText(e164: string, country: string): string {
  const parsed = parsePhone(e164, country);
  return parsed ? writtenForm(parsed, country) : e164;
}

export function writtenForm(parsed: ParsedPhone, country: string): string {
  return parsed.country === country.toUpperCase() ? parsed.national : parsed.international;
}

/** The values a new sheet starts with, or those of the contact being edited. */
/** What a new contact's sheet starts with (a mail's sender: their name and address). */
export interface SheetDefaults {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** The number of an unknown incoming call (issue #39: 'Crear contacto'). */
  phone?: string;
}

export function initialSheetValues(
  contact: ContactDetail | undefined,
  country: string,
  defaults: SheetDefaults = {},
): SheetValues {
  if (!contact) {
    return {
      firstName: defaults.firstName ?? '',
      lastName: defaults.lastName ?? '',
      phones: defaults.phone
        ? [{ key: rowKey(), phone: phoneText(defaults.phone, country), extensionNumber: '' }]
        : [emptyPhone()],
      emails: defaults.email ? [{ key: rowKey(), email: defaults.email }] : [emptyEmail()],
      govId: '',
      statusTag: null,
      origin: null,
      originText: '',
      detail: '',
      contactLocation: null,
      affiliatedCompanyGroup: [],
    };
  }
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    phones: contact.phones.length
      ? contact.phones.map((row) => ({
          key: rowKey(),
          phone: phoneText(row.phone, country),
          extensionNumber: row.extensionNumber,
        }))
      : [emptyPhone()],
    emails: contact.emails.length
      ? contact.emails.map((email) => ({ key: rowKey(), email }))
      : [emptyEmail()],
    govId: contact.govId,
    statusTag: contact.statusTag,
    origin: contact.origin,
    originText: contact.originText,
    detail: contact.detail,
    contactLocation: contact.contactLocation,
    affiliatedCompanyGroup: contact.affiliations.map((row) => ({
      key: rowKey(),
      companyId: row.companyId,
      sectorId: row.sectorId,
      role: row.role,
    })),
  };
}

/** The values in the shape of the shared schema (`ZContactFormValues`). */
export function formValuesOf(
  values: SheetValues,
  additionalData: Record<string, unknown>,
): ContactFormValues {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    phones: values.phones.map(({ phone, extensionNumber }) => ({ phone, extensionNumber })),
    emails: values.emails.map((row) => row.email),
    govId: values.govId,
    statusTag: values.statusTag,
    origin: values.origin,
    originText: values.originText,
    detail: values.detail,
    contactLocation: values.contactLocation,
    affiliatedCompanyGroup: values.affiliatedCompanyGroup.map(({ companyId, sectorId, role }) => ({
      companyId,
      sectorId,
      role,
    })),
    additionalData,
  };
}

/**
 * A message's place in the sheet: the schema's path with each row index replaced by the row's
 * key ('phones.row-3.phone'), so the message follows its row.
 */
export function fieldKeyOf(path: readonly PropertyKey[], values: SheetValues): string {
  const [head, index, ...rest] = path.map(String);
  const rows =
    head === 'phones'
      ? values.phones
      : head === 'emails'
        ? values.emails
        : head === 'affiliatedCompanyGroup'
          ? values.affiliatedCompanyGroup
          : undefined;
  if (!rows || index === undefined || !/^\d+$/.test(index)) return path.map(String).join('.');
  const row = rows[Number(index)];
  return [head, row?.key ?? index, ...rest].join('.');
}

export interface SheetCheck {
  /** What the schema made of the values when they pass: the body to send. */
  output: ReturnType<ReturnType<typeof contactFormSchema>['parse']> | null;
  /** The first message per field key. */
  errors: Record<string, string>;
}

/** The shared rules (02 §5) on the sheet's values. */
export function checkSheet(
  values: SheetValues,
  additionalData: Record<string, unknown>,
  context: ContactFormContext,
): SheetCheck {
  const result = contactFormSchema(context).safeParse(formValuesOf(values, additionalData));
  if (result.success) return { output: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[fieldKeyOf(issue.path, values)] ??= issue.message;
  }
  return { output: null, errors };
}

/**
 * The server's field errors (02 §8 INVALID_REQUEST_BODY) placed on the sheet. The body sent was
 * the schema's output, where blank phone rows, blank e-mails and company rows without a company
 * are gone, so its indexes are mapped back to the rows that produced each entry.
 */
export function serverErrorsOf(
  fieldErrors: Record<string, string[]>,
  values: SheetValues,
): { fields: Record<string, string>; additional: Record<string, string>; rest: string[] } {
  const sentPhones = values.phones.filter((row) => row.phone.trim() !== '');
  const seen = new Set<string>();
  const sentCompanies = values.affiliatedCompanyGroup.filter((row) => {
    if (!row.companyId || seen.has(row.companyId)) return false;
    seen.add(row.companyId);
    return true;
  });
  const sentEmails: EmailRow[] = [];
  const emailsSeen = new Set<string>();
  for (const row of values.emails) {
    const email = row.email.trim().toLowerCase();
    if (!email || emailsSeen.has(email)) continue;
    emailsSeen.add(email);
    sentEmails.push(row);
  }
  const placed = placeFieldErrors(
    fieldErrors,
    (parts) => {
      const [head, index, ...tail] = parts;
      if (head === 'additionalData' && index) return `additionalData.${index}`;
      const rows: Array<{ key: string }> | null =
        head === 'phones'
          ? sentPhones
          : head === 'emails'
            ? sentEmails
            : head === 'affiliatedCompanyGroup'
              ? sentCompanies
              : null;
      if (rows && index !== undefined && /^\d+$/.test(index)) {
        const row = rows[Number(index)];
        if (row) return [head, row.key, ...tail].join('.');
      }
      return head && Object.hasOwn(values, head) ? fieldKeyOf(parts, values) : null;
    },
    'values',
  );
  const fields: Record<string, string> = {};
  const additional: Record<string, string> = {};
  for (const [key, message] of Object.entries(placed.fields)) {
    if (key.startsWith('additionalData.'))
      additional[key.slice('additionalData.'.length)] = message;
    else fields[key] = message;
  }
  const rest = placed.rest;
  return { fields, additional, rest };
}

/** What is compared to tell whether an edited contact changed. */
export function snapshotOf(check: SheetCheck, values: SheetValues, additional: unknown): string {
  if (check.output) return JSON.stringify(check.output);
  return JSON.stringify({ ...formValuesOf(values, {}), additionalData: additional });
}
