import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactFormItem } from '@cartera/domain/contact-form';
import { type ContactFormContext } from '@cartera/domain/contact-sheet';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import type { PhoneInputState } from '@cartera/domain/phone';
import type { RouterOutputs } from '../../../lib/api-types';
import { domainCodeOf, errorDetailsOf, isAppClientError, userMessageOf } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useTRPC } from '../../../lib/trpc';
import { useMe } from '../../auth/session';
import { fieldError, type FormField } from '../../custom-fields/field-values';
import { useCustomFieldsForm } from '../../custom-fields/use-custom-fields-form';
import { useExternalValidation } from './external-status';
import { placedFields } from './sheet-items';
import {
  checkSheet,
  initialSheetValues,
  type SheetDefaults,
  serverErrorsOf,
  snapshotOf,
  type ContactFormConfig,
  type SheetValues,
} from './sheet-values';
import type { ContactDetail } from '../contact-format';
import { useGoToContact } from './use-phone-actions';

export type Origin = RouterOutputs['catalog']['origins'][number];

/** The banner above the buttons when saving failed (02 §8). */
export interface SaveFailure {
  title: string;
  message?: string;
}

/**
 * The contact sheet's state (02 §4, §8): the values and their checks (the shared rules of
 * @cartera/domain/contact-sheet), when each message shows, the configurable fields, the phone
 * checks and the external system, whether 'Guardar' may be pressed, and the save with what a
 * failure says and where (the server's field errors placed on their rows).
 */
