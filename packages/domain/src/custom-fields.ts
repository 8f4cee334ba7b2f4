import { z } from 'zod';
import { companiesEs, fieldsEs } from './i18n/fields.es';
import { fieldsConfigEs } from './i18n/fields-config.es';
import { companyEs } from './i18n/company.es';
import { isValidPhone } from './phone';
import { can } from './policy';
import type { Role } from './roles';
import { ZJsonValue } from './input';

/**
 * Configurable fields of contacts and companies (02 §3, §5): the types, the shape of a value of
 * each type, and the one validator every form and the server use.
 */
export const CUSTOM_FIELD_TYPES = [
  'string',
  'number',
  'select',
  'multiselect',
  'date',
  'phonenumbers',
  'selectcontact',
  'multiplecontact',
  'selectcompany',
  'multiplecompany',
  'sharedmultioptions',
  'direction',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_ENTITIES = ['contact', 'company'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const ZCustomFieldOption = z.object({
  name: z
    .string()
    .trim()
    .min(1, companiesEs.optionNameRequired)
    .max(200, companiesEs.optionNameTooLong),
  color: z.string().max(30).optional(),
});

/** A field's code: a letter, then letters, digits, '-' and '_' (60 at most). */
export const CUSTOM_FIELD_CODE_PATTERN = /^[a-zA-Z][\w-]{0,59}$/;

/** Types whose values are picked from the definition's own `options`. */
export const OPTION_FIELD_TYPES: readonly CustomFieldType[] = ['select', 'multiselect'];

/** Types whose length bounds (minChars, maxChars) mean something. */
export const BOUNDED_FIELD_TYPES: readonly CustomFieldType[] = ['string', 'number'];

/**
 * The rules of a definition beyond each value's shape, by input field, in Spanish (server and
 * 'Mi Empresa' alike): an option type needs options, each once; the minimum may not pass the
 * maximum.
 */
export function definitionErrors(definition: {
  type: CustomFieldType;
  options?: readonly { name: string }[];
  minChars?: number | null;
  maxChars?: number | null;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (OPTION_FIELD_TYPES.includes(definition.type)) {
    const names = (definition.options ?? []).map((option) => option.name.trim().toLowerCase());
    if (names.length === 0) errors.options = fieldsConfigEs.fields.optionsRequired;
    else if (new Set(names).size !== names.length) {
      errors.options = fieldsConfigEs.fields.optionsRepeated;
    }
  }
  const { minChars: min, maxChars: max } = definition;
  if (min != null && max != null && min > max)
    errors.minChars = fieldsConfigEs.fields.boundsCrossed;
  return errors;
}
export type CustomFieldOption = z.infer<typeof ZCustomFieldOption>;

/** Limits which options a user sees by the user's extra fields (02 §3 optionsFilters). */
export const ZOptionsFilter = z.object({
  operator: z.enum(['equal', 'notEqual', 'in']),
  key: z.string().min(1).max(100),
  value: ZJsonValue.optional(),
});
export type OptionsFilter = z.infer<typeof ZOptionsFilter>;

/** 03 §5: tags and origins shown only to users whose extra field matches. */
export const ZUsersFilter = z.object({
  key: z.string().min(1).max(100),
  type: z.enum(['number', 'string', 'select']),
  value: ZJsonValue.optional(),
});
export type UsersFilter = z.infer<typeof ZUsersFilter>;

const filterTexts = companyEs.filters;

/**
 * A user filter as 'Mi Empresa' saves it (issue #17): the user's extra-field code, and a value
 * `matchesUsersFilters` can compare — an integer for 'number', a non-empty text for 'string',
 * one or more texts for 'select'.
 */
export const ZUsersFilterInput = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[\w-]{1,100}$/, { message: filterTexts.fieldInvalid }),
    type: z.enum(['number', 'string', 'select']),
    // Optional as the saved filter reads back (ZUsersFilter); a missing value is refused below.
    value: z.unknown().optional(),
  })
  .transform((filter, ctx) => {
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', message, path: ['value'] });
      return z.NEVER;
    };
    switch (filter.type) {
      case 'number': {
        const text = typeof filter.value === 'string' ? filter.value.trim() : filter.value;
        if (text === '' || text === null || text === undefined) {
          return issue(filterTexts.valueRequired);
        }
        const value = Number(text);
        if (!Number.isInteger(value)) return issue(filterTexts.numberInvalid);
        return { ...filter, value };
      }
      case 'string': {
        const value = typeof filter.value === 'string' ? filter.value.trim() : '';
        if (!value) return issue(filterTexts.valueRequired);
        return { ...filter, value: value.slice(0, 200) };
      }
      case 'select': {
        const list = Array.isArray(filter.value) ? filter.value : [filter.value];
        const value = [
          ...new Set(
            list
              .filter((item): item is string => typeof item === 'string')
              .map((item) => item.trim())
              .filter(Boolean),
          ),
        ].slice(0, 50);
        if (!value.length) return issue(filterTexts.valueRequired);
        return { ...filter, value };
      }
    }
  });
export const ZUsersFiltersInput = z
  .array(ZUsersFilterInput)
  .max(20, { message: filterTexts.tooMany })
  .default([]);

