import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { CATALOG_CODE_PATTERN } from '@cartera/domain/conversation';
import { es } from '@cartera/domain/i18n';
import { EntityDialog } from '../../ui/entity-dialog';
import { useFormErrors } from '../../ui/use-entity-form';

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
  return useFormErrors(clientErrors, {
    codes: (code) => (code.endsWith('_CODE_TAKEN') ? 'code' : null),
    within: 'data',
    // A filter row's errors go under its own field ('usersFilters.0.value').
    place: (parts) =>
      parts[0] === 'usersFilters' && parts.length === 3 ? parts.join('.') : (parts[0] ?? null),
  });
}
export type ConfigFormErrors = ReturnType<typeof useConfigFormErrors>;

type CodeName = { code: string; name: string };

/**
 * The state of one configuration item's dialog: its values (`set` merges a change), their
 * errors (`validate`: the client's checks, the code and name's unless told) and the options of
 * its create and update mutations (`onSaved` after a save, the errors placed on failure).
 */
export function useConfigDialogForm<V extends CodeName>(
  initial: V | (() => V),
  onSaved: () => void,
  validate: (values: V) => Errors = codeNameErrors,
) {
  const [values, setValues] = useState(initial);
  const errors = useConfigFormErrors(validate(values));
  return {
    values,
    setValues,
    errors,
    set: (changed: Partial<V>) => setValues((current) => ({ ...current, ...changed })),
    options: { onSuccess: onSaved, onError: errors.onError },
  };
}
export type ConfigDialogForm = Pick<
  ReturnType<typeof useConfigDialogForm<CodeName>>,
  'values' | 'errors' | 'set'
>;

/**
 * The dialog of one configuration item: its code and name, the editor's own fields, the save's
 * error and the buttons.
 */
export function ConfigDialog({
  title,
  opened,
  saving,
  creating,
  form,
  onClose,
  onSubmit,
  codeHint,
  children,
}: {
  title: string;
  opened: boolean;
  saving: boolean;
  creating: boolean;
  form: ConfigDialogForm;
  onClose: () => void;
  onSubmit: () => void;
  /** The code's rule when it is not the catalogue's ('Campos': a letter first). */
  codeHint?: string;
  children?: ReactNode;
}) {
  const { values, errors, set } = form;
  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={title}
      form={errors}
      saving={saving}
      submitLabel={text.save}
      cancelLabel={text.cancel}
      onSubmit={onSubmit}
    >
      <CodeNameFields
        values={values}
        creating={creating}
        errors={errors}
        onChange={set}
        codeHint={codeHint}
      />
      {children}
    </EntityDialog>
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
