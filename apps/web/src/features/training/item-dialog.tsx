import { useState } from 'react';
import {
  Alert,
  FileInput,
  Modal,
  NumberInput,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { AudienceFields, type Audience } from './audience-fields';
import type { TrainingItemType, TrainingMedia } from '@cartera/domain/training';
import { dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useUploads } from '../../lib/use-uploads';
import { FormActions } from '../../ui/form-actions';
import type { TrainingItem } from './use-training';

const texts = es.training;

/** A video file's length in whole seconds, read by the browser (0 when it cannot tell). */
function durationOf(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    const done = (seconds: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) ? Math.round(seconds) : 0);
    };
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(0);
    video.src = url;
  });
}

/**
 * 'Subir clase' / 'Subir tutorial' and 'Modificar' (the coach and admins): title, description,
 * date, the video (uploaded with its progress, or a link), its duration (read from an uploaded
 * file), a miniature and the roles it reaches.
 */
export function ItemDialog({
  type,
  item,
  onClose,
}: {
  type: TrainingItemType;
  item?: TrainingItem;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [date, setDate] = useState(dayjs(item?.date ?? new Date()).format('YYYY-MM-DD'));
  const [duration, setDuration] = useState<number>(item?.duration ?? 0);
  const [link, setLink] = useState(item?.video ? '' : (item?.linkOfClass ?? ''));
  const [video, setVideo] = useState<TrainingMedia | null>(item?.video ?? null);
  const [miniature, setMiniature] = useState<string | null>(item?.miniature ?? null);
  const [audience, setAudience] = useState<Audience>({
    roles: item?.audience.roles ?? [],
    groupIds: item?.audience.groupIds ?? [],
  });
  const uploads = useUploads('training');
  const { progress, error: uploadError } = uploads;

  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.training.items.pathFilter());
      void queryClient.invalidateQueries(trpc.training.item.pathFilter());
      onClose();
    },
  };
  const create = useMutation(trpc.training.createItem.mutationOptions(options));
  const update = useMutation(trpc.training.updateItem.mutationOptions(options));
  const failure = create.error ?? update.error;

  const upload = (file: File | null, kind: 'video' | 'miniature') =>
    file &&
    uploads.upload([file], async (stored) => {
      if (kind === 'video') {
        const seconds = await durationOf(file);
        setVideo({
          name: stored.name,
          url: stored.url,
          mimeType: stored.mimeType,
          size: stored.size,
        });
        setLink('');
        if (seconds) setDuration(seconds);
      } else {
        setMiniature(stored.url);
      }
    });

  const linkOfClass = video?.url ?? link.trim();
  const values = {
    type,
    title,
    description,
    date: dayjs(date).toDate(),
    duration,
    miniature,
    linkOfClass,
    video,
    audience: { roles: audience.roles, groupIds: audience.groupIds },
  };
  const heading = item
    ? texts.item.editTitle
    : type === 'instance'
      ? texts.item.createInstanceTitle
      : texts.item.createTutorialTitle;
  return (
    <Modal opened onClose={onClose} title={heading} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (item) update.mutate({ id: item.id, data: values });
          else create.mutate(values);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={texts.item.title}
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label={texts.item.description}
            autosize
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={texts.item.date}
            required
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <FileInput
            label={texts.item.videoFile}
            accept="video/*"
            placeholder={video?.name}
            clearable
            onChange={(file) => void upload(file, 'video')}
          />
          <TextInput
            label={texts.item.videoLink}
            value={video ? '' : link}
            disabled={Boolean(video)}
            onChange={(event) => setLink(event.currentTarget.value)}
          />
          <NumberInput
            label={texts.item.duration}
            min={0}
            value={duration}
            onChange={(value) => setDuration(typeof value === 'number' ? value : 0)}
          />
          <FileInput
            label={texts.item.miniature}
            accept="image/*"
            clearable
            onChange={(file) => void upload(file, 'miniature')}
          />
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress * 100} aria-label={texts.item.video} />
              <Text size="xs" c="dimmed">
                {format(texts.item.uploading, { percent: Math.round(progress * 100) })}
              </Text>
            </Stack>
          )}
          <AudienceFields value={audience} onChange={setAudience} />
          {!linkOfClass && (
            <Text size="xs" c="dimmed">
              {texts.item.videoRequired}
            </Text>
          )}
          {(uploadError || failure) && (
            <Alert color="red" variant="light" role="alert">
              {uploadError ?? userMessageOf(failure)}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.fields.cancel}
            onCancel={onClose}
            submitLabel={texts.item.save}
            loading={create.isPending || update.isPending}
            disabled={!title.trim() || !linkOfClass || progress !== null}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
