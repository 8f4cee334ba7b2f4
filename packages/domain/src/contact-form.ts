/** The contact sheet's definition: limits, the tenant's form items and what flags show (02 §5, §6, §9). */
import { z } from 'zod';
import { fieldsConfigEs } from './i18n/fields-config.es';
import { flagOn, type FeatureFlag } from './policy';
import { ROLES } from './roles';

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

/**
 * One entry of a tenant's form definition; `kind` is a string so unknown kinds survive.
 * `hidden` keeps the entry (and its place) out of the sheet; `required` makes a kind that is
 * optional by default required (REQUIRABLE_KINDS), on the web form and on the server alike.
 */
export const ZContactFormItem = z.object({
  kind: z.string().min(1).max(60),
  code: z.string().max(60).optional(),
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
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

/** Kinds the sheet cannot do without: never hidden (the first name is always required). */
export const FIXED_FORM_KINDS: readonly ContactFormKind[] = ['firstName', 'phones'];

/**
 * Kinds the form definition may make required. The phone's requirement is the separate
 * `phoneOptional` setting; custom fields carry their own `required`.
 */
export const REQUIRABLE_KINDS: readonly ContactFormKind[] = [
  'lastName',
  'govId',
  'emails',
  'statusTag',
  'origin',
  'location',
  'affiliatedCompanyGroup',
  'detail',
];

/** The kinds a definition makes required: marked required, requirable and not hidden. */
export function requiredKindsOf(form: readonly ContactFormItem[] | undefined): string[] {
  return (form ?? [])
    .filter(
      (item) =>
        item.required === true &&
        item.hidden !== true &&
        (REQUIRABLE_KINDS as readonly string[]).includes(item.kind),
    )
    .map((item) => item.kind);
}

/**
 * Whether the sheet shows the custom field `code`: an `additionalData` item that is not hidden,
 * without a code (every field) or with this one. A field the sheet does not show is never
 * required of it (nobody could fill it); its stored value stays.
 */
export function placesCustomField(form: readonly ContactFormItem[], code: string): boolean {
  return form.some(
    (item) => item.kind === 'additionalData' && !item.hidden && (!item.code || item.code === code),
  );
}

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
  /** Kinds the tenant's form definition makes required (requiredKindsOf). */
  requiredKinds?: string[];
}

export type FlagSource = Partial<Record<string, 0 | 1>>;

export function contactFormFlags(
  featureFlags: FlagSource,
  settings: { phoneOptional?: boolean; form?: readonly ContactFormItem[] } = {},
): ContactFormFlags {
  const on = (flag: FeatureFlag) => flagOn({ featureFlags }, flag);
  const flags: ContactFormFlags = {
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
  // A kind the flags hide is never required: nobody could fill it.
  flags.requiredKinds = requiredKindsOf(settings.form).filter((kind) => isKindShown(kind, flags));
  return flags;
}

/**
 * The definition as the 'Mi Empresa' editor shows it: every item stored (unknown kinds too), then
 * each known kind it lacks, hidden, so every kind can be placed and shown again. Without a stored
 * definition, the default one.
 */
export function editableContactForm(
  stored: readonly ContactFormItem[] | undefined,
): ContactFormItem[] {
  const items = [...(stored ?? DEFAULT_CONTACT_FORM)].map((item) => ({ ...item }));
  for (const kind of CONTACT_FORM_KINDS) {
    if (!items.some((item) => item.kind === kind && (kind !== 'additionalData' || !item.code))) {
      items.push({ kind, hidden: true });
    }
  }
  return items;
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

/**
 * What 'Mi Empresa' saves of `configs.contacts` (issue #17): the form definition (order, hidden
 * and required items), whether the phone is optional, and who may unify contacts. The first
 * name and the phones are never hidden; each kind (and each custom field's own item) once.
 */
export const ZContactFormSettingsInput = z
  .object({
    form: z.array(ZContactFormItem).min(1).max(100),
    phoneOptional: z.boolean(),
    unify: z.object({
      active: z.boolean(),
      roles: z.array(z.enum([...ROLES, 'all'])).max(ROLES.length + 1),
    }),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.form.forEach((item, index) => {
      const id = `${item.kind}:${item.code ?? ''}`;
      if (seen.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['form', index],
          message: fieldsConfigEs.form.repeated,
        });
      }
      seen.add(id);
      if (item.hidden && (FIXED_FORM_KINDS as readonly string[]).includes(item.kind)) {
        ctx.addIssue({
          code: 'custom',
          path: ['form', index],
          message: fieldsConfigEs.form.fixedHidden,
        });
      }
    });
    for (const kind of FIXED_FORM_KINDS) {
      if (!input.form.some((item) => item.kind === kind)) {
        ctx.addIssue({ code: 'custom', path: ['form'], message: fieldsConfigEs.form.fixedHidden });
      }
    }
  });
export type ContactFormSettingsInput = z.infer<typeof ZContactFormSettingsInput>;
