import { useCallback, useEffect, useRef, useState } from 'react';
import { AspectRatio, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { formatDuration } from '@cartera/domain/training';
import { formatDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { userMessageOf } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { ItemDialog } from './item-dialog';
import { useCoach } from './use-training';
import { fileSrc } from '../../lib/file-url';

const texts = es.training;
/** While playing, the position is stored every 5 s of video (and on pause, end and close). */
const SAVE_EVERY_SECONDS = 5;

/**
 * The viewer of a class or tutorial (the `id` of /training/instances and /training/tutorials):
 * it starts where the user left off and records where they are, so 'Continuar viendo' resumes.
 */
export function VideoViewer({ id, onClose }: { id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const item = useQuery(trpc.training.item.queryOptions({ id }));
  const video = useRef<HTMLVideoElement | null>(null);
  const lastSaved = useRef<number | null>(null);
  /** Set once the item is deleted: there is no progress to keep any more. */
  const removed = useRef(false);
  const record = useMutation(
    trpc.training.recordProgress.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.training.items.pathFilter()),
    }),
  );
  const { mutate } = record;

  const saveFrom = useCallback(
    (element: HTMLVideoElement | null) => {
      if (removed.current || !element || !Number.isFinite(element.currentTime)) return;
      const position = Math.floor(element.currentTime);
      if (position === lastSaved.current) return;
      lastSaved.current = position;
      mutate({ id, position });
    },
    [id, mutate],
  );
  const save = () => saveFrom(video.current);
  const loaded = item.isSuccess;
  const canManage = useCoach().data?.canManage ?? false;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(trpc.training.deleteItem.mutationOptions());
  const confirmRemove = () =>
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          removed.current = true;
          setDeleting(false);
          void queryClient.invalidateQueries(trpc.training.items.pathFilter());
          onClose();
        },
      },
    );
  // Closing the viewer (or leaving the page) keeps where the user was.
  useEffect(() => {
    const element = video.current;
    return () => saveFrom(element);
  }, [loaded, saveFrom]);

  return (
    <Modal
      opened
      onClose={() => {
        save();
        onClose();
      }}
      size="xl"
      centered
      title={item.data?.title ?? texts.viewer}
      closeButtonProps={{ 'aria-label': texts.closeViewer }}
    >
      {item.isPending ? (
        <Skeleton height={320} radius="md" aria-busy="true" />
      ) : item.isError ? (
        <QueryError query={item} />
      ) : (
        <Stack gap="sm">
          <AspectRatio ratio={16 / 9} bg="dark.9" style={{ borderRadius: 8, overflow: 'hidden' }}>
            <video
              ref={video}
              src={fileSrc(item.data.linkOfClass)}
              controls
              playsInline
              preload="metadata"
              poster={fileSrc(item.data.miniature)}
              data-testid="training-video"
              onLoadedMetadata={(event) => {
                const position = item.data.progress?.position ?? 0;
                const element = event.currentTarget;
                // A video watched to its end starts again from the beginning.
                if (position > 0 && position < element.duration - 1) {
                  element.currentTime = position;
                  lastSaved.current = position;
                }
              }}
              onTimeUpdate={(event) => {
                const now = event.currentTarget.currentTime;
                if (
                  lastSaved.current === null ||
                  Math.abs(now - lastSaved.current) >= SAVE_EVERY_SECONDS
                ) {
                  save();
                }
              }}
              onPause={save}
              onEnded={save}
            />
          </AspectRatio>
          <Group gap="xs" c="dimmed">
            <Text size="sm">{formatDate(item.data.date)}</Text>
            <Text size="sm">·</Text>
            <Text size="sm">{formatDuration(item.data.duration)}</Text>
          </Group>
          {item.data.description && <Text size="sm">{item.data.description}</Text>}
          {canManage && (
            <Group justify="flex-end" gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<PencilIcon size={14} />}
                onClick={() => setEditing(true)}
              >
                {texts.item.edit}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<TrashIcon size={14} />}
                onClick={() => setDeleting(true)}
              >
                {texts.item.delete}
              </Button>
            </Group>
          )}
          {editing && (
            <ItemDialog type={item.data.type} item={item.data} onClose={() => setEditing(false)} />
          )}
          <ConfirmDialog
            opened={deleting}
            title={texts.item.deleteTitle}
            loading={remove.isPending}
            error={remove.isError ? userMessageOf(remove.error) : null}
            onConfirm={confirmRemove}
            onClose={() => setDeleting(false)}
          />
        </Stack>
      )}
    </Modal>
  );
}
