import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Divider,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_DESCRIPTION_MAX,
  companyFormSchema,
  hiddenDefaultFields,
  DEFAULT_COMPANY_ORIGIN,
} from '@cartera/domain/companies';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { domainCodeOf, errorDetailsOf, userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { CustomFieldsInputs } from '../custom-fields/custom-field-input';
import type { FormField } from '../custom-fields/field-values';
import type { DirectionValue } from '../places/direction';
import { useCustomFieldsForm } from '../custom-fields/use-custom-fields-form';
import { AddressInput } from '../places/address-input';
import {
  defaultFieldLabel,
  isDefaultFieldHidden,
  useCompaniesSettings,
  type CompaniesSettings,
  type Company,
  type DefaultFieldKey,
} from './companies-settings';
import { FormActions } from '../../ui/form-actions';

/** 02 §9: the company dialog is 600 px wide. */
const DIALOG_WIDTH = 600;

/**
 * 'Agregar {singular}' / 'Editar {singular}' (02 screen 8): the company's own fields with the
 * rules of 02 §5, its address and the configurable fields. Loads the tenant's settings and the
 * field definitions first.
 */
export function CompanyDialog({
  company,
  opened,
  onClose,
  onSaved,
}: {
  /** The company to edit; none to create one. */
  company?: Company;
  opened: boolean;
  onClose: () => void;
  onSaved?: (company: Company) => void;
}) {
  const trpc = useTRPC();
  const settings = useCompaniesSettings();
  const mode = company ? 'edit' : 'create';
  const fields = useQuery({
    ...trpc.customField.forForm.queryOptions({ entity: 'company', mode }),
    enabled: opened,
  });
  const singular = settings.data?.singular ?? es.companies.defaultSingular;
  const title = format(company ? es.companies.editTitle : es.companies.addTitle, { singular });
  const failed = settings.error ?? fields.error;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size={DIALOG_WIDTH} centered>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(failed)}
        </Alert>
      ) : settings.data && fields.data ? (
        <CompanyForm
          // A fresh form for each company opened.
          key={company?.id ?? 'new'}
          company={company}
          settings={settings.data}
          fields={fields.data}
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      ) : (
        <Stack gap="md" aria-busy="true" aria-label={es.app.loading}>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={96} />
          <Skeleton height={56} />
        </Stack>
      )}
    </Modal>
  );
}

interface BaseValues {
  businessName: string;
  displayName: string;
  taxCode: string;
  origin: string;
  description: string;
  hasSectors: boolean;
  direction: DirectionValue | null;
}
type BaseKey = keyof BaseValues;
const BASE_KEYS: readonly BaseKey[] = [
  'businessName',
  'displayName',
  'taxCode',
  'origin',
  'description',
  'hasSectors',
  'direction',
];

function initialValues(company?: Company): BaseValues {
  return {
    businessName: company?.businessName ?? '',
    displayName: company?.displayName ?? '',
    taxCode: company?.taxCode ?? '',
    origin: company?.origin ?? DEFAULT_COMPANY_ORIGIN,
    description: company?.description ?? '',
    hasSectors: company?.hasSectors ?? false,
    direction: company?.direction ?? null,
  };
}

function trimmed(values: BaseValues) {
  const address = values.direction?.formatted_address.trim();
  return {
    businessName: values.businessName.trim(),
    displayName: values.displayName.trim(),
    taxCode: values.taxCode.trim(),
    origin: values.origin.trim() || DEFAULT_COMPANY_ORIGIN,
    description: values.description.trim(),
    hasSectors: values.hasSectors,
    direction:
      values.direction && address ? { ...values.direction, formatted_address: address } : null,
  };
}

/** What went wrong when saving, as the alert above the buttons shows it (02 §8). */
interface SaveFailure {
  title: string;
  hint?: string;
}

function isBaseKey(key: string): key is BaseKey {
  return (BASE_KEYS as readonly string[]).includes(key);
}

function isDefaultField(key: BaseKey): key is DefaultFieldKey {
  return key !== 'businessName';
}

