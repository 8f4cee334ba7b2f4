import { z } from 'zod';
import { ZJsonValue } from '@cartera/domain/input';
import type { Database, Executor } from '@cartera/db/client';
import type { CustomField, SharedOption } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { DomainError } from '@cartera/domain/errors';
import {
  CUSTOM_FIELD_CODE_PATTERN,
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  definitionErrors,
  isEmptyValue,
  isFieldVisible,
  validateFieldValue,
  ZCustomFieldOption,
  ZOptionsFilter,
  type CustomFieldEntity,
} from '@cartera/domain/custom-fields';
import { DEFAULT_OPTION_COLOR, SHARED_OPTION_NAME_MAX } from '@cartera/domain/companies';
import { es } from '@cartera/domain/i18n';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteSharedOption,
  existingIds,
  findDuplicateValue,
  findField,
  findFieldByCode,
  findFields,
  findSharedOptions,
  insertField,
  insertSharedOption,
  updateField,
  updateSharedOption,
} from './custom-fields.repository';

export const ZSharedOption = z.object({
  code: z.string(),
  name: z.string(),
  backgroundColor: z.string(),
  color: z.string(),
});

export const ZCustomField = z.object({
  id: z.string(),
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  code: z.string(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(ZCustomFieldOption),
  required: z.boolean(),
  active: z.boolean(),
  placeholder: z.string(),
  uniqueField: z.boolean(),
  onlyRead: z.boolean(),
  disableForUsers: z.boolean(),
  requiredOnSale: z.boolean(),
  autocomplete: z.boolean(),
  defaultValue: ZJsonValue.optional(),
  minChars: z.number().nullable(),
  maxChars: z.number().nullable(),
  optionsFilters: z.array(ZOptionsFilter),
  showOnProspectHeader: z.boolean(),
  position: z.number(),
  sharedOptions: z.array(ZSharedOption),
});
export type CustomFieldView = z.infer<typeof ZCustomField>;

const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, es.validation.colorInvalid);
const ZBound = z
  .number(es.fieldsConfig.fields.boundInvalid)
  .int(es.fieldsConfig.fields.boundInvalid)
  .max(5000, es.fieldsConfig.fields.boundInvalid);

export const ZCustomFieldInput = z.object({
  entity: z.enum(CUSTOM_FIELD_ENTITIES),
  code: z.string().trim().regex(CUSTOM_FIELD_CODE_PATTERN, es.fieldsConfig.fields.codeInvalid),
  name: z
    .string()
    .trim()
    .min(1, es.fieldsConfig.fields.nameRequired)
    .max(100, es.fieldsConfig.fields.nameTooLong),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(ZCustomFieldOption).max(200).default([]),
  required: z.boolean().default(false),
  active: z.boolean().default(true),
  placeholder: z.string().max(200).default(''),
  uniqueField: z.boolean().default(false),
  onlyRead: z.boolean().default(false),
  disableForUsers: z.boolean().default(false),
  requiredOnSale: z.boolean().default(false),
  autocomplete: z.boolean().default(false),
  defaultValue: z.unknown().optional(),
  minChars: ZBound.min(0, es.fieldsConfig.fields.boundInvalid).nullable().default(null),
  maxChars: ZBound.min(1, es.fieldsConfig.fields.boundInvalid).nullable().default(null),
  optionsFilters: z.array(ZOptionsFilter).max(50).default([]),
  showOnProspectHeader: z.boolean().default(false),
  position: z.number().int().min(0).max(10_000).default(0),
});

export const ZSharedOptionInput = z.object({
  name: z.string().trim().min(1, es.fields.required).max(SHARED_OPTION_NAME_MAX),
  backgroundColor: ZHexColor.default(DEFAULT_OPTION_COLOR),
  color: ZHexColor.default('#FFFFFF'),
});

