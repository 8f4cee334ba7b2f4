import { useState } from 'react';
import { Divider, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { userMessageOf, domainCodeOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { CountrySelect } from './country-select';
import { useAdminSaved } from './use-admin-saved';

const text = es.admin.client;

const EMPTY = {
  name: '',
  displayName: '',
  country: 'uy',
  userName: '',
  userLastname: '',
  email: '',
  password: '',
};
type Field = keyof typeof EMPTY;

/** The input path of a server field error → the form field it belongs to. */
function fieldOf(parts: string[]): Field | null {
  const [first, second] = parts;
  if (first === 'user') {
    if (second === 'name') return 'userName';
    if (second === 'lastname') return 'userLastname';
    if (second === 'email' || second === 'password') return second;
    return null;
  }
  return first === 'name' || first === 'displayName' || first === 'country' ? first : null;
}

/**
 * 'Nueva empresa cliente' (01 §7 POST /client): the company's name, display name and country and
 * its first user, a comercial with a first password. The server checks everything (its Spanish
 * errors land on the fields) and opens the company as a tenant of its own.
 */
export function ClientDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useMutation(
    trpc.admin.createClient.mutationOptions({
      onSuccess: (created) => {
        saved.done(format(text.created, { name: created.name, email: created.user.email }));
        onClose();
      },
      onError: (error) => {
        if (domainCodeOf(error) === 'USER_EMAIL_TAKEN') {
          setErrors({ email: userMessageOf(error) });
          return;
        }
        const placed = placeFieldErrors(fieldErrorsOf(error), fieldOf);
        setErrors(placed.fields);
        setMessage(
          placed.rest[0] ?? (Object.keys(placed.fields).length ? null : userMessageOf(error)),
        );
      },
    }),
  );
  const input = (field: Field, label: string, required = false) => ({
    label,
    withAsterisk: required,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      setValues({ ...values, [field]: event.currentTarget.value });
      setErrors({ ...errors, [field]: undefined });
    },
  });
  return (
    <EntityDialog
      title={text.title}
      size={560}
      gap="sm"
      onClose={onClose}
      form={{ message }}
      saving={create.isPending}
      submitLabel={text.create}
      cancelLabel={text.cancel}
      onSubmit={() => {
        setErrors({});
        setMessage(null);
        create.mutate({
          name: values.name,
          displayName: values.displayName || null,
          country: values.country,
          user: {
            name: values.userName,
            lastname: values.userLastname,
            email: values.email,
            password: values.password,
          },
        });
      }}
    >
      <Text size="sm" c="dimmed">
        {text.intro}
      </Text>
      <Divider label={text.company} labelPosition="left" />
      <TextInput {...input('name', text.name, true)} maxLength={80} data-autofocus />
      <TextInput {...input('displayName', text.displayName)} maxLength={80} />
      <CountrySelect
        label={text.country}
        value={values.country}
        error={errors.country}
        onChange={(value) => setValues({ ...values, country: value })}
      />
      <Divider label={text.user} labelPosition="left" />
      <Group grow align="flex-start">
        <TextInput {...input('userName', text.userName, true)} maxLength={80} />
        <TextInput {...input('userLastname', text.userLastname)} maxLength={80} />
      </Group>
      <TextInput {...input('email', text.email, true)} type="email" maxLength={200} />
      <PasswordInput {...input('password', text.password, true)} maxLength={200} />
    </EntityDialog>
  );
}
