/** The contact sheet's values and their rules: one implementation for the web form and the server (02 §5). */
import { z } from 'zod';
import { ZDirectionValue } from './custom-fields';
import { contactsEs } from './i18n/contacts.es';
import { format } from './i18n/es';
import { cleanPhone, DEFAULT_PHONE_COUNTRY, normalizePhone, repeatedPhones } from './phone';
import {
  CONTACT_NAME_MAX,
  CONTACT_DETAIL_MAX,
  CONTACT_GOV_ID_MAX,
  CONTACT_EXTENSION_MAX,
  type ContactFormFlags,
} from './contact-form';

export const ZContactPhoneRow = z.object({
  phone: z.string().max(40),
  extensionNumber: z.string().max(CONTACT_EXTENSION_MAX).default(''),
});
export type ContactPhoneRow = z.infer<typeof ZContactPhoneRow>;

export const ZAffiliationRow = z.object({
  companyId: z.string().uuid().nullable(),
  sectorId: z.string().uuid().nullable().default(null),
  role: z.string().trim().max(100).default(''),
});
export type AffiliationRow = z.infer<typeof ZAffiliationRow>;

export const ZContactLocationValue = ZDirectionValue.extend({
  extraInfo: z.string().trim().max(CONTACT_DETAIL_MAX).nullish(),
});

/** The sheet's values as typed (the widest shape; `contactFormSchema` adds the rules). */
export const ZContactFormValues = z.object({
  firstName: z.string(),
  lastName: z.string().default(''),
  phones: z.array(ZContactPhoneRow).max(20).default([]),
  emails: z.array(z.string().max(200)).max(20).default([]),
  govId: z.string().default(''),
  statusTag: z.string().max(60).nullable().default(null),
  origin: z.string().max(60).nullable().default(null),
  originText: z.string().trim().max(CONTACT_DETAIL_MAX).default(''),
  detail: z.string().default(''),
  contactLocation: ZContactLocationValue.nullable().default(null),
  affiliatedCompanyGroup: z.array(ZAffiliationRow).max(50).default([]),
  additionalData: z.record(z.string(), z.unknown()).default({}),
});
export type ContactFormValues = z.input<typeof ZContactFormValues>;

/**
 * contact.update's variant that sends only what changed (02 §7 'version parameter 1', 03 §7
 * 'Modify additional field'): a missing key keeps the stored value; `additionalData` names only
 * the fields it changes (null clears one); `photoPath` is the storage key of an uploaded image
 * (null removes the photo; the server checks it as a user's photo). The origin is set once, when the contact is created.
 */
export const ZContactChanges = z.strictObject({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phones: z.array(ZContactPhoneRow).max(20).optional(),
  emails: z.array(z.string().max(200)).max(20).optional(),
  govId: z.string().optional(),
  statusTag: z.string().max(60).nullable().optional(),
  detail: z.string().optional(),
  contactLocation: ZContactLocationValue.nullable().optional(),
  affiliatedCompanyGroup: z.array(ZAffiliationRow).max(50).optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
  photoPath: z.string().max(1000).nullable().optional(),
});
export type ContactChanges = z.input<typeof ZContactChanges>;

export interface ContactFormContext {
  mode: 'create' | 'edit';
  country?: string;
  flags: ContactFormFlags;
  /** Active origin codes of the tenant (checked on create only). */
  activeOrigins?: readonly string[];
  /** The contact has channels (then no phone is required). */
  hasChannels?: boolean;
}

const COUNTRY_NAMES = new Intl.DisplayNames(['es'], { type: 'region' });

/** 'Uruguay' for 'uy': the {country} of the phone message. */
export function countryName(country: string): string {
  try {
    return COUNTRY_NAMES.of(country.toUpperCase()) ?? country.toUpperCase();
  } catch {
    return country.toUpperCase();
  }
}

const EMAIL = z.string().email();

/**
 * The sheet's rules (02 §5), one implementation for the web form and the server. Parsing
 * normalises phones to E.164, drops empty e-mails and company rows without a company, and
 * trims names; every failure carries the spec's Spanish text at its path.
 */