export function useContactSheet({
  contact,
  config,
  items,
  fields,
  origins,
  redirect,
  onSaved,
  defaults,
}: {
  contact?: ContactDetail;
  /** A new contact's starting values. */
  defaults?: SheetDefaults | undefined;
  config: ContactFormConfig;
  /** The definition's items on show (`shownItems`). */
  items: readonly ContactFormItem[];
  fields: FormField[];
  origins: Origin[];
  redirect: boolean;
  onSaved: (id: string) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const goToContact = useGoToContact();
  const queryClient = useQueryClient();
  const mode = contact ? 'edit' : 'create';
  const { country, flags } = config;
  const custom = useCustomFieldsForm({
    entity: 'contact',
    fields: placedFields(items, fields),
    initial: contact?.additionalData,
    exceptId: contact?.id,
    country,
    mode,
    roles: me?.user.roles ?? [],
  });

  const [values, setValues] = useState<SheetValues>(() =>
    initialSheetValues(contact, country, defaults),
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [phoneStates, setPhoneStates] = useState<Record<string, PhoneInputState>>({});

  const context: ContactFormContext = {
    mode,
    country,
    flags,
    activeOrigins: origins.filter((origin) => origin.active).map((origin) => origin.code),
    hasChannels: (contact?.channels.length ?? 0) > 0,
  };
  const additional = custom.payload();
  const check = checkSheet(values, additional, context);
  const [initialSnapshot] = useState(() => snapshotOf(check, values, additional));
  const changed = snapshotOf(check, values, additional) !== initialSnapshot;

  const external = useExternalValidation({
    system: config.externalSystem,
    contactId: contact?.id,
    values: check.output,
    changed,
  });

  // ---- messages -------------------------------------------------------------------------
  const shownError = (key: string) => {
    if (serverErrors[key]) return serverErrors[key];
    const message = check.errors[key];
    if (!message) return undefined;
    // A repeated number is said at once; everything else once the field was left or on submit.
    if (submitted || touched.has(key) || message === es.contacts.phoneRepeated) return message;
    return undefined;
  };
  const touch = (key: string) => {
    if (!touched.has(key)) setTouched(new Set([...touched, key]));
  };
  const set = <K extends keyof SheetValues>(key: K, value: SheetValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    clearServerErrors(key);
  };
  const clearServerErrors = (prefix: string) => {
    if (Object.keys(serverErrors).some((key) => key === prefix || key.startsWith(`${prefix}.`))) {
      setServerErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(
            ([key]) => key !== prefix && !key.startsWith(`${prefix}.`),
          ),
        ),
      );
    }
  };

  // ---- readiness ------------------------------------------------------------------------
  const rowStates = values.phones.map((row) => phoneStates[row.key] ?? 'idle');
  const phonesPending = rowStates.some((state) => state === 'reading' || state === 'loading');
  const phonesRefused = rowStates.some((state) => state === 'error');
  const customInvalid = custom.fields.some(
    (field) =>
      !custom.isReadOnly(field) &&
      (fieldError(field, custom.valueOf(field.code), { country }) !== null ||
        custom.errorOf(field.code) !== null ||
        custom.uniqueOf(field.code).status === 'error'),
  );
  const externalBlocks =
    config.externalSystem !== null &&
    mode === 'edit' &&
    (external.status === 'error' || external.status === 'validating');

  // ---- saving ---------------------------------------------------------------------------
  const fullName = `${values.firstName.trim()} ${values.lastName.trim()}`.trim();
  const afterSave = (id: string) => {
    void queryClient.invalidateQueries(trpc.contact.pathFilter());
    notifications.show({
      color: 'teal',
      message: format(contact ? es.contacts.savedNotice : es.contacts.createdNotice, {
        name: fullName,
      }),
    });
    onSaved(id);
    if (!contact && redirect) goToContact({ id });
  };
  const onError = (error: unknown) => {
    const code = domainCodeOf(error);
    const details = errorDetailsOf(error) ?? {};
    if (!isAppClientError(error) || !error.data) {
      setFailure({ title: es.contacts.connectionError });
      return;
    }
    if (code === 'EXTERNAL_VALIDATION_FAILED' || code === 'EXTERNAL_SYSTEM_ERROR') {
      const system = typeof details.system === 'string' ? details.system : '';
      const creating = details.operation ? details.operation === 'creation' : !contact;
      const text = typeof details.message === 'string' ? details.message : '';
      setFailure({
        title: format(
          creating ? es.contacts.externalCreateFailed : es.contacts.externalUpdateFailed,
          { system },
        ),
        message:
          text ||
          (code === 'EXTERNAL_VALIDATION_FAILED'
            ? es.contacts.externalValidationDefault
            : userMessageOf(error)),
      });
      return;
    }
    if (code === 'CUSTOM_FIELD_INVALID') {
      const perField = details.fields;
      custom.setServerErrors(
        perField && typeof perField === 'object'
          ? Object.fromEntries(
              Object.entries(perField as Record<string, unknown>).map(([field, text]) => [
                field,
                String(Array.isArray(text) ? text[0] : text),
              ]),
            )
          : {},
      );
      setFailure({ title: userMessageOf(error) });
      return;
    }
    if (code === 'INVALID_REQUEST_BODY') {
      const placed = serverErrorsOf(fieldErrorsOf(error), values);
      setServerErrors(placed.fields);
      if (Object.keys(placed.additional).length) custom.setServerErrors(placed.additional);
      setFailure({ title: errorMessage(code), message: placed.rest.join(' ') || undefined });
      return;
    }
    setFailure({ title: userMessageOf(error) });
  };
  const create = useMutation(
    trpc.contact.create.mutationOptions({ onSuccess: ({ id }) => afterSave(id), onError }),
  );
  const update = useMutation(
    trpc.contact.update.mutationOptions({ onSuccess: (saved) => afterSave(saved.id), onError }),
  );
  const saving = create.isPending || update.isPending;

  const disabled =
    saving ||
    !check.output ||
    customInvalid ||
    custom.checking ||
    phonesPending ||
    phonesRefused ||
    Object.keys(serverErrors).length > 0 ||
    externalBlocks ||
    (mode === 'edit' && !changed);

  function submit() {
    setSubmitted(true);
    const customValid = custom.validate();
    if (disabled || !customValid || !check.output) return;
    setFailure(null);
    if (contact) update.mutate({ id: contact.id, values: check.output });
    else create.mutate(check.output);
  }

  return {
    mode,
    context,
    custom,
    values,
    setValues,
    set,
    touch,
    shownError,
    clearServerErrors,
    setPhoneStates,
    external,
    failure,
    saving,
    disabled,
    submit,
    /** Enter on a refused sheet shows every message instead of doing nothing. */
    showAllMessages: () => setSubmitted(true),
  };
}

export type ContactSheetState = ReturnType<typeof useContactSheet>;
