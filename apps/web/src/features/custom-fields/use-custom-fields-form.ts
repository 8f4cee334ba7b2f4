import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { isFieldVisible, type CustomFieldEntity } from '@cartera/domain/custom-fields';
import type { Role } from '@cartera/domain/roles';
import { useTRPC } from '../../lib/trpc';
import {
  fieldError,
  isEmptyFormValue,
  toFormValue,
  toStoredValue,
  type FormField,
  type FormValue,
} from './field-values';

/** 02 §5: unique values are checked on the server after a 500 ms pause in typing. */
export const UNIQUE_CHECK_DELAY_MS = 500;

/** 02 §4 Company and options: the states of a unique-field check. */
export type UniqueState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success' }
  | { status: 'error'; message: string; existingId: string | null; itsMine: boolean };

export interface CustomFieldsFormOptions {
  entity: CustomFieldEntity;
  /** The fields the form shows (customFields.forForm). */
  fields: FormField[];
  /** Stored values of the record being edited; the fields' default values when creating. */
  initial?: Record<string, unknown>;
  /** The record being edited: its own value is not a duplicate. */
  exceptId?: string;
  /** Tenant country for phone numbers. */
  country?: string;
  /** Creating or editing: onlyRead fields are hidden when creating (02 §5). */
  mode: 'create' | 'edit';
  /** The user's roles: disableForUsers fields are for supervisors and commercial only. */
  roles: readonly Role[];
}

export interface CustomFieldsForm {
  /** The fields this user sees in this mode, in order. */
  fields: FormField[];
  /** Shown but not editable (onlyRead while editing): never validated nor sent. */
  isReadOnly: (field: FormField) => boolean;
  valueOf: (code: string) => FormValue;
  setValue: (code: string, value: FormValue) => void;
  /** Validates the field when the user leaves it (02 §5: on blur and on submit). */
  blur: (code: string) => void;
  /** The message to show under the field, if any. */
  errorOf: (code: string) => string | null;
  uniqueOf: (code: string) => UniqueState;
  /** A unique check still running: saving waits for it. */
  checking: boolean;
  /** Shows every field's message; true when the values may be sent. */
  validate: () => boolean;
  /** Messages the server gave per field code (CUSTOM_FIELD_INVALID). */
  setServerErrors: (errors: Record<string, string>) => void;
  /** additionalData to send: every shown field, null for the empty ones. */
  payload: () => Record<string, unknown>;
}

function sameValue(a: FormValue | undefined, b: FormValue | undefined) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * State, validation and unique checks of the configurable fields of one form. The one validator
 * is the domain's `validateFieldValue`; the one renderer is `CustomFieldInput`. Used by the
 * company dialog now and by the contact sheet later.
 */
export function useCustomFieldsForm(options: CustomFieldsFormOptions): CustomFieldsForm {
  const { entity, exceptId, country } = options;
  // The server already filters by role (customFields.forForm); the same rule here keeps a
  // cached or reused definition list consistent with who is looking.
  const fields = options.fields.filter((field) =>
    isFieldVisible(field, options.roles, options.mode),
  );
  const editable = fields.filter((field) => !field.onlyRead);
  const trpc = useTRPC();
  const [initial] = useState(() => {
    const values: Record<string, FormValue> = {};
    for (const field of fields) {
      const stored = options.initial ? options.initial[field.code] : field.defaultValue;
      values[field.code] = toFormValue(field, stored);
    }
    return values;
  });
  const [values, setValues] = useState<Record<string, FormValue>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<Record<string, string>>({});
  const [debounced] = useDebouncedValue(values, UNIQUE_CHECK_DELAY_MS);

  const valueOf = (code: string): FormValue => {
    if (Object.hasOwn(values, code)) return values[code]!;
    const field = fields.find((each) => each.code === code);
    return field ? toFormValue(field, field.defaultValue) : null;
  };
  const localError = (field: FormField, value: FormValue) => fieldError(field, value, { country });

  // A unique field is checked once typing pauses, when its value is valid and not the saved one.
  const uniqueFields = editable.filter((field) => field.uniqueField);
  const checkable = (field: FormField) => {
    const value = debounced[field.code] ?? null;
    return (
      !isEmptyFormValue(field, value) &&
      !sameValue(value, initial[field.code]) &&
      localError(field, value) === null
    );
  };
  const checks = useQueries({
    queries: uniqueFields.map((field) => ({
      ...trpc.customField.checkUnique.queryOptions({
        entity,
        code: field.code,
        value: toStoredValue(field, debounced[field.code] ?? null),
        exceptId,
      }),
      enabled: checkable(field),
      staleTime: 0,
      gcTime: 60_000,
    })),
  });

  const uniqueOf = (code: string): UniqueState => {
    const index = uniqueFields.findIndex((field) => field.code === code);
    if (index < 0) return { status: 'idle' };
    const field = uniqueFields[index]!;
    const value = valueOf(code);
    if (
      isEmptyFormValue(field, value) ||
      sameValue(value, initial[code]) ||
      localError(field, value) !== null
    ) {
      return { status: 'idle' };
    }
    if (!sameValue(value, debounced[code])) return { status: 'loading' };
    const check = checks[index];
    if (!check || check.isFetching) return { status: 'loading' };
    if (!check.data) return { status: 'idle' }; // the server checks again when saving
    if (check.data.success) return { status: 'success' };
    return {
      status: 'error',
      message: check.data.error ?? '',
      existingId: check.data.existingId,
      itsMine: check.data.itsMine,
    };
  };

  const errorOf = (code: string): string | null => {
    const field = editable.find((each) => each.code === code);
    if (!field) return null;
    if (serverErrors[code]) return serverErrors[code];
    if (!submitted && !touched.has(code)) return null;
    return localError(field, valueOf(code));
  };

  return {
    fields,
    isReadOnly: (field) => field.onlyRead,
    valueOf,
    setValue(code, value) {
      setValues((current) => ({ ...current, [code]: value }));
      if (serverErrors[code]) {
        setServerErrorsState(({ [code]: _dropped, ...rest }) => rest);
      }
    },
    blur(code) {
      if (!touched.has(code)) setTouched(new Set([...touched, code]));
    },
    errorOf,
    uniqueOf,
    checking: uniqueFields.some((field) => uniqueOf(field.code).status === 'loading'),
    validate() {
      setSubmitted(true);
      return editable.every(
        (field) =>
          localError(field, valueOf(field.code)) === null &&
          !serverErrors[field.code] &&
          uniqueOf(field.code).status !== 'error',
      );
    },
    setServerErrors(errors) {
      setServerErrorsState(errors);
    },
    payload() {
      const data: Record<string, unknown> = {};
      for (const field of editable) data[field.code] = toStoredValue(field, valueOf(field.code));
      return data;
    },
  };
}
