import { z } from 'zod';
import { ZDirectionValue } from './custom-fields';
import { contactsEs } from './i18n/contacts.es';
import { format } from './i18n/es';
import { cleanPhone, DEFAULT_PHONE_COUNTRY, normalizePhone, repeatedPhones } from './phone';

/** 02 §9 and §5. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_DETAIL_MAX = 255;
export const CONTACT_GOV_ID_MAX = 30;
export const CONTACT_EXTENSION_MAX = 10;
/** 02 §9: panels show 3 items before 'Ver mas'. */
export const PANEL_PREVIEW_COUNT = 3;
/** 02 §9: pause before the external system validates the sheet. */
export const EXTERNAL_VALIDATION_DEBOUNCE_MS = 400;
/** 02 §9: pause before a typed phone is checked on the server. */
export const PHONE_SERVER_CHECK_DEBOUNCE_MS = 300;

/**
 * The kinds of the configurable contact form (02 §2 screen 1). `additionalData` without a code
 * stands for every active custom contact field; with a code, for that one field.
 */
export const CONTACT_FORM_KINDS = [
  'firstName',
  'lastName',
  'phones',
  'emails',
  'govId',
  'statusTag',
  'location',
  'origin',
  'affiliatedCompanyGroup',
  'detail',
  'additionalData',
] as const;
export type ContactFormKind = (typeof CONTACT_FORM_KINDS)[number];

/** One entry of a tenant's form definition; `kind` is a string so unknown kinds survive. */
export const ZContactFormItem = z.object({
  kind: z.string().min(1).max(60),
  code: z.string().max(60).optional(),
});
export type ContactFormItem = z.infer<typeof ZContactFormItem>;

export const DEFAULT_CONTACT_FORM: readonly ContactFormItem[] = [
  { kind: 'firstName' },
  { kind: 'lastName' },
  { kind: 'govId' },
  { kind: 'phones' },
  { kind: 'emails' },
  { kind: 'statusTag' },
  { kind: 'origin' },
  { kind: 'affiliatedCompanyGroup' },
  { kind: 'location' },
  { kind: 'detail' },
  { kind: 'additionalData' },
];

export function isKnownFormKind(kind: string): kind is ContactFormKind {
  return (CONTACT_FORM_KINDS as readonly string[]).includes(kind);
}

/** What the tenant's feature flags and settings change in the sheet (02 §5, §6). */
export interface ContactFormFlags {
  /** An extension number beside each phone. */
  internalPhoneNumbers: boolean;
  /** Affiliated companies are part of the sheet. */
  businessSalesModel: boolean;
  /** At least one company (with businessSalesModel). */
  requiredCompany: boolean;
  requiredTags: boolean;
  locationShown: boolean;
  locationRequired: boolean;
  /** Hides the last name; the gov id shows instead (unless disabled too). */
  disableLastname: boolean;
  disableGovId: boolean;
  /** The first phone is optional. */
  phoneOptional: boolean;
}

export type FlagSource = Partial<Record<string, 0 | 1>>;

export function contactFormFlags(
  featureFlags: FlagSource,
  settings: { phoneOptional?: boolean } = {},
): ContactFormFlags {
  const on = (flag: string) => featureFlags[flag] === 1;
  return {
    internalPhoneNumbers: on('internalPhoneNumbers'),
    businessSalesModel: on('businessSalesModel'),
    requiredCompany: on('requiredCompany'),
    requiredTags: on('requiredTags'),
    locationShown: on('locationField') || on('locationRequired'),
    locationRequired: on('locationRequired'),
    disableLastname: on('disableLastname'),
    disableGovId: on('disableGovId'),
    phoneOptional: settings.phoneOptional === true,
  };
}

/** Whether a kind of the definition is shown with these flags. */
export function isKindShown(kind: string, flags: ContactFormFlags): boolean {
  switch (kind) {
    case 'lastName':
      return !flags.disableLastname;
    case 'govId':
      return flags.disableLastname && !flags.disableGovId;
    case 'location':
      return flags.locationShown;
    case 'affiliatedCompanyGroup':
      return flags.businessSalesModel;
    default:
      return true;
  }
}

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
      if (flags.requiredTags && !values.statusTag) {
        ctx.addIssue({ code: 'custom', path: ['statusTag'], message: contactsEs.tagRequired });
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

// ---------------------------------------------------------------------------------------------
// Transfer (02 §8)

export const TRANSFER_ERROR_CODES = [
  'ERROR_YOURSELF_TRANSFER',
  'ERROR_GROUP_NOT_FOUND',
  'ERROR_INVALID_DATA',
  'ERROR_ALREADY_BELONGS_TO_AGENT',
  'ERROR_USER_PROXY',
  'ERROR_NOT_AUTHORIZED_GROUP',
  'DISABLED_FEATURE',
] as const;

/** The code without the optional TRANSFER_ prefix, when it is a transfer code. */
export function transferCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const bare = code.startsWith('TRANSFER_') ? code.slice('TRANSFER_'.length) : code;
  return (TRANSFER_ERROR_CODES as readonly string[]).includes(bare) ? bare : undefined;
}