export function contactFormSchema(context: ContactFormContext) {
  const country = (context.country ?? DEFAULT_PHONE_COUNTRY).toUpperCase();
  const { flags } = context;
  const nameMax = format(contactsEs.nameTooLong, { max: CONTACT_NAME_MAX });
  return ZContactFormValues.extend({
    firstName: z.string().trim().min(1, contactsEs.fieldRequired).max(CONTACT_NAME_MAX, nameMax),
    lastName: z.string().trim().max(CONTACT_NAME_MAX, nameMax).default(''),
    govId: z
      .string()
      .trim()
      .max(CONTACT_GOV_ID_MAX, format(contactsEs.govIdTooLong, { max: CONTACT_GOV_ID_MAX }))
      .default(''),
    detail: z
      .string()
      .trim()
      .max(CONTACT_DETAIL_MAX, format(contactsEs.detailTooLong, { max: CONTACT_DETAIL_MAX }))
      .default(''),
  })
    .superRefine((values, ctx) => {
      values.emails.forEach((email, index) => {
        const trimmed = email.trim();
        if (trimmed && !EMAIL.safeParse(trimmed).success) {
          ctx.addIssue({
            code: 'custom',
            path: ['emails', index],
            message: contactsEs.invalidEmail,
          });
        }
      });
      for (const [index, message] of phoneErrors(values.phones, country, {
        required: !flags.phoneOptional && !context.hasChannels,
        extensionAllowed: flags.internalPhoneNumbers,
      })) {
        ctx.addIssue({ code: 'custom', path: ['phones', index, 'phone'], message });
      }
      values.phones.forEach((row, index) => {
        if (row.extensionNumber && !/^\d+$/.test(row.extensionNumber)) {
          ctx.addIssue({
            code: 'custom',
            path: ['phones', index, 'extensionNumber'],
            message: contactsEs.extensionDigits,
          });
        }
      });
      if (
        context.mode === 'create' &&
        context.activeOrigins &&
        values.origin &&
        !context.activeOrigins.includes(values.origin)
      ) {
        ctx.addIssue({ code: 'custom', path: ['origin'], message: contactsEs.invalidOrigin });
      }
      const required = new Set(flags.requiredKinds ?? []);
      if ((flags.requiredTags || required.has('statusTag')) && !values.statusTag) {
        ctx.addIssue({ code: 'custom', path: ['statusTag'], message: contactsEs.tagRequired });
      }
      // The kinds the tenant's form definition makes required (contact-form.ts REQUIRABLE_KINDS).
      for (const kind of ['lastName', 'govId', 'detail'] as const) {
        if (required.has(kind) && !values[kind].trim()) {
          ctx.addIssue({ code: 'custom', path: [kind], message: contactsEs.fieldRequired });
        }
      }
      if (required.has('emails') && !values.emails.some((email) => email.trim())) {
        ctx.addIssue({ code: 'custom', path: ['emails', 0], message: contactsEs.fieldRequired });
      }
      // The origin is chosen once, when the contact is created (02 §4).
      if (required.has('origin') && context.mode === 'create' && !values.origin) {
        ctx.addIssue({ code: 'custom', path: ['origin'], message: contactsEs.fieldRequired });
      }
      if (
        required.has('affiliatedCompanyGroup') &&
        !(flags.businessSalesModel && flags.requiredCompany) &&
        !values.affiliatedCompanyGroup.some((row) => row.companyId)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['affiliatedCompanyGroup'],
          message: contactsEs.companyRequired,
        });
      }
      if (
        required.has('location') &&
        !(flags.locationShown && flags.locationRequired) &&
        !values.contactLocation
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['contactLocation'],
          message: contactsEs.locationRequired,
        });
      }
      if (
        flags.businessSalesModel &&
        flags.requiredCompany &&
        !values.affiliatedCompanyGroup.some((row) => row.companyId)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['affiliatedCompanyGroup'],
          message: contactsEs.companyRequired,
        });
      }
      if (flags.locationShown && flags.locationRequired && !values.contactLocation) {
        ctx.addIssue({
          code: 'custom',
          path: ['contactLocation'],
          message: contactsEs.locationRequired,
        });
      }
    })
    .transform((values) => {
      const phones = values.phones
        .filter((row) => row.phone.trim() !== '')
        .map((row) => ({
          phone: normalizePhone(row.phone, country) ?? cleanPhone(row.phone),
          extensionNumber: flags.internalPhoneNumbers ? row.extensionNumber : '',
        }));
      const seenCompanies = new Set<string>();
      return {
        ...values,
        phones,
        emails: [
          ...new Set(values.emails.map((email) => email.trim().toLowerCase()).filter(Boolean)),
        ],
        affiliatedCompanyGroup: values.affiliatedCompanyGroup.filter((row) => {
          if (!row.companyId || seenCompanies.has(row.companyId)) return false;
          seenCompanies.add(row.companyId);
          return true;
        }) as Array<AffiliationRow & { companyId: string }>,
      };
    });
}

export type ContactFormOutput = z.output<ReturnType<typeof contactFormSchema>>;

/**
 * The phone rules of the sheet (02 §5) as (row index, message) pairs: the first phone is
 * required unless optional, extra rows must not be empty, each number must be valid for the
 * country or carry another country code, and no number may repeat.
 */
export function phoneErrors(
  rows: readonly { phone: string }[],
  country: string,
  options: { required: boolean; extensionAllowed?: boolean },
): Array<[number, string]> {
  const errors = new Map<number, string>();
  const invalid = format(contactsEs.phoneInvalidForCountry, { country: countryName(country) });
  rows.forEach((row, index) => {
    const value = row.phone.trim();
    if (!value) {
      if (index === 0 && options.required) errors.set(index, contactsEs.phoneRequired);
      else if (index > 0) errors.set(index, contactsEs.extraPhoneRequired);
      return;
    }
    if (!normalizePhone(value, country)) errors.set(index, invalid);
  });
  if (rows.length === 0 && options.required) errors.set(0, contactsEs.phoneRequired);
  for (const index of repeatedPhones(
    rows.map((row) => row.phone),
    country,
  )) {
    if (!errors.has(index)) errors.set(index, contactsEs.phoneRepeated);
  }
  return [...errors.entries()].sort(([a], [b]) => a - b);
}

/** The phone input's own check while typing (02 §5 'El número ingresado no es válido'). */
export function typedPhoneError(raw: string, country: string): string | null {
  if (!raw.trim()) return null;
  return normalizePhone(raw, country) ? null : contactsEs.phoneTyped;
}
