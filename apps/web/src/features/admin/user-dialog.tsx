import { useState } from 'react';
import {
  ColorInput,
  Grid,
  MultiSelect,
  PasswordInput,
  Select,
  Switch,
  TagsInput,
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
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { useEntityForm, useFormErrors } from '../../ui/use-entity-form';
import { PhotoField, photoPathInput, usePhotoChange, type PhotoChange } from '../../ui/photo-field';
import { useMe } from '../auth/session';
import type { AdminGroup } from './admin-types';
import { CountrySelect } from './country-select';
import { groupOptions } from './group-dialog';
import { UserOperations } from './user-operations';
import type { AdminUser } from './admin-types';
import { useAdminSaved } from './use-admin-saved';

/** The product type picker's 'Sin definir' (the field is then null). */
const NO_PRODUCT_TYPE = 'none';

const text = es.admin.users;

export function fullName(user: { name: string; lastname: string }) {
  return `${user.name} ${user.lastname}`.trim();
}

interface UserValues {
  name: string;
  lastname: string;
  email: string;
  password: string;
  roles: Role[];
  userType: AdminUser['userType'];
  groupId: string;
  jailUrl: string[];
  color: string;
  phoneWork: string;
  country: string;
  productType: ProductType | '';
  linkedAccountsActive: boolean;
  linkedUserIds: string[];
}

/** What the schema checks and the server gets: empty optional fields as null, the photo's change. */
function inputOf(values: UserValues, photo: PhotoChange | undefined) {
  return {
    ...values,
    color: values.color || null,
    phoneWork: values.phoneWork || null,
    productType: values.productType || null,
    ...photoPathInput(photo),
  };
}

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
  const photoChange = usePhotoChange({
    notImage: text.photoInvalid,
    onUploaded: () => form.clear('photoPath'),
  });
  const { photo, uploading } = photoChange;
  const colleagues = useQuery(trpc.admin.users.queryOptions({}));
  const form = useEntityForm<UserValues, unknown>({
    initial: () => ({
      name: user?.name ?? '',
      lastname: user?.lastname ?? '',
      email: user?.email ?? '',
      password: '',
      roles: user?.roles ?? ['user'],
      userType: user?.userType ?? 'normal',
      groupId: user?.groupId ?? group.id,
      jailUrl: user?.jailUrl ?? [],
      color: user?.color ?? '',
      phoneWork: user?.phoneWork ?? '',
      country: user?.country ?? group.country,
      productType: user?.productType ?? '',
      linkedAccountsActive: user?.linkedAccountsActive ?? false,
      linkedUserIds: user?.linkedUserIds ?? [],
    }),
    schema: user ? ZUserFields : ZCreateUserInput,
    input: (current) => inputOf(current, photo),
    within: 'data',
    codes: { USER_EMAIL_TAKEN: 'email', PROFILE_PHOTO_INVALID: 'photoPath' },
  });
  const { values } = form;
  const change = form.set;
  const errorOf = form.errorOf;
  const options = { onError: form.onError };
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
  function send() {
    if (uploading) return;
    const { password, linkedUserIds, ...fields } = inputOf(values, photo);
    const sameLinks =
      [...linkedUserIds].sort().join() === [...(user?.linkedUserIds ?? [])].sort().join();
    // Links are sent only when changed: a user manager may edit a user linked to an admin.
    const links = sameLinks ? {} : { linkedUserIds };
    if (user) update.mutate({ id: user.id, data: { ...fields, ...links } });
    else create.mutate({ ...fields, ...links, password });
  }

  return (
    <EntityDialog
      onClose={onClose}
      title={
        user
          ? format(text.editTitle, { name: fullName(user) })
          : format(text.createTitle, { group: group.displayName || group.name })
      }
      size={640}
      gap="sm"
      form={form}
      saving={saving}
      busy={uploading}
      submitLabel={user ? text.save : text.create}
      cancelLabel={text.cancel}
      onSubmit={() => form.submit(send)}
      after={user && isAdmin && <UserOperations user={user} onMoved={onClose} />}
    >
      <PhotoField
        state={photoChange}
        shown={photoChange.shown(user?.photo ?? null)}
        color={values.color || null}
        name={fullName(values) || '?'}
        size={56}
        texts={{ choose: text.choosePhoto, remove: text.removePhoto, uploading: text.uploading }}
        error={errorOf('photoPath')}
      />
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
            onChange={(value) => value && change('userType', value as UserValues['userType'])}
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
          change('productType', !value || value === NO_PRODUCT_TYPE ? '' : (value as ProductType))
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
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <ColorInput
            label={text.color}
            format="hex"
            value={values.color}
            error={errorOf('color')}
            onChange={(value) => change('color', value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, xs: 4 }}>
          <TextInput
            label={text.phoneWork}
            maxLength={40}
            value={values.phoneWork}
            error={errorOf('phoneWork')}
            onChange={(event) => change('phoneWork', event.currentTarget.value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <CountrySelect
            label={text.country}
            value={values.country}
            onChange={(value) => change('country', value)}
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
    </EntityDialog>
  );
}

/** 'Restablecer contraseña': a new first password, to be changed at the next sign-in. */
export function PasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const trpc = useTRPC();
  const saved = useAdminSaved();
  const [password, setPassword] = useState('');
  const parsed = ZResetPasswordInput.safeParse({ id: user.id, password });
  // One rule's message for any wrong password (the rules are listed in the field's hint).
  const form = useFormErrors(parsed.success ? {} : { password: text.passwordInvalid });
  const reset = useMutation(
    trpc.admin.resetPassword.mutationOptions({
      onSuccess: () => {
        saved.done(format(text.resetDone, { name: fullName(user) }));
        onClose();
      },
      onError: (error) => form.showMessage(userMessageOf(error)),
    }),
  );
  return (
    <EntityDialog
      onClose={onClose}
      title={format(text.resetTitle, { name: fullName(user) })}
      size={440}
      gap="sm"
      form={form}
      saving={reset.isPending}
      submitLabel={text.resetPassword}
      cancelLabel={text.cancel}
      onSubmit={() => {
        if (form.submit() && parsed.success) reset.mutate(parsed.data);
      }}
    >
      <PasswordInput
        label={text.password}
        description={text.passwordHint}
        withAsterisk
        data-autofocus
        maxLength={200}
        value={password}
        error={form.errorOf('password')}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
    </EntityDialog>
  );
}