// ---------------------------------------------------------------------------------------------
// Sub-conversations (02 §4, 03 §5)

export const SUB_CONVERSATION_STATUSES = [
  'new',
  'closed',
  'disregarded',
  'sold',
  'reminder',
  'active',
  'overdue_reminder',
] as const;
export type SubConversationStatus = (typeof SUB_CONVERSATION_STATUSES)[number];

export function subConversationStatusLabel(status: string): string {
  return (
    (contactsEs.subConversationStatus as Record<string, string>)[status] ??
    contactsEs.subConversationStatus.new
  );
}

/**
 * 03 §5: who may create a sub-conversation. The group lists roles (default 'all'); 'comercial'
 * and 'super' match by role, 'owner' when the user is the contact's agent.
 */
export function canCreateSubConversation(input: {
  flagOn: boolean;
  allowedRoles: readonly string[];
  userRoles: readonly string[];
  isOwner: boolean;
  contactIsSubConversation: boolean;
}): boolean {
  if (!input.flagOn || input.contactIsSubConversation) return false;
  const allowed = input.allowedRoles.length ? input.allowedRoles : ['all'];
  if (allowed.includes('all')) return true;
  if (allowed.includes('owner') && input.isOwner) return true;
  return input.userRoles.some((role) => allowed.includes(role));
}

/** 02 §6: unify needs the group's setting on and a listed role (or 'all'). */
export function canUnify(
  setting: { active?: boolean; roles?: readonly string[] } | undefined,
  roles: readonly string[],
) {
  if (!setting?.active) return false;
  const allowed = setting.roles ?? [];
  return allowed.includes('all') || roles.some((role) => allowed.includes(role));
}

// ---------------------------------------------------------------------------------------------
// Unify (02 §2 screen 5, §4)

export const ZUnifyInput = z
  .object({
    contactA: z.string({ error: contactsEs.contactARequired }).uuid(contactsEs.contactARequired),
    contactB: z.string({ error: contactsEs.contactBRequired }).uuid(contactsEs.contactBRequired),
    base: z.enum(['A', 'B']).default('A'),
  })
  .refine((value) => value.contactA !== value.contactB, {
    message: contactsEs.unifySame,
    path: ['contactB'],
  });

/** What unify reads of each contact. */
export interface UnifySide {
  id: string;
  firstName: string;
  lastName: string;
  phones: string[];
  emails: string[];
  govId: string | null;
  statusTag: string | null;
  origin: string | null;
  detail: string;
  additionalData: Record<string, unknown>;
  createdAt: Date;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/**
 * The merge of 02 §4: phones and e-mails are the union (base first), every other value is the
 * base's unless the base has none. Used for the preview column 'Resultado' and by the server.
 */
export function mergeContacts(base: UnifySide, other: UnifySide) {
  const pick = <T>(a: T, b: T): T => (isBlank(a) ? b : a);
  const additionalData: Record<string, unknown> = { ...other.additionalData };
  for (const [code, value] of Object.entries(base.additionalData)) {
    if (!isBlank(value)) additionalData[code] = value;
  }
  return {
    firstName: pick(base.firstName, other.firstName),
    lastName: pick(base.lastName, other.lastName),
    phones: [...new Set([...base.phones, ...other.phones])],
    emails: [...new Set([...base.emails, ...other.emails])],
    govId: pick(base.govId, other.govId),
    statusTag: pick(base.statusTag, other.statusTag),
    origin: pick(base.origin, other.origin),
    detail: pick(base.detail, other.detail),
    additionalData,
  };
}

/** 02 §4: the base defaults to the older contact. */
export function defaultUnifyBase(a: UnifySide, b: UnifySide): 'A' | 'B' {
  return b.createdAt.getTime() < a.createdAt.getTime() ? 'B' : 'A';
}

// ---------------------------------------------------------------------------------------------
// 'Copiar conversación' (02 §2 screen 2)

export interface CopyableInteraction {
  createdAt: Date;
  agentName: string | null;
  type: string;
  body: string;
}

/** One line per interaction: date, agent or 'Sistema', type, body. */
export function conversationText(
  items: readonly CopyableInteraction[],
  formatDate: (date: Date) => string,
): string {
  return items
    .map((item) =>
      [
        formatDate(item.createdAt),
        item.agentName ?? contactsEs.system,
        contactsEs.interactionTypes[item.type] ?? item.type,
        item.body.replace(/\s*\n\s*/g, ' '),
      ].join(' - '),
    )
    .join('\n');
}
