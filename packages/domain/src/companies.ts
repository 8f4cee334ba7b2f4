import { z } from 'zod';
import { ZDirectionValue } from './custom-fields';
import { companiesEs } from './i18n/fields.es';

/** 01 §9 and 02 §9: the tax-code label by the tenant's country; anything else says 'RUT'. */
export const TAX_CODE_LABELS: Record<string, string> = {
  ar: 'CUIT',
  uy: 'RUT',
  pe: 'RUC',
  co: 'NIT',
  cl: 'RUT',
  py: 'RUC',
  mx: 'RFC',
  bo: 'NIT',
  br: 'CNPJ',
  es: 'NIF',
  cr: companiesEs.taxCodeCostaRica,
  ve: 'RIF',
};

export function taxCodeLabel(country: string | null | undefined): string {
  return TAX_CODE_LABELS[(country ?? 'uy').toLowerCase()] ?? 'RUT';
}

/** 02 §5 and §9. */
export const COMPANY_DESCRIPTION_MAX = 300;
export const SECTOR_NAME_MAX = 60;
export const SHARED_OPTION_NAME_MAX = 200;
export const DEFAULT_COMPANY_ORIGIN = 'Carga manual';

/** 02 §9 page sizes: pickers, the search box, lists; sectors. */
export const COMPANY_PAGE_SIZES = { picker: 20, search: 35, list: 50 } as const;
export const SECTOR_PAGE_SIZE = 50;

/** 02 §9: 18 preset option colours, default #0080FF, plus a custom picker. */
export const OPTION_COLORS = [
  '#0080FF',
  '#00B8D9',
  '#36B37E',
  '#00875A',
  '#6554C0',
  '#8777D9',
  '#FF5630',
  '#DE350B',
  '#FFAB00',
  '#FF991F',
  '#F06292',
  '#C2185B',
  '#4E342E',
  '#795548',
  '#253858',
  '#505F79',
  '#97A0AF',
  '#000000',
] as const;
export const DEFAULT_OPTION_COLOR = '#0080FF';

/** 22-colour palette of status tags (issue #4). */
export const TAG_COLORS = [
  '#E03131',
  '#C2255C',
  '#9C36B5',
  '#6741D9',
  '#3B5BDB',
  '#1971C2',
  '#0C8599',
  '#099268',
  '#2F9E44',
  '#66A80F',
  '#F08C00',
  '#E8590C',
  '#FA5252',
  '#F06595',
  '#CC5DE8',
  '#845EF7',
  '#5C7CFA',
  '#339AF0',
  '#22B8CF',
  '#20C997',
  '#51CF66',
  '#868E96',
] as const;

/**
 * The company form of 02 §5, shared by the web form and the server. `displayName` and
 * `taxCode` are required unless the tenant's flag disabling mandatory company fields is on or
 * the tenant hides that field (`hiddenFields`, from the default-field settings).
 */
export function companyFormSchema(
  mandatoryFieldsDisabled: boolean,
  hiddenFields: readonly string[] = [],
) {
  const optionalOrRequired = (field: string, max: number) =>
    mandatoryFieldsDisabled || hiddenFields.includes(field)
      ? z.string().trim().max(max).default('')
      : z.string().trim().min(1, companiesEs.fieldRequired).max(max);
  return z.object({
    businessName: z.string().trim().min(1, companiesEs.businessNameRequired).max(200),
    displayName: optionalOrRequired('displayName', 200),
    taxCode: optionalOrRequired('taxCode', 40),
    origin: z.string().trim().min(1, companiesEs.required).max(100).default(DEFAULT_COMPANY_ORIGIN),
    description: z
      .string()
      .trim()
      .max(COMPANY_DESCRIPTION_MAX, companiesEs.descriptionTooLong)
      .default(''),
    hasSectors: z.boolean().default(false),
    direction: ZDirectionValue.nullish(),
    additionalData: z.record(z.string(), z.unknown()).default({}),
  });
}

/** The default fields a tenant hides, from its settings. */
export function hiddenDefaultFields(
  defaultFields: Record<string, { hidden?: boolean | undefined } | undefined>,
): string[] {
  return Object.entries(defaultFields)
    .filter(([, settings]) => settings?.hidden)
    .map(([field]) => field);
}

export type TCompanyInput = z.infer<ReturnType<typeof companyFormSchema>>;

/** The widest accepted shape (the server applies the tenant's flag afterwards). */
export const ZCompanyInput = companyFormSchema(true);

export const ZSectorName = z
  .string()
  .trim()
  .min(1, companiesEs.sectorNameTooShort)
  .max(SECTOR_NAME_MAX, companiesEs.sectorNameTooLong);

/**
 * Icons the companies panel may carry in the side menu (issue #4, #17): each names one of the
 * menu's icons. 'building' is the default.
 */
export const COMPANY_PANEL_ICONS = [
  'building',
  'briefcase',
  'bank',
  'users',
  'addressBook',
  'hierarchy',
] as const;
export type CompanyPanelIcon = (typeof COMPANY_PANEL_ICONS)[number];
export const COMPANY_PANEL_LABEL_MAX = 40;
export const DEFAULT_FIELD_LABEL_MAX = 60;
