import { useState, type ReactNode } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { CATALOG_CODE_PATTERN } from '@cartera/domain/conversation';
import { es } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { FormActions } from '../../ui/form-actions';

const text = es.company;

type Errors = Partial<Record<string, string>>;

/** The client-side errors of the code and name every editor asks for. */
export function codeNameErrors(values: { code: string; name: string }): Errors {
  const errors: Errors = {};
  const code = values.code.trim();
  if (!code) errors.code = text.codeRequired;
  else if (!CATALOG_CODE_PATTERN.test(code)) errors.code = text.codeInvalid;
  if (!values.name.trim()) errors.name = text.nameRequired;
  return errors;
}

/**
 * A configuration form's errors: the client's once it was submitted, the server's as they come
 * (a taken code under the code field, zod's under their fields, anything else above the
 * buttons) until the field changes.
 */
export function useConfigFormErrors(clientErrors: Errors) {
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: Errors; message: string | null }>({
    fields: {},
    message: null,
  });
  return {
    errorOf: (field: string) => server.fields[field] ?? (submitted ? clientErrors[field] : null),
    message: server.message,
    clear: (field: string) =>
      setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } })),
    onError: (error: unknown) => {
      if (domainCodeOf(error)?.endsWith('_CODE_TAKEN')) {
        setServer({ fields: { code: userMessageOf(error) }, message: null });
        return;
      }
      // A filter row's errors go under its own field ('usersFilters.0.value').
      const placed = placeFieldErrors(
        fieldErrorsOf(error),
        (parts) =>
          parts[0] === 'usersFilters' && parts.length === 3 ? parts.join('.') : (parts[0] ?? null),
        'data',
      );
      const message =
        Object.keys(placed.fields).length > 0 ? (placed.rest[0] ?? null) : userMessageOf(error);
      setServer({ fields: placed.fields, message });
    },
    /** Marks the form submitted; true when nothing the client checks is wrong. */
    submit: () => {
      setSubmitted(true);
      setServer({ fields: {}, message: null });
      return Object.keys(clientErrors).length === 0;
    },
  };
}
export type ConfigFormErrors = ReturnType<typeof useConfigFormErrors>;

/**
 * The dialog of one configuration item: its code and name, the editor's own fields, the save's
 * error and the buttons.
 */
export function ConfigDialog({
  title,
  opened,
  saving,
  creating,
  values,
  errors,
  onValues,
  onClose,
  onSubmit,
  codeHint,
  children,
}: {
  title: string;
  opened: boolean;
  saving: boolean;
  creating: boolean;
  values: { code: string; name: string };
  errors: ConfigFormErrors;
  onValues: (values: { code: string; name: string }) => void;
  onClose: () => void;
  onSubmit: () => void;
  /** The code's rule when it is not the catalogue's ('Campos': a letter first). */
  codeHint?: string;
  children?: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={520} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          <CodeNameFields
            values={values}
            creating={creating}
            errors={errors}
            onChange={onValues}
            codeHint={codeHint}
          />
          {children}
          {errors.message && (
            <Alert color="red" variant="light" role="alert">
              {errors.message}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={text.save}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Code (fixed once created: contacts keep it) and name, the fields every item has. */
function CodeNameFields({
  values,
  creating,
  errors,
  onChange,
  codeHint = text.codeHint,
}: {
  values: { code: string; name: string };
  creating: boolean;
  errors: ConfigFormErrors;
  onChange: (values: { code: string; name: string }) => void;
  codeHint?: string | undefined;
}) {
  return (
    <>
      <TextInput
        label={text.code}
        description={creating ? codeHint : undefined}
        withAsterisk={creating}
        value={values.code}
        maxLength={60}
        disabled={!creating}
        onChange={(event) => {
          onChange({ ...values, code: event.currentTarget.value });
          errors.clear('code');
        }}
        error={errors.errorOf('code')}
        data-autofocus={creating || undefined}
      />
      <TextInput
        label={text.name}
        withAsterisk
        value={values.name}
        maxLength={120}
        onChange={(event) => {
          onChange({ ...values, name: event.currentTarget.value });
          errors.clear('name');
        }}
        error={errors.errorOf('name')}
        data-autofocus={creating ? undefined : true}
      />
    </>
  );
}