function CompanyForm({
  company,
  settings,
  fields,
  onCancel,
  onSaved,
}: {
  company?: Company;
  settings: CompaniesSettings;
  fields: FormField[];
  onCancel: () => void;
  onSaved: (company: Company) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<BaseValues>(() => initialValues(company));
  const [touched, setTouched] = useState<ReadonlySet<BaseKey>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<BaseKey, string>>>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const custom = useCustomFieldsForm({
    entity: 'company',
    fields,
    initial: company?.additionalData,
    exceptId: company?.id,
    country: me?.tenant.country,
    mode: company ? 'edit' : 'create',
    roles: me?.user.roles ?? [],
  });
  const origins = useQuery(trpc.catalog.origins.queryOptions());

  const flagOff = !settings.mandatoryFieldsDisabled;
  const hidden = (key: BaseKey) => isDefaultField(key) && isDefaultFieldHidden(settings, key);
  const label = (key: BaseKey, fallback: string) =>
    isDefaultField(key) ? defaultFieldLabel(settings, key, fallback) : fallback;

  // 02 §5 through the shared schema: trimmed values, the tenant's flag, its messages.
  const parsed = companyFormSchema(
    settings.mandatoryFieldsDisabled,
    hiddenDefaultFields(settings.defaultFields),
  ).safeParse({
    ...values,
    additionalData: {},
  });
  const schemaErrors: Partial<Record<BaseKey, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (isBaseKey(key) && !hidden(key)) schemaErrors[key] ??= issue.message;
    }
  }
  // Default fields the tenant made required (beyond the schema's own rules).
  for (const key of ['description', 'origin', 'direction'] as const) {
    const value = values[key];
    const empty = key === 'direction' ? !values.direction : String(value ?? '').trim() === '';
    if (settings.defaultFields[key]?.required && !hidden(key) && empty) {
      schemaErrors[key] ??= es.companies.fieldRequired;
    }
  }
  const baseValid = Object.keys(schemaErrors).length === 0;

  const errorOf = (key: BaseKey) =>
    serverErrors[key] ?? (submitted || touched.has(key) ? schemaErrors[key] : undefined);
  const blur = (key: BaseKey) => {
    if (!touched.has(key)) setTouched(new Set([...touched, key]));
  };
  const set = <K extends BaseKey>(key: K, value: BaseValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _dropped, ...rest }) => rest);
  };

  const onSuccess = (saved: Company) => {
    void queryClient.invalidateQueries(trpc.company.pathFilter());
    notifications.show({
      color: 'teal',
      message: format(es.companies.saved, { name: saved.businessName }),
    });
    onSaved(saved);
  };
  const onError = (error: unknown) => {
    const code = domainCodeOf(error);
    if (code === 'COMPANY_ALREADY_EXISTS') {
      setFailure({
        title: userMessageOf(error) || errorMessage(code, { singular: settings.singular }),
        hint: es.companies.alreadyExistsHint,
      });
    } else if (code === 'INVALID_REQUEST_BODY') {
      setFailure({ title: errorMessage(code), hint: es.companies.invalidBodyHint });
      const base: Partial<Record<BaseKey, string>> = {};
      const additional: Record<string, string> = {};
      const { fields } = placeFieldErrors(
        fieldErrorsOf(error),
        ([top = '', ...rest]) =>
          top === 'additionalData' && rest.length > 0
            ? `additionalData.${rest.join('.')}`
            : isBaseKey(top)
              ? top
              : null,
        'data',
      );
      for (const [key, message] of Object.entries(fields)) {
        if (key.startsWith('additionalData.'))
          additional[key.slice('additionalData.'.length)] = message;
        else base[key as BaseKey] = message;
      }
      setServerErrors(base);
      custom.setServerErrors(additional);
    } else if (code === 'CUSTOM_FIELD_INVALID') {
      const details = errorDetailsOf(error)?.fields;
      const perField =
        details && typeof details === 'object' ? (details as Record<string, string>) : {};
      custom.setServerErrors(perField);
      setFailure({ title: userMessageOf(error) });
    } else {
      setFailure({ title: es.companies.internalTitle, hint: es.companies.internalHint });
    }
  };

  const create = useMutation(trpc.company.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.company.update.mutationOptions({ onSuccess, onError }));
  const saving = create.isPending || update.isPending;

  function submit() {
    setSubmitted(true);
    setFailure(null);
    const customValid = custom.validate();
    if (!baseValid || !customValid) return;
    // The schema's own output when it passes; a field the tenant hides is sent as it is.
    const data = {
      ...(parsed.success ? parsed.data : trimmed(values)),
      additionalData: custom.payload(),
    };
    if (company) update.mutate({ id: company.id, data });
    else create.mutate(data);
  }

  const originOptions = [
    ...new Set([
      DEFAULT_COMPANY_ORIGIN,
      ...(origins.data ?? []).filter((each) => each.active).map((each) => each.name),
    ]),
  ];
  const descriptionLength = values.description.trim().length;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label={es.companies.businessName}
          withAsterisk
          value={values.businessName}
          onChange={(event) => set('businessName', event.currentTarget.value)}
          onBlur={() => blur('businessName')}
          error={errorOf('businessName')}
          // The form may appear after the dialog opened (definitions loading): focus it then.
          autoFocus
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          {!hidden('displayName') && (
            <TextInput
              label={label('displayName', es.companies.displayName)}
              withAsterisk={flagOff}
              value={values.displayName}
              onChange={(event) => set('displayName', event.currentTarget.value)}
              onBlur={() => blur('displayName')}
              error={errorOf('displayName')}
            />
          )}
          {!hidden('taxCode') && (
            <TextInput
              label={label('taxCode', settings.taxCodeLabel)}
              withAsterisk={flagOff}
              value={values.taxCode}
              onChange={(event) => set('taxCode', event.currentTarget.value)}
              onBlur={() => blur('taxCode')}
              error={errorOf('taxCode')}
            />
          )}
          {!hidden('origin') && (
            <Autocomplete
              label={label('origin', es.companies.origin)}
              withAsterisk
              data={originOptions}
              value={values.origin}
              onChange={(next) => set('origin', next)}
              onBlur={() => blur('origin')}
              error={errorOf('origin')}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        </SimpleGrid>
        {!hidden('description') && (
          <Textarea
            label={label('description', es.companies.description)}
            withAsterisk={settings.defaultFields.description?.required === true}
            autosize
            minRows={2}
            maxRows={6}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value)}
            onBlur={() => blur('description')}
            error={errorOf('description')}
            description={`${descriptionLength}/${COMPANY_DESCRIPTION_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            styles={{
              description: {
                textAlign: 'right',
                color:
                  descriptionLength > COMPANY_DESCRIPTION_MAX
                    ? 'var(--mantine-color-red-7)'
                    : undefined,
              },
            }}
          />
        )}
        {!hidden('hasSectors') && (
          <Switch
            label={label('hasSectors', es.companies.hasSectors)}
            checked={values.hasSectors}
            onChange={(event) => set('hasSectors', event.currentTarget.checked)}
          />
        )}
        {!hidden('direction') && (
          <AddressInput
            label={label('direction', es.companies.direction)}
            required={settings.defaultFields.direction?.required === true}
            value={values.direction}
            onChange={(next) => set('direction', next)}
            onBlur={() => blur('direction')}
            error={errorOf('direction')}
          />
        )}
        {custom.fields.length > 0 && (
          <>
            <Divider
              label={es.companies.customFields}
              labelPosition="left"
              mt="xs"
              styles={{ label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' } }}
            />
            <CustomFieldsInputs form={custom} entity="company" recordId={company?.id} />
          </>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={failure.title}>
            {failure.hint && <Text size="sm">{failure.hint}</Text>}
          </Alert>
        )}
        <FormActions
          cancelLabel={es.companies.cancel}
          onCancel={onCancel}
          submitLabel={company ? es.companies.save : es.companies.add}
          loading={saving}
          disabled={(flagOff && !baseValid) || custom.checking}
          cancelDisabled={saving}
          mt="xs"
        />
      </Stack>
    </form>
  );
}
