import { useState, type FormEvent } from 'react';
import { Alert, Button, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { PROFILE_PHOTO_ACCEPT, ZProfileUpdate } from '@cartera/domain/settings';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { UploadError, uploadFile } from '../../lib/upload-file';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { UserAvatar } from '../../ui/user-avatar';
import { fullNameOf, type Me } from '../auth/session';

const texts = es.settings.profile;
const PHOTO_TYPES = PROFILE_PHOTO_ACCEPT.split(',');

/** A photo chosen in this form: its storage key and address, or null to remove the photo. */
type PhotoChange = { path: string; url: string } | null;

/** 'Perfil' of /settings (PATCH /settings/profile): name, lastname and photo. */
export function ProfilePanel({ me }: { me: Me }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.user.name);
  const [lastname, setLastname] = useState(me.user.lastname);
  // undefined: the photo stays as it is.
  const [photo, setPhoto] = useState<PhotoChange | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const save = useMutation(
    trpc.settings.updateProfile.mutationOptions({
      onSuccess: async () => {
        // The shell's user menu reads `auth.me`: it shows the new name and photo at once.
        await queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        setPhoto(undefined);
        setSubmitted(false);
        notifications.show({ color: 'teal', message: texts.saved });
      },
    }),
  );

  const input = {
    name,
    lastname,
    ...(photo === undefined ? {} : { photoPath: photo?.path ?? null }),
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
  const shownPhoto = photo === undefined ? me.user.photo : (photo?.url ?? null);
  const otherError =
    save.error && !serverErrors.name && !serverErrors.lastname ? userMessageOf(save.error) : null;

  async function pick(file: File | null) {
    if (!file) return;
    setPhotoError(null);
    if (!PHOTO_TYPES.includes(file.type)) {
      setPhotoError(texts.photoNotImage);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, { via: 'profile' });
      setPhoto({ path: stored.path, url: stored.url });
    } catch (error) {
      setPhotoError(error instanceof UploadError ? error.message : es.files.uploadFailedTitle);
    } finally {
      setUploading(false);
    }
  }

  function reset() {
    setName(me.user.name);
    setLastname(me.user.lastname);
    setPhoto(undefined);
    setPhotoError(null);
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
          <Group gap="md" wrap="nowrap">
            <UserAvatar
              user={{ photo: shownPhoto, color: me.user.color }}
              name={fullNameOf({ name, lastname })}
              size={64}
            />
            <Stack gap={6}>
              <Group gap="xs">
                <FileButton onChange={(file) => void pick(file)} accept={PROFILE_PHOTO_ACCEPT}>
                  {(props) => (
                    <Button {...props} size="xs" variant="light" loading={uploading}>
                      {texts.choosePhoto}
                    </Button>
                  )}
                </FileButton>
                {shownPhoto && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    onClick={() => setPhoto(null)}
                    disabled={uploading}
                  >
                    {texts.removePhoto}
                  </Button>
                )}
              </Group>
              {uploading && (
                <Text size="xs" c="dimmed">
                  {texts.uploading}
                </Text>
              )}
              {photoError && (
                <Text size="xs" c="red" role="alert">
                  {photoError}
                </Text>
              )}
            </Stack>
          </Group>
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
