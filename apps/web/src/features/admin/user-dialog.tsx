import { useState } from 'react';
import {
  Alert,
  ColorInput,
  Grid,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ZCreateUserInput, ZResetPasswordInput, ZUserFields } from '@cartera/domain/admin';
import { es, format } from '@cartera/domain/i18n';
import { hasRole } from '@cartera/domain/policy';
import { ROLE_LABELS, ROLES, USER_TYPE_LABELS, USER_TYPES, type Role } from '@cartera/domain/roles';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { useMe } from '../auth/session';
import type { AdminGroup } from './admin-page';
import { COUNTRY_OPTIONS, groupOptions } from './group-dialog';
import type { AdminUser } from './group-users';
import { useAdminSaved } from './use-admin-saved';

const text = es.admin.users;

export function fullName(user: { name: string; lastname: string }) {
  return `${user.name} ${user.lastname}`.trim();
}

type Errors = Partial<Record<string, string>>;

/** The first message of each field of a failed zod parse, by its first path part. */
function zodErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** The server's answer on the form: field errors under their fields, the rest above the buttons. */
function serverErrors(error: unknown): { fields: Errors; message: string | null } {
  if (domainCodeOf(error) === 'USER_EMAIL_TAKEN') {
    return { fields: { email: userMessageOf(error) }, message: null };
  }
  const placed = placeFieldErrors(fieldErrorsOf(error), ([field]) => field ?? null, 'data');
  return {
    fields: placed.fields,
    message:
      Object.keys(placed.fields).length > 0 ? (placed.rest[0] ?? null) : userMessageOf(error),
  };
}

/**
 * 'Nuevo usuario' / 'Editar a {name}': who they are, their roles and type ('Vendedor a prueba',
 * 'Subagente'), group, allowed paths, colour, work phone and country; a new user also gets a first
 * password, which they must change at their first sign-in. Only an admin offers the admin role.
 */
