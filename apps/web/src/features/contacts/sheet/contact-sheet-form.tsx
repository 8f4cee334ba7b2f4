import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  CONTACT_DETAIL_MAX,
  isKindShown,
  isKnownFormKind,
  type ContactFormItem,
} from '@cartera/domain/contact-form';
import { type ContactFormContext } from '@cartera/domain/contact-sheet';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import type { PhoneInputState } from '@cartera/domain/phone';
import type { RouterOutputs } from '@cartera/server/router';
import { domainCodeOf, errorDetailsOf, isAppClientError, userMessageOf } from '../../../lib/errors';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { useTRPC } from '../../../lib/trpc';
import { useMe } from '../../auth/session';
import { CustomFieldInput, CustomFieldsInputs } from '../../custom-fields/custom-field-input';
import { fieldError, type FormField } from '../../custom-fields/field-values';
import {
  useCustomFieldsForm,
  type CustomFieldsForm,
} from '../../custom-fields/use-custom-fields-form';
import { AddressInput } from '../../places/address-input';
import { UnifyDialog } from '../unify-dialog';
import { CompanyRowsInput } from './company-rows-input';
import { EmailRowsInput } from './email-rows-input';
import { ExternalStatusBox, useExternalValidation } from './external-status';
import { PhoneRowsInput, type PhoneActions } from './phone-rows-input';
import {
  checkSheet,
  initialSheetValues,
  serverErrorsOf,
  snapshotOf,
  type ContactDetail,
  type ContactFormConfig,
  type SheetValues,
} from './sheet-values';
import { FormActions } from '../../../ui/form-actions';

type Tag = RouterOutputs['catalog']['tags'][number];
type Origin = RouterOutputs['catalog']['origins'][number];

/** Kinds short enough to go two to a row. */
const SHORT_KINDS = new Set(['firstName', 'lastName', 'govId', 'statusTag', 'origin']);

/** The banner above the buttons when saving failed (02 §8). */
interface SaveFailure {
  title: string;
  message?: string;
}

/**
 * The configurable fields the definition places: every field for `additionalData` without a
 * code (except those placed on their own), the named one for each `additionalData` with a code.
 */
function placedFields(items: readonly ContactFormItem[], fields: FormField[]): FormField[] {
  const additional = items.filter((item) => item.kind === 'additionalData');
  if (additional.some((item) => !item.code)) return fields;
  const codes = new Set(additional.map((item) => item.code));
  return fields.filter((field) => codes.has(field.code));
}

/** Each kind once, in the definition's order (a code makes an additionalData entry distinct). */
function shownItems(config: ContactFormConfig): ContactFormItem[] {
  const seen = new Set<string>();
  return config.definition.filter((item) => {
    const id = `${item.kind}:${item.code ?? ''}`;
    if (seen.has(id) || !isKindShown(item.kind, config.flags)) return false;
    seen.add(id);
    return true;
  });
}

