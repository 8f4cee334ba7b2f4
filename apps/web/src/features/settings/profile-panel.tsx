import { useState, type FormEvent } from 'react';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { ZProfileUpdate } from '@cartera/domain/settings';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { PhotoField, photoPathInput, usePhotoChange } from '../../ui/photo-field';
import { fullNameOf, type Me } from '../auth/session';

const texts = es.settings.profile;

/** 'Perfil' of /settings (PATCH /settings/profile): name, lastname and photo. */
export function ProfilePanel({ me }: { me: Me }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.user.name);
  const [lastname, setLastname] = useState(me.user.lastname);
  const photoChange = usePhotoChange({ notImage: texts.photoNotImage });
  const { photo, uploading } = photoChange;
  const [submitted, setSubmitted] = useState(false);

  const save = useMutation(
    trpc.settings.updateProfile.mutationOptions({
      onSuccess: async () => {
        // The shell's user menu reads `auth.me`: it shows the new name and photo at once.
        await queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        photoChange.reset();
        setSubmitted(false);
        notifications.show({ color: 'teal', message: texts.saved });
      },
    }),
  );

  const input = {
    name,
    lastname,
    ...photoPathInput(photo),
  };
  const parsed = ZProfileUpdate.safeParse(input);
  const localErrors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '_');
    localErrors[field] ??= issue.message;
  }
  const serverErrors = fieldErrorsOf(save.error);
  const errorOf = (field: 'name' | 'lastname') =>
    (submitted ? localErrors[field] : undefined) ?? serverErrors[field]?.[0];
  const dirty =
    name.trim() !== me.user.name || lastname.trim() !== me.user.lastname || photo !== undefined;
  const otherError =
    save.error && !serverErrors.name && !serverErrors.lastname ? userMessageOf(save.error) : null;

  function reset() {
    setName(me.user.name);
    setLastname(me.user.lastname);
    photoChange.reset();
    setSubmitted(false);
    save.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || !dirty) return;
    save.mutate(parsed.data);
  }

  return (
    <Panel titleId="settings-profile-title" title={texts.title}>
      <Text size="sm" c="dimmed">
        {texts.intro}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PhotoField
            state={photoChange}
            shown={photoChange.shown(me.user.photo)}
            color={me.user.color}
            name={fullNameOf({ name, lastname })}
            size={64}
            texts={{
              choose: texts.choosePhoto,
              remove: texts.removePhoto,
              uploading: texts.uploading,
            }}
          />
          <Group grow align="flex-start">
            <TextInput
              label={texts.name}
              required
              autoComplete="given-name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={errorOf('name')}
            />
            <TextInput
              label={texts.lastname}
              autoComplete="family-name"
              value={lastname}
              onChange={(event) => setLastname(event.currentTarget.value)}
              error={errorOf('lastname')}
            />
          </Group>
          <TextInput label={texts.email} value={me.user.email} readOnly variant="filled" />
          {otherError && (
            <Alert color="red" variant="light" role="alert">
              {otherError}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.settings.cancel}
            onCancel={reset}
            cancelDisabled={!dirty || save.isPending}
            submitLabel={texts.save}
            loading={save.isPending}
            disabled={!dirty || uploading}
          />
        </Stack>
      </form>
    </Panel>
  );
}