export function UserDialog({
  group,
  groups,
  user,
  onClose,
}: {
  group: AdminGroup;
  groups: AdminGroup[];
  user: AdminUser | undefined;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const me = useMe();
  const isAdmin = me ? hasRole(me.user, ['admin']) : false;
  const [values, setValues] = useState({
    name: user?.name ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? '',
    password: '',
    roles: (user?.roles ?? ['user']) as Role[],
    userType: user?.userType ?? 'normal',
    groupId: user?.groupId ?? group.id,
    jailUrl: user?.jailUrl ?? [],
    color: user?.color ?? '',
    phoneWork: user?.phoneWork ?? '',
    country: user?.country ?? group.country,
  });
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: Errors; message: string | null }>({
    fields: {},
    message: null,
  });
  const input = {
    ...values,
    color: values.color || null,
    phoneWork: values.phoneWork || null,
  };
  const parsed = user ? ZUserFields.safeParse(input) : ZCreateUserInput.safeParse(input);
  const clientErrors = parsed.success ? {} : zodErrors(parsed.error.issues);
  const errorOf = (field: string) =>
    server.fields[field] ?? (submitted ? (clientErrors[field] ?? null) : null);
  const change = <K extends keyof typeof values>(field: K, value: (typeof values)[K]) => {
    setValues({ ...values, [field]: value });
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };
  const options = {
    onError: (error: unknown) => setServer(serverErrors(error)),
  };
  const create = useMutation(
    trpc.admin.createUser.mutationOptions({
      ...options,
      onSuccess: (created) => {
        saved.done(format(text.created, { name: fullName(created) }));
        onClose();
      },
    }),
  );
  const update = useMutation(
    trpc.admin.updateUser.mutationOptions({
      ...options,
      onSuccess: () => {
        saved.done(text.saved);
        onClose();
      },
    }),
  );
  const saving = create.isPending || update.isPending;
  const roleOptions = ROLES.filter(
    (role) => isAdmin || role !== 'admin' || values.roles.includes('admin'),
  ).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

  function submit() {
    setSubmitted(true);
    setServer({ fields: {}, message: null });
    if (!parsed.success) return;
    const { password, ...fields } = input;
    if (user) update.mutate({ id: user.id, data: fields });
    else create.mutate({ ...fields, password });
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        user
          ? format(text.editTitle, { name: fullName(user) })
          : format(text.createTitle, { group: group.displayName || group.name })
      }
      size={640}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Grid gap="sm">
            <Grid.Col span={6}>
              <TextInput
                label={text.name}
                withAsterisk
                maxLength={80}
                value={values.name}
                error={errorOf('name')}
                data-autofocus
                onChange={(event) => change('name', event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <TextInput
                label={text.lastname}
                maxLength={80}
                value={values.lastname}
                error={errorOf('lastname')}
                onChange={(event) => change('lastname', event.currentTarget.value)}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            label={text.email}
            withAsterisk
            type="email"
            maxLength={200}
            value={values.email}
            error={errorOf('email')}
            onChange={(event) => change('email', event.currentTarget.value)}
          />
          {!user && (
            <PasswordInput
              label={text.password}
              description={text.passwordHint}
              withAsterisk
              maxLength={200}
              value={values.password}
              error={errorOf('password')}
              onChange={(event) => change('password', event.currentTarget.value)}
            />
          )}
          <MultiSelect
            label={text.roles}
            withAsterisk
            data={roleOptions}
            value={values.roles}
            error={errorOf('roles')}
            onChange={(value) => change('roles', value as Role[])}
          />
          <Grid gap="sm">
            <Grid.Col span={6}>
              <Select
                label={text.userType}
                data={USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }))}
                value={values.userType}
                allowDeselect={false}
                onChange={(value) => value && change('userType', value as typeof values.userType)}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <Select
                label={text.group}
                data={groupOptions(groups)}
                value={values.groupId}
                allowDeselect={false}
                searchable
                error={errorOf('groupId')}
                onChange={(value) => value && change('groupId', value)}
              />
            </Grid.Col>
          </Grid>
          <TagsInput
            label={text.jailUrl}
            description={text.jailUrlHint}
            placeholder="/training"
            value={values.jailUrl}
            error={errorOf('jailUrl')}
            onChange={(value) => change('jailUrl', value)}
          />
          <Grid gap="sm">
            <Grid.Col span={4}>
              <ColorInput
                label={text.color}
                format="hex"
                value={values.color}
                error={errorOf('color')}
                onChange={(value) => change('color', value)}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label={text.phoneWork}
                maxLength={40}
                value={values.phoneWork}
                error={errorOf('phoneWork')}
                onChange={(event) => change('phoneWork', event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <Select
                label={text.country}
                data={COUNTRY_OPTIONS}
                value={values.country}
                allowDeselect={false}
                searchable
                onChange={(value) => value && change('country', value)}
              />
            </Grid.Col>
          </Grid>
          {server.message && (
            <Alert color="red" variant="light" role="alert">
              {server.message}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={user ? text.save : text.create}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Restablecer contraseña': a new first password, to be changed at the next sign-in. */
export function PasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const parsed = ZResetPasswordInput.safeParse({ id: user.id, password });
  const reset = useMutation(
    trpc.admin.resetPassword.mutationOptions({
      onSuccess: () => {
        saved.done(format(text.resetDone, { name: fullName(user) }));
        onClose();
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={format(text.resetTitle, { name: fullName(user) })}
      size={440}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (parsed.success) reset.mutate(parsed.data);
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label={text.password}
            description={text.passwordHint}
            withAsterisk
            data-autofocus
            maxLength={200}
            value={password}
            error={submitted && !parsed.success ? text.passwordInvalid : null}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {reset.isError && (
            <Alert color="red" variant="light" role="alert">
              {userMessageOf(reset.error)}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={text.resetPassword}
            loading={reset.isPending}
            cancelDisabled={reset.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