function toView(field: CustomField, options: SharedOption[]): CustomFieldView {
  return {
    id: field.id,
    entity: field.entity,
    code: field.code,
    name: field.name,
    type: field.type,
    options: field.options,
    required: field.required,
    active: field.active,
    placeholder: field.placeholder,
    uniqueField: field.uniqueField,
    onlyRead: field.onlyRead,
    disableForUsers: field.disableForUsers,
    requiredOnSale: field.requiredOnSale,
    autocomplete: field.autocomplete,
    defaultValue: field.defaultValue ?? undefined,
    minChars: field.minChars,
    maxChars: field.maxChars,
    optionsFilters: field.optionsFilters,
    showOnProspectHeader: field.showOnProspectHeader,
    position: field.position,
    sharedOptions: options
      .filter((option) => option.fieldId === field.id)
      .map(({ code, name, backgroundColor, color }) => ({ code, name, backgroundColor, color })),
  };
}

/** Every field of an entity with its shared options (management and validation). */
export async function loadFields(db: Executor, tenantId: string, entity: CustomFieldEntity) {
  const fields = await findFields(db, tenantId, entity);
  const options = await findSharedOptions(
    db,
    tenantId,
    fields.filter((field) => field.type === 'sharedmultioptions').map((field) => field.id),
  );
  return fields.map((field) => toView(field, options));
}

/** The fields a form shows this user (02 §5 visibility rules). */
export async function fieldsForForm(
  db: Executor,
  user: AuthUser,
  entity: CustomFieldEntity,
  mode: 'create' | 'edit',
) {
  return (await loadFields(db, user.tenantId, entity)).filter((field) =>
    isFieldVisible(field, user.roles, mode),
  );
}

/** A definition's own rules (definitionErrors), as INVALID_REQUEST_BODY with Spanish fields. */
function checkDefinition(definition: Parameters<typeof definitionErrors>[0]) {
  const fields = definitionErrors(definition);
  if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST_BODY', { fields });
}

export async function createField(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZCustomFieldInput>,
) {
  checkDefinition(input);
  if (await findFieldByCode(db, tenantId, input.entity, input.code)) {
    throw new DomainError('CUSTOM_FIELD_CODE_TAKEN');
  }
  const field = await insertField(db, { ...input, tenantId });
  return toView(field, []);
}

export async function changeField(
  db: Database,
  tenantId: string,
  id: string,
  input: Partial<Omit<z.infer<typeof ZCustomFieldInput>, 'entity' | 'code' | 'type'>>,
) {
  const current = await findField(db, tenantId, id);
  if (!current) throw new DomainError('CUSTOM_FIELD_NOT_FOUND');
  // A bound sent as null is cleared; one left out stays.
  checkDefinition({
    type: current.type,
    options: input.options ?? current.options,
    minChars: input.minChars === undefined ? current.minChars : input.minChars,
    maxChars: input.maxChars === undefined ? current.maxChars : input.maxChars,
  });
  const updated = await updateField(db, tenantId, id, input);
  const options = await findSharedOptions(db, tenantId, [id]);
  return toView(updated!, options);
}

async function sharedField(db: Executor, tenantId: string, fieldId: string) {
  const field = await findField(db, tenantId, fieldId);
  if (!field || field.type !== 'sharedmultioptions')
    throw new DomainError('CUSTOM_FIELD_NOT_FOUND');
  return field;
}

export async function addSharedOption(
  db: Database,
  tenantId: string,
  fieldId: string,
  input: z.infer<typeof ZSharedOptionInput>,
) {
  await sharedField(db, tenantId, fieldId);
  const option = await insertSharedOption(db, {
    tenantId,
    fieldId,
    code: newId(),
    name: input.name,
    backgroundColor: input.backgroundColor,
    color: input.color,
  });
  return {
    code: option.code,
    name: option.name,
    backgroundColor: option.backgroundColor,
    color: option.color,
  };
}

export async function editSharedOption(
  db: Database,
  tenantId: string,
  fieldId: string,
  code: string,
  input: z.infer<typeof ZSharedOptionInput>,
) {
  await sharedField(db, tenantId, fieldId);
  const option = await updateSharedOption(db, tenantId, fieldId, code, input);
  if (!option) throw new DomainError('SHARED_OPTION_NOT_FOUND');
  return {
    code: option.code,
    name: option.name,
    backgroundColor: option.backgroundColor,
    color: option.color,
  };
}

export async function removeSharedOption(
  db: Database,
  tenantId: string,
  fieldId: string,
  code: string,
) {
  await sharedField(db, tenantId, fieldId);
  if (!(await deleteSharedOption(db, tenantId, fieldId, code))) {
    throw new DomainError('SHARED_OPTION_NOT_FOUND');
  }
}

