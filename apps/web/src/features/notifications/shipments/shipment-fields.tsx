import { useState } from 'react';
import { Button, FileButton, Group, Image, Modal, Progress, Stack, Text } from '@mantine/core';
import { errorMessage, es } from '@cartera/domain/i18n';
import { dayjs, DATE_TIME_FORMAT } from '../../../lib/dates';
import { fileSrc } from '../../../lib/file-url';
import type { useUploads } from '../../../lib/use-uploads';
import { DateTimePicker } from '../../../ui/dates';

const texts = es.notifications.form;

/** The picture: an upload of via 'notification', shown small, with its removal. */
export function ImageField({
  image,
  uploads,
  error,
  onChange,
}: {
  image: string | null;
  uploads: ReturnType<typeof useUploads>;
  error: string | null;
  onChange: (image: string | null) => void;
}) {
  const [notImage, setNotImage] = useState(false);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {texts.image}
      </Text>
      <Group gap="sm" align="center">
        {image && (
          <Image
            src={fileSrc(image)}
            alt={texts.image}
            w={96}
            h={64}
            radius="sm"
            fit="cover"
            data-testid="shipment-image"
          />
        )}
        <FileButton
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(file) => {
            if (!file) return;
            setNotImage(!file.type.startsWith('image/'));
            if (!file.type.startsWith('image/')) return;
            void uploads.upload([file], (stored) => onChange(stored.url));
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploads.progress !== null}>
              {texts.chooseImage}
            </Button>
          )}
        </FileButton>
        {image && (
          <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
            {texts.removeImage}
          </Button>
        )}
      </Group>
      {uploads.progress !== null && (
        <Progress value={uploads.progress * 100} size="sm" aria-label={texts.uploading} />
      )}
      {(notImage || uploads.error || error) && (
        <Text size="xs" c="red" role="alert">
          {notImage ? texts.notImage : (uploads.error ?? error)}
        </Text>
      )}
    </Stack>
  );
}

/** 'Programar para más tarde': the moment to send it at. */
export function ScheduleDialog({
  initial,
  busy,
  onClose,
  onSchedule,
}: {
  initial: Date | null;
  busy: boolean;
  onClose: () => void;
  onSchedule: (at: Date) => void;
}) {
  const [at, setAt] = useState<Date | null>(initial);
  // When it was picked: a moment already past is refused (the server checks it when sending).
  const [pickedAt, setPickedAt] = useState(() => new Date());
  const future = at !== null && at.getTime() > pickedAt.getTime();
  return (
    <Modal opened onClose={onClose} title={texts.later} size={420} centered>
      <Stack gap="md">
        <DateTimePicker
          label={texts.at}
          valueFormat={DATE_TIME_FORMAT}
          minDate={dayjs().format('YYYY-MM-DD')}
          value={at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(value) => {
            const date = value ? dayjs(value) : null;
            setPickedAt(new Date());
            setAt(date?.isValid() ? date.toDate() : null);
          }}
          error={at && !future ? errorMessage('NOTIFICATION_SCHEDULE_INVALID') : undefined}
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {es.app.cancel}
          </Button>
          <Button loading={busy} disabled={!future} onClick={() => at && onSchedule(at)}>
            {texts.schedule}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
