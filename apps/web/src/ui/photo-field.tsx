import { useState } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { PROFILE_PHOTO_ACCEPT } from '@cartera/domain/settings';
import { uploadFailureText, uploadFile } from '../lib/upload-file';
import { UserAvatar } from './user-avatar';

const PHOTO_TYPES = PROFILE_PHOTO_ACCEPT.split(',');

/** A photo chosen in a form: its storage key and address, or null to remove the photo. */
export type PhotoChange = { path: string; url: string } | null;

/** The texts of a photo field, from its area's catalogue. */
export interface PhotoFieldTexts {
  choose: string;
  remove: string;
  uploading: string;
  /** The file chosen is not one of the accepted images. */
  notImage: string;
}

/** What the server takes for a photo change: nothing while the photo stays as it is. */
export function photoPathInput(photo: PhotoChange | undefined) {
  return photo === undefined ? {} : { photoPath: photo?.path ?? null };
}

/**
 * A user photo being edited in a form (the admin's user dialog, 'Mi perfil'): the change
 * (undefined while the photo stays as it is), the upload under way and its error.
 */
export function usePhotoChange({
  notImage,
  onUploaded,
}: {
  notImage: string;
  /** Called once a chosen photo is stored. */
  onUploaded?: () => void;
}) {
  const [photo, setPhoto] = useState<PhotoChange | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pick(file: File | null) {
    if (!file) return;
    setError(null);
    if (!PHOTO_TYPES.includes(file.type)) {
      setError(notImage);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile(file, { via: 'profile' });
      setPhoto({ path: stored.path, url: stored.url });
      onUploaded?.();
    } catch (caught) {
      setError(uploadFailureText(caught));
    } finally {
      setUploading(false);
    }
  }

  return {
    photo,
    uploading,
    error,
    pick,
    remove: () => setPhoto(null),
    /** Back to the stored photo, with no error. */
    reset: () => {
      setPhoto(undefined);
      setError(null);
    },
    /** The photo to show: the chosen one, else the stored one. */
    shown: (stored: string | null) => (photo === undefined ? stored : (photo?.url ?? null)),
  };
}

export type PhotoChangeState = ReturnType<typeof usePhotoChange>;

/** The avatar with 'Elegir foto' / 'Quitar foto', the upload's progress line and its error. */
export function PhotoField({
  state,
  shown,
  color,
  name,
  size,
  texts,
  error,
}: {
  state: PhotoChangeState;
  /** The photo shown (`state.shown(stored)`). */
  shown: string | null;
  color: string | null;
  /** The user's full name: the initials without a photo. */
  name: string;
  size: number;
  texts: Omit<PhotoFieldTexts, 'notImage'>;
  /** The server's error on the photo, shown when the upload has none. */
  error?: string | null | undefined;
}) {
  const shownError = state.error ?? error;
  return (
    <Group gap="md" wrap="nowrap">
      <UserAvatar user={{ photo: shown, color }} name={name} size={size} />
      <Stack gap={4}>
        <Group gap="xs">
          <FileButton onChange={(file) => void state.pick(file)} accept={PROFILE_PHOTO_ACCEPT}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={state.uploading}>
                {texts.choose}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              disabled={state.uploading}
              onClick={state.remove}
            >
              {texts.remove}
            </Button>
          )}
        </Group>
        {state.uploading && (
          <Text size="xs" c="dimmed">
            {texts.uploading}
          </Text>
        )}
        {shownError && (
          <Text size="xs" c="red" role="alert">
            {shownError}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