export interface UniqueCheck {
  success: boolean;
  /** The record that already holds the value. */
  existingId: string | null;
  /** The existing record is the caller's own (their contact), so the form offers 'Ir al contacto'. */
  itsMine: boolean;
  error: string | null;
}

/** 02 §5: a unique field's value, checked on the server while the user types. */
export async function checkUniqueValue(
  db: Executor,
  user: AuthUser,
  input: { entity: CustomFieldEntity; code: string; value: unknown; exceptId?: string | undefined },
): Promise<UniqueCheck> {
  const field = await findFieldByCode(db, user.tenantId, input.entity, input.code);
  if (!field) throw new DomainError('CUSTOM_FIELD_NOT_FOUND');
  if (!field.uniqueField || isEmptyValue(input.value)) {
    return { success: true, existingId: null, itsMine: false, error: null };
  }
  const duplicate = await findDuplicateValue(
    db,
    user.tenantId,
    input.entity,
    field.code,
    input.value,
    input.exceptId,
  );
  if (!duplicate) return { success: true, existingId: null, itsMine: false, error: null };
  return {
    success: false,
    existingId: duplicate.id,
    itsMine: duplicate.ownerId === user.id,
    error: input.entity === 'contact' ? es.fields.notUnique : es.fields.notUniqueCompany,
  };
}

/**
 * Checks a record's custom values against the tenant's definitions: each value's type and
 * rules, references to contacts and companies of the same tenant, and unique fields. Throws
 * CUSTOM_FIELD_INVALID with the Spanish message per field code; returns the values to store
 * (unknown codes are dropped, inactive fields keep their stored value).
 */
export async function validateAdditionalData(
  db: Executor,
  user: AuthUser,
  entity: CustomFieldEntity,
  data: Record<string, unknown>,
  options: {
    country: string;
    exceptId?: string;
    previous?: Record<string, unknown>;
    /** Fields the form does not show: their value may be empty even when required. */
    notShown?: (code: string) => boolean;
    /**
     * Only these fields are judged (a change of some fields, 02 §7): the others keep their
     * previous value as it is.
     */
    only?: ReadonlySet<string>;
  },
): Promise<Record<string, unknown>> {
  const fields = await loadFields(db, user.tenantId, entity);
  const errors: Record<string, string> = {};
  const result: Record<string, unknown> = { ...(options.previous ?? {}) };
  for (const field of fields) {
    if (!field.active) continue;
    if (options.only && !options.only.has(field.code)) continue;
    const value = Object.hasOwn(data, field.code) ? data[field.code] : result[field.code];
    if (isEmptyValue(value) && options.notShown?.(field.code)) {
      delete result[field.code];
      continue;
    }
    const message = validateFieldValue(field, value, {
      country: options.country,
      sharedOptionCodes: field.sharedOptions.map((option) => option.code),
    });
    if (message) {
      errors[field.code] = message;
      continue;
    }
    if (isEmptyValue(value)) {
      delete result[field.code];
      continue;
    }
    const reference =
      field.type === 'selectcontact' || field.type === 'multiplecontact'
        ? 'contact'
        : field.type === 'selectcompany' || field.type === 'multiplecompany'
          ? 'company'
          : null;
    if (reference) {
      const wanted = Array.isArray(value) ? (value as string[]) : [value as string];
      const found = await existingIds(db, user.tenantId, reference, wanted);
      if (wanted.some((id) => !found.has(id))) {
        errors[field.code] = es.fields.invalidValue;
        continue;
      }
    }
    if (field.uniqueField) {
      const duplicate = await findDuplicateValue(
        db,
        user.tenantId,
        entity,
        field.code,
        value,
        options.exceptId,
      );
      if (duplicate) {
        errors[field.code] =
          entity === 'contact' ? es.fields.notUnique : es.fields.notUniqueCompany;
        continue;
      }
    }
    result[field.code] =
      field.type === 'number' && typeof value === 'string' ? Number(value) : value;
  }
  if (Object.keys(errors).length > 0)
    throw new DomainError('CUSTOM_FIELD_INVALID', { fields: errors });
  return result;
}

/** Which of `ids` are contacts or companies of the tenant (checks of referencing fields). */
export { existingIds } from './custom-fields.repository';
