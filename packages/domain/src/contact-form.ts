/** The contact sheet's definition: limits, the tenant's form items and what flags show (02 §5, §6, §9). */
import { z } from 'zod';
import { flagOn, type FeatureFlag } from './policy';

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
  const on = (flag: FeatureFlag) => flagOn({ featureFlags }, flag);
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