export function ContactSheetForm({
  contact,
  config,
  fields,
  tags,
  origins,
  redirect,
  onCancel,
  onSaved,
  onLeave,
}: {
  contact?: ContactDetail;
  config: ContactFormConfig;
  fields: FormField[];
  tags: Tag[];
  origins: Origin[];
  redirect: boolean;
  onCancel: () => void;
  onSaved: (id: string) => void;
  /** The user went to another contact from the phone popover: the sheet closes. */
  onLeave: () => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mode = contact ? 'edit' : 'create';
  const { country, flags } = config;
  const items = shownItems(config);
  const custom = useCustomFieldsForm({
    entity: 'contact',
    fields: placedFields(items, fields),
    initial: contact?.additionalData,
    exceptId: contact?.id,
    country,
    mode,
    roles: me?.user.roles ?? [],
  });

  const [values, setValues] = useState<SheetValues>(() => initialSheetValues(contact, country));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [phoneStates, setPhoneStates] = useState<Record<string, PhoneInputState>>({});
  const [unifyWith, setUnifyWith] = useState<string | null>(null);

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

  // 02 §4: focus the first field once the sheet shows (after the modal's own focus).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      formRef.current
        ?.querySelector<HTMLElement>(
          'input:not([disabled]):not([type="hidden"]), textarea:not([disabled])',
        )
        ?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, []);

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

  // ---- the phone popover's actions (02 §8) ----------------------------------------------
  function goToContact(search: { id: string; inbox?: string }) {
    void navigate({ to: '/contact', search });
  }
  const takeOver = useMutation(
    trpc.contact.takeOver.mutationOptions({
      onSuccess: ({ contactId }) => {
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({
          color: 'teal',
          title: es.contacts.takenTitle,
          message: es.contacts.takenMessage,
        });
        onLeave();
        goToContact({ inbox: me?.user.id ?? 'me', id: contactId });
      },
      onError: () =>
        notifications.show({
          color: 'red',
          title: es.contacts.takeFailedTitle,
          message: es.contacts.takeFailedMessage,
        }),
    }),
  );
  const subConversation = useMutation(
    trpc.contact.createSubConversation.mutationOptions({
      onSuccess: ({ id }) => {
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({ color: 'teal', message: es.contacts.subConversationCreated });
        onLeave();
        goToContact({ id });
      },
      onError: () =>
        notifications.show({ color: 'red', message: es.contacts.subConversationFailed }),
    }),
  );
  const actions: PhoneActions = {
    busy: takeOver.isPending || subConversation.isPending,
    takeOver: (contactId) => takeOver.mutate({ contactId }),
    goToMine: (id) => {
      onLeave();
      goToContact({ inbox: 'me', id });
    },
    createSubConversation: (contactId) => subConversation.mutate({ contactId }),
    unify: contact ? (other) => setUnifyWith(other) : undefined,
  };

  // ---- the fields -----------------------------------------------------------------------
  const placedCodes = new Set(
    items.filter((item) => item.kind === 'additionalData' && item.code).map((item) => item.code),
  );
  const tagOptions = [
    ...tags.filter((tag) => tag.active).map((tag) => ({ value: tag.code, label: tag.name })),
  ];
  if (values.statusTag && !tagOptions.some((option) => option.value === values.statusTag)) {
    const known = tags.find((tag) => tag.code === values.statusTag);
    tagOptions.push({ value: values.statusTag, label: known?.name ?? values.statusTag });
  }
  const originOptions = origins
    .filter((origin) => origin.active)
    .map((origin) => ({ value: origin.code, label: origin.name }));
  if (values.origin && !originOptions.some((option) => option.value === values.origin)) {
    const known = origins.find((origin) => origin.code === values.origin);
    originOptions.push({ value: values.origin, label: known?.name ?? values.origin });
  }
  const sectorNames = Object.fromEntries(
    (contact?.affiliations ?? [])
      .filter((row) => row.sectorId && row.sectorName)
      .map((row) => [row.sectorId!, row.sectorName!]),
  );
  const detailLength = values.detail.trim().length;

  function field(item: ContactFormItem): ReactNode {
    if (!isKnownFormKind(item.kind)) {
      return (
        <Text size="sm" c="red.7" data-kind={item.kind}>
          {es.contacts.unknownKind}
        </Text>
      );
    }
    switch (item.kind) {
      case 'firstName':
        return (
          <TextInput
            label={es.contacts.firstName}
            withAsterisk
            value={values.firstName}
            onChange={(event) => set('firstName', event.currentTarget.value)}
            onBlur={() => touch('firstName')}
            error={shownError('firstName')}
          />
        );
      case 'lastName':
        return (
          <TextInput
            label={es.contacts.lastName}
            value={values.lastName}
            onChange={(event) => set('lastName', event.currentTarget.value)}
            onBlur={() => touch('lastName')}
            error={shownError('lastName')}
          />
        );
      case 'govId':
        return (
          <TextInput
            label={es.contacts.govId}
            value={values.govId}
            onChange={(event) => set('govId', event.currentTarget.value)}
            onBlur={() => touch('govId')}
            error={shownError('govId')}
          />
        );
      case 'phones':
        return (
          <PhoneRowsInput
            rows={values.phones}
            onChange={(rows) => {
              set('phones', rows);
              // A server message about one number no longer holds once any number changes.
              clearServerErrors('phones');
            }}
            country={country}
            contactId={contact?.id}
            withExtension={flags.internalPhoneNumbers}
            required={!context.hasChannels && !flags.phoneOptional}
            errorOf={(key) => shownError(`phones.${key}.phone`)}
            extensionErrorOf={(key) => shownError(`phones.${key}.extensionNumber`)}
            onBlur={(key) => touch(`phones.${key}.phone`)}
            onCheck={(key, rowCheck) =>
              setPhoneStates((current) =>
                current[key] === rowCheck.state ? current : { ...current, [key]: rowCheck.state },
              )
            }
            actions={actions}
          />
        );
      case 'emails':
        return (
          <EmailRowsInput
            rows={values.emails}
            onChange={(rows) => set('emails', rows)}
            errorOf={(key) => shownError(`emails.${key}`)}
            onBlur={(key) => touch(`emails.${key}`)}
          />
        );
      case 'statusTag':
        return (
          <Select
            label={es.contacts.statusTag}
            withAsterisk={flags.requiredTags}
            placeholder={es.fields.selectPlaceholder}
            data={tagOptions}
            value={values.statusTag}
            clearable={!flags.requiredTags}
            searchable
            onChange={(next) => set('statusTag', next)}
            onBlur={() => touch('statusTag')}
            error={shownError('statusTag')}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case 'origin':
        return (
          <>
            <Select
              label={es.contacts.origin}
              placeholder={es.fields.selectPlaceholder}
              data={originOptions}
              value={values.origin}
              clearable
              searchable
              // 02 §4: the origin cannot be changed while editing.
              disabled={mode === 'edit'}
              onChange={(next) => set('origin', next)}
              onBlur={() => touch('origin')}
              error={shownError('origin')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              label={es.contacts.originText}
              value={values.originText}
              disabled={mode === 'edit'}
              maxLength={CONTACT_DETAIL_MAX}
              onChange={(event) => set('originText', event.currentTarget.value)}
              onBlur={() => touch('originText')}
              error={shownError('originText')}
            />
          </>
        );
      case 'location':
        return (
          <Stack gap="xs">
            <AddressInput
              label={es.contacts.location}
              required={flags.locationRequired}
              value={values.contactLocation}
              onChange={(next) =>
                set(
                  'contactLocation',
                  next ? { ...next, extraInfo: values.contactLocation?.extraInfo ?? null } : null,
                )
              }
              onBlur={() => touch('contactLocation')}
              error={shownError('contactLocation')}
            />
            {values.contactLocation && (
              <TextInput
                label={es.contacts.locationComment}
                value={values.contactLocation.extraInfo ?? ''}
                maxLength={CONTACT_DETAIL_MAX}
                onChange={(event) => {
                  const extraInfo = event.currentTarget.value;
                  setValues((current) => ({
                    ...current,
                    contactLocation: current.contactLocation
                      ? { ...current.contactLocation, extraInfo }
                      : null,
                  }));
                }}
              />
            )}
          </Stack>
        );
      case 'affiliatedCompanyGroup':
        return (
          <CompanyRowsInput
            rows={values.affiliatedCompanyGroup}
            onChange={(rows) => {
              set('affiliatedCompanyGroup', rows);
              touch('affiliatedCompanyGroup');
            }}
            required={flags.requiredCompany}
            error={shownError('affiliatedCompanyGroup')}
            errorOf={(key, part) => shownError(`affiliatedCompanyGroup.${key}.${part}`)}
            sectorNames={sectorNames}
          />
        );
      case 'detail':
        return (
          <Textarea
            label={es.contacts.detail}
            autosize
            minRows={2}
            maxRows={6}
            value={values.detail}
            onChange={(event) => set('detail', event.currentTarget.value)}
            onBlur={() => touch('detail')}
            error={shownError('detail')}
            description={`${detailLength}/${CONTACT_DETAIL_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={{
              description: {
                textAlign: 'right',
                color: detailLength > CONTACT_DETAIL_MAX ? 'var(--mantine-color-red-7)' : undefined,
              },
            }}
          />
        );
      case 'additionalData':
        return item.code ? (
          <OneCustomField form={custom} code={item.code} recordId={contact?.id} />
        ) : (
          <CustomFieldsInputs
            form={{
              ...custom,
              fields: custom.fields.filter((each) => !placedCodes.has(each.code)),
            }}
            entity="contact"
            recordId={contact?.id}
          />
        );
    }
  }

  // Runs of short kinds share a two-column grid; everything else takes the whole width.
  const blocks: Array<{ key: string; short: boolean; items: ContactFormItem[] }> = [];
  for (const item of items) {
    const short = SHORT_KINDS.has(item.kind);
    const last = blocks[blocks.length - 1];
    if (short && last?.short) last.items.push(item);
    else blocks.push({ key: `${item.kind}:${item.code ?? ''}`, short, items: [item] });
  }

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onKeyDown={(event) => {
          // Enter on a refused sheet shows every message instead of doing nothing.
          const target = event.target as HTMLElement;
          if (event.key === 'Enter' && target.tagName === 'INPUT' && disabled) setSubmitted(true);
        }}
      >
        <Stack gap="md">
          {blocks.map((block) =>
            block.short ? (
              <SimpleGrid
                key={block.key}
                cols={{ base: 1, xs: 2 }}
                spacing="md"
                verticalSpacing="md"
              >
                {block.items.map((item) => (
                  <Fragment key={`${item.kind}:${item.code ?? ''}`}>{field(item)}</Fragment>
                ))}
              </SimpleGrid>
            ) : (
              <Fragment key={block.key}>{field(block.items[0]!)}</Fragment>
            ),
          )}
          {config.externalSystem && (
            <ExternalStatusBox system={config.externalSystem} state={external} />
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" title={failure.title}>
              {failure.message && <Text size="sm">{failure.message}</Text>}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.contacts.cancel}
            onCancel={onCancel}
            submitLabel={contact ? es.contacts.editSubmit : es.contacts.createSubmit}
            loading={saving}
            disabled={disabled}
            cancelDisabled={saving}
            mt="xs"
          />
        </Stack>
      </form>
      {contact && (
        // Outside the form: its own form's events must not reach this one through the portal.
        <UnifyDialog
          opened={unifyWith !== null}
          onClose={() => setUnifyWith(null)}
          contactId={contact.id}
          otherContactId={unifyWith ?? undefined}
        />
      )}
    </>
  );
}

/** `additionalData` with a code: that one field, or 'Campo adicional no reconocido'. */
function OneCustomField({
  form,
  code,
  recordId,
}: {
  form: CustomFieldsForm;
  code: string;
  recordId?: string;
}) {
  const field = form.fields.find((each) => each.code === code);
  if (!field) {
    return (
      <Text size="sm" c="red.7" data-field={code}>
        {es.fields.unknownAdditional}
      </Text>
    );
  }
  return (
    <CustomFieldInput
      field={field}
      entity="contact"
      mode={form.isReadOnly(field) ? 'read' : 'edit'}
      recordId={recordId}
      value={form.valueOf(field.code)}
      onChange={(next) => form.setValue(field.code, next)}
      onBlur={() => form.blur(field.code)}
      error={form.errorOf(field.code)}
      unique={field.uniqueField ? form.uniqueOf(field.code) : undefined}
    />
  );
}