export const ZDirectionValue = z.object({
  formatted_address: z.string().trim().min(1).max(500),
  place_id: z.string().max(300).nullish(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
});

/** What a field definition carries (02 §3), as the validator and the renderer need it. */
export interface FieldDefinition {
  code: string;
  name: string;
  type: CustomFieldType;
  options: CustomFieldOption[];
  required: boolean;
  active: boolean;
  placeholder: string;
  uniqueField: boolean;
  onlyRead: boolean;
  disableForUsers: boolean;
  requiredOnSale: boolean;
  autocomplete: boolean;
  defaultValue?: unknown;
  minChars: number | null;
  maxChars: number | null;
  optionsFilters: OptionsFilter[];
  showOnProspectHeader: boolean;
}

const ids = z.array(z.string().uuid()).max(200);

/** The stored shape of a value of each type. Dates are stored ISO (YYYY-MM-DD). */
export const FIELD_VALUE_SCHEMAS: Record<CustomFieldType, z.ZodType> = {
  string: z.string().max(5000),
  number: z.number().finite(),
  select: z.string().max(200),
  multiselect: z.array(z.string().max(200)).max(200),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  phonenumbers: z.array(z.string().max(40)).max(20),
  selectcontact: z.string().uuid(),
  multiplecontact: ids,
  selectcompany: z.string().uuid(),
  multiplecompany: ids,
  sharedmultioptions: z.array(z.string().max(100)).max(200),
  direction: ZDirectionValue,
};

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'formatted_address' in value) {
    return !(value as { formatted_address?: string }).formatted_address?.trim();
  }
  return false;
}

/** DD/MM/YYYY → YYYY-MM-DD, or null when it is not a real date. Digits and slashes only. */
export function parseDisplayDate(input: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(input.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return null;
  }
  return `${year}-${month}-${day}`;
}

export function formatDisplayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

function fill(template: string, values: Record<string, number>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

function lengthMessage(field: FieldDefinition, length: number): string | null {
  const { minChars: min, maxChars: max } = field;
  if (min == null && max == null) return null;
  if ((min != null && length < min) || (max != null && length > max)) {
    if (min != null && max != null) return fill(fieldsEs.lengthBetween, { min, max });
    if (min != null) return fill(fieldsEs.lengthAtLeast, { min });
    return fill(fieldsEs.lengthAtMost, { max: max! });
  }
  return null;
}

export interface ValidationContext {
  /** Tenant country for phone numbers (default UY). */
  country?: string;
  /** Codes of the field's shared options, for sharedmultioptions. */
  sharedOptionCodes?: readonly string[];
  /** Validating for a sale: requiredOnSale fields become required. */
  forSale?: boolean;
}

/**
 * The Spanish message for a stored value of a field, or null when it is fine. Every form and
 * the server call this; the server additionally checks that referenced contacts and companies
 * exist in the tenant and that unique fields are unique.
 */
export function validateFieldValue(
  field: FieldDefinition,
  value: unknown,
  context: ValidationContext = {},
): string | null {
  if (isEmptyValue(value)) {
    return field.required || (context.forSale && field.requiredOnSale) ? fieldsEs.required : null;
  }
  if (field.type === 'number') {
    const number = typeof value === 'string' ? Number(value.replace(',', '.')) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) return fieldsEs.notANumber;
    return lengthMessage(field, String(value).length);
  }
  if (field.type === 'date') {
    if (typeof value !== 'string' || !FIELD_VALUE_SCHEMAS.date.safeParse(value).success) {
      return fieldsEs.invalidDate;
    }
    return parseDisplayDate(formatDisplayDate(value)) ? null : fieldsEs.invalidDate;
  }
  const parsed = FIELD_VALUE_SCHEMAS[field.type].safeParse(value);
  if (!parsed.success) return fieldsEs.invalidValue;
  switch (field.type) {
    case 'string':
      return lengthMessage(field, (value as string).trim().length);
    case 'select':
      return field.options.some((option) => option.name === value) ? null : fieldsEs.invalidOption;
    case 'multiselect':
      return (value as string[]).every((item) =>
        field.options.some((option) => option.name === item),
      )
        ? null
        : fieldsEs.invalidOption;
    case 'sharedmultioptions':
      return !context.sharedOptionCodes ||
        (value as string[]).every((code) => context.sharedOptionCodes!.includes(code))
        ? null
        : fieldsEs.invalidOption;
    case 'phonenumbers':
      return (value as string[]).every((phone) => isValidPhone(phone, context.country))
        ? null
        : fieldsEs.invalidPhone;
    default:
      return null;
  }
}

/** 02 §5: disableForUsers fields only for supervisors and commercial; onlyRead hidden on create. */
export function isFieldVisible(
  field: Pick<FieldDefinition, 'active' | 'disableForUsers' | 'onlyRead'>,
  roles: readonly Role[],
  mode: 'create' | 'edit',
): boolean {
  if (!field.active) return false;
  if (field.disableForUsers && !can({ roles }, 'superviseSellers')) {
    return false;
  }
  return !(field.onlyRead && mode === 'create');
}

/** 03 §5: number fields compare as integers, strings by equality, selects by inclusion. */
export function matchesUsersFilters(
  filters: readonly UsersFilter[],
  userFields: Record<string, unknown>,
): boolean {
  return filters.every((filter) => {
    const actual = userFields[filter.key];
    switch (filter.type) {
      case 'number':
        return Math.trunc(Number(actual)) === Math.trunc(Number(filter.value));
      case 'string':
        return actual === filter.value;
      case 'select': {
        const wanted = Array.isArray(filter.value) ? filter.value : [filter.value];
        const have = Array.isArray(actual) ? actual : [actual];
        return have.some((item) => wanted.includes(item));
      }
    }
  });
}
