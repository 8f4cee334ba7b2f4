import { useState } from 'react';
import {
  Alert,
  Button,
  ColorInput,
  FileButton,
  Grid,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ZCreateUserInput, ZResetPasswordInput, ZUserFields } from '@cartera/domain/admin';
import { es, format } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import {
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  ROLE_LABELS,
  ROLES,
  USER_TYPE_LABELS,
  USER_TYPES,
  type ProductType,
  type Role,
} from '@cartera/domain/roles';
import { PROFILE_PHOTO_ACCEPT } from '@cartera/domain/settings';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { UploadError, uploadFile } from '../../lib/upload-file';
import { FormActions } from '../../ui/form-actions';
import { UserAvatar } from '../../ui/user-avatar';
import { useMe } from '../auth/session';
import type { AdminGroup } from './admin-page';
import { COUNTRY_OPTIONS, groupOptions } from './group-dialog';
import { UserOperations } from './user-operations';
import type { AdminUser } from './users-table';
import { useAdminSaved } from './use-admin-saved';

const PHOTO_TYPES = PROFILE_PHOTO_ACCEPT.split(',');
/** The product type picker's 'Sin definir' (the field is then null). */
const NO_PRODUCT_TYPE = 'none';

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
  if (domainCodeOf(error) === 'PROFILE_PHOTO_INVALID') {
    return { fields: { photoPath: userMessageOf(error) }, message: null };
  }
  const placed = placeFieldErrors(fieldErrorsOf(error), ([field]) => field ?? null, 'data');
  return {
    fields: placed.fields,
    message:
      Object.keys(placed.fields).length > 0 ? (placed.rest[0] ?? null) : userMessageOf(error),
  };
}

/** A photo chosen in the dialog: its storage key and address, or null to remove it. */
type PhotoChange = { path: string; url: string } | null;

/**
 * 'Nuevo usuario' / 'Editar a {name}': who they are and their photo, their roles and type
 * ('Vendedor a prueba', 'Subagente'), product type, group, allowed paths, colour, work phone,
 * country and linked accounts; a new user also gets a first password, which they must change at
 * their first sign-in. Only an admin offers the admin role, and sees the user operations of 01
 * §7 (figures, duplicates, moving to another company) when editing.
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
  const isAdmin = me ? can(me.user, 'administer') : false;
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
    productType: (user?.productType ?? '') as ProductType | '',
    linkedAccountsActive: user?.linkedAccountsActive ?? false,
    linkedUserIds: user?.linkedUserIds ?? [],
  });
  // undefined: the photo stays as it is.
  const [photo, setPhoto] = useState<PhotoChange | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const colleagues = useQuery(trpc.admin.users.queryOptions({}));
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: Errors; message: string | null }>({
    fields: {},
    message: null,
  });
  const input = {
    ...values,
    color: values.color || null,
    phoneWork: values.phoneWork || null,
    productType: values.productType || null,
    ...(photo === undefined ? {} : { photoPath: photo?.path ?? null }),
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
  const linkOptions = (colleagues.data ?? [])
    .filter(
      (each) =>
        each.id !== user?.id &&
        (isAdmin || !can(each, 'administer') || values.linkedUserIds.includes(each.id)),
    )
    .map((each) => ({ value: each.id, label: `${fullName(each)} (${each.email})` }));
  const shownPhoto = photo === undefined ? (user?.photo ?? null) : (photo?.url ?? null);

  async function pick(file: File | null) {
    if (!file) return;
    setPhotoError(null);
    if (!PHOTO_TYPES.includes(file.type)) {
      setPhotoError(text.photoInvalid);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, { via: 'profile' });
      setPhoto({ path: stored.path, url: stored.url });
      setServer((current) => ({ ...current, fields: { ...current.fields, photoPath: undefined } }));
    } catch (error) {
      setPhotoError(error instanceof UploadError ? error.message : es.files.uploadFailedTitle);
    } finally {
      setUploading(false);
    }
  }

  function submit() {
    setSubmitted(true);
    setServer({ fields: {}, message: null });
    if (!parsed.success || uploading) return;
    const { password, linkedUserIds, ...fields } = input;
    const sameLinks =
      [...linkedUserIds].sort().join() === [...(user?.linkedUserIds ?? [])].sort().join();
    // Links are sent only when changed: a user manager may edit a user linked to an admin.
    const links = sameLinks ? {} : { linkedUserIds };
    if (user) update.mutate({ id: user.id, data: { ...fields, ...links } });
    else create.mutate({ ...fields, ...links, password });
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
          <Group gap="md" wrap="nowrap">
            <UserAvatar
              user={{ photo: shownPhoto, color: values.color || null }}
              name={fullName(values) || '?'}
              size={56}
            />
            <Stack gap={4}>
              <Group gap="xs">
                <FileButton onChange={(file) => void pick(file)} accept={PROFILE_PHOTO_ACCEPT}>
                  {(props) => (
                    <Button {...props} size="xs" variant="light" loading={uploading}>
                      {text.choosePhoto}
                    </Button>
                  )}
                </FileButton>
                {shownPhoto && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    disabled={uploading}
                    onClick={() => setPhoto(null)}
                  >
                    {text.removePhoto}
                  </Button>
                )}
              </Group>
              {uploading && (
                <Text size="xs" c="dimmed">
                  {text.uploading}
                </Text>
              )}
              {(photoError ?? errorOf('photoPath')) && (
                <Text size="xs" c="red" role="alert">
                  {photoError ?? errorOf('photoPath')}
                </Text>
              )}
            </Stack>
          </Group>
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
          <Select
            label={text.productType}
            data={[
              { value: NO_PRODUCT_TYPE, label: text.productTypeNone },
              ...PRODUCT_TYPES.map((type) => ({ value: type, label: PRODUCT_TYPE_LABELS[type] })),
            ]}
            value={values.productType || NO_PRODUCT_TYPE}
            allowDeselect={false}
            onChange={(value) =>
              change(
                'productType',
                !value || value === NO_PRODUCT_TYPE ? '' : (value as ProductType),
              )
            }
          />
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
          <MultiSelect
            label={text.linkedUsers}
            description={text.linkedUsersHint}
            data={linkOptions}
            value={values.linkedUserIds}
            searchable
            error={errorOf('linkedUserIds')}
            onChange={(value) => change('linkedUserIds', value)}
          />
          <Switch
            label={text.linkedAccountsActive}
            checked={values.linkedAccountsActive}
            onChange={(event) => change('linkedAccountsActive', event.currentTarget.checked)}
          />
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
            cancelDisabled={saving || uploading}
          />
        </Stack>
      </form>
      {user && isAdmin && <UserOperations user={user} onMoved={onClose} />}
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
