import { useState } from 'react';
import { Alert, Box, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { QueryError } from '../../../ui/query-error';
import type { ContactDetail } from '../../contacts/contact-format';
import { CustomFieldInput } from '../../custom-fields/custom-field-input';
import {
  fieldError,
  isEmptyFormValue,
  toFormValue,
  toStoredValue,
  type FormField,
  type FormValue,
} from '../../custom-fields/field-values';
import { FormActions } from '../../../ui/form-actions';

const t = es.conversation.actions;

/**
 * 'Guardar y archivar' (03 §4 Archiving, §5): the contact's required-on-sale fields that are
 * still empty, each required. Saving stores them on the contact (`contact.update` with the
 * contact's current values) and then `onSaved` archives again.
 */
export function RequiredOnSaleForm({
  contact,
  fieldCodes,
  onCancel,
  onSaved,
}: {
  contact: ContactDetail;
  fieldCodes: string[];
  onCancel: () => void;
  /** Archives again; rejects when archiving failed (the picker shows why). */
  onSaved: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const definitions = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  if (definitions.isPending) return <Skeleton height={160} />;
  if (definitions.isError) {
    return <QueryError query={definitions} />;
  }
  const fields = definitions.data.filter((field) => fieldCodes.includes(field.code));
  return <FieldsForm contact={contact} fields={fields} onCancel={onCancel} onSaved={onSaved} />;
}

function FieldsForm({
  contact,
  fields,
  onCancel,
  onSaved,
}: {
  contact: ContactDetail;
  fields: FormField[];
  onCancel: () => void;
  onSaved: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const update = useMutation(trpc.contact.update.mutationOptions());
  const [values, setValues] = useState<Record<string, FormValue>>(() =>
    Object.fromEntries(
      fields.map((field) => [field.code, toFormValue(field, contact.additionalData[field.code])]),
    ),
  );
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errorOf = (field: FormField): string | null => {
    const value = values[field.code] ?? null;
    if (isEmptyFormValue(field, value)) return t.requiredOnSaleField;
    return fieldError(field, value);
  };
  const shownError = (field: FormField) =>
    submitted || touched.has(field.code) ? errorOf(field) : null;

  const submit = async () => {
    setSubmitted(true);
    if (fields.some((field) => errorOf(field) !== null)) return;
    setBusy(true);
    setFailure(null);
    try {
      const additionalData = { ...contact.additionalData };
      for (const field of fields) {
        additionalData[field.code] = toStoredValue(field, values[field.code] ?? null);
      }
      await update.mutateAsync({
        id: contact.id,
        values: {
          firstName: contact.firstName,
          lastName: contact.lastName,
          phones: contact.phones.map(({ phone, extensionNumber }) => ({ phone, extensionNumber })),
          emails: contact.emails,
          govId: contact.govId,
          statusTag: contact.statusTag,
          origin: contact.origin,
          originText: contact.originText,
          detail: contact.detail,
          contactLocation: contact.contactLocation,
          affiliatedCompanyGroup: contact.affiliations.map(({ companyId, sectorId, role }) => ({
            companyId,
            sectorId,
            role,
          })),
          additionalData,
        },
      });
    } catch (error) {
      setFailure(userMessageOf(error));
      setBusy(false);
      return;
    }
    try {
      await onSaved();
    } catch {
      // The picker shows why archiving failed once it is back on screen.
    }
    setBusy(false);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">{t.saveAndArchiveHint}</Text>
        <SimpleGrid cols={{ base: 1, xs: fields.length > 1 ? 2 : 1 }} spacing="md">
          {fields.map((field) => (
            <Box key={field.id}>
              <CustomFieldInput
                field={{ ...field, required: true }}
                entity="contact"
                mode="edit"
                recordId={contact.id}
                value={values[field.code] ?? null}
                onChange={(next) => setValues((current) => ({ ...current, [field.code]: next }))}
                onBlur={() => setTouched((current) => new Set(current).add(field.code))}
                error={shownError(field)}
              />
            </Box>
          ))}
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <FormActions
          cancelLabel={t.cancel}
          onCancel={onCancel}
          submitLabel={t.saveAndArchive}
          loading={busy}
          cancelDisabled={busy}
        />
      </Stack>
    </form>
  );
}
