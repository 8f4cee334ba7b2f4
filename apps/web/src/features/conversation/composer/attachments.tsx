import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Image,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  EDITABLE_IMAGE_TYPES,
  NOTE_ATTACHMENT_ACCEPT,
  NOTE_ATTACHMENTS_MAX,
} from '@cartera/domain/composer';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { lineIcon } from '../../../ui/icons';
import { uploadFile, UploadError, type UploadedFile } from '../../../lib/upload-file';
import { formatFileSize } from '../info-panel/info-panel-format';

const c = es.conversation.composer;

const PaperclipIcon = lineIcon([
  'M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5 -6.5a3 3 0 0 0 -6 -6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5 -6.5',
]);

export interface Attachment {
  id: string;
  name: string;
  size: number;
  /** Share of bytes sent, 0 to 1. */
  progress: number;
  state: 'uploading' | 'done' | 'error';
  /** The file as chosen (a picture may be opened in the preview and editor). */
  file?: File;
  /** Brought by the server from a pasted URL (02 §8): no progress to show. */
  downloading?: boolean;
  uploaded?: UploadedFile;
  error?: string;
  /**
   * A picture's thumbnail before it is sent: an object URL of the chosen file, revoked when the
   * item leaves the list (removed, sent or the composer closed).
   */
  preview?: string;
}

/** Pictures a browser draws from their bytes (svg too: an <img> never runs its scripts). */
const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|avif|bmp|svg\+xml)$/;

/**
 * The files that may join `count` already chosen: those over the size limit and past the 50th
 * are dropped, each with the spec's toast (02 §5, 03 §6).
 */
export function keepFitting(files: readonly File[], count: number): File[] {
  const fitting = files.filter((file) => file.size <= MAX_UPLOAD_BYTES);
  const dropped = files.length - fitting.length;
  if (dropped > 0) {
    notifications.show({
      color: 'red',
      message: format(dropped === 1 ? es.files.oversizedOne : es.files.oversizedMany, {
        n: dropped,
      }),
    });
  }
  const taken = fitting.slice(0, Math.max(0, NOTE_ATTACHMENTS_MAX - count));
  if (taken.length < fitting.length) {
    notifications.show({
      color: 'red',
      message: format(c.attachmentsMax, { n: NOTE_ATTACHMENTS_MAX }),
    });
  }
  return taken;
}

/**
 * The files chosen for a note (03 §2.2, §6: admins only) or a channel message: each uploads at
 * once with its progress; files over the limit are dropped with the spec's toast; removing one
 * stops its upload. A file the server downloads from a pasted URL joins them (`addDownload`).
 */
export function useNoteAttachments(via = 'note') {
  const [items, setItems] = useState<Attachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  /** The thumbnails' object URLs by item, to revoke when their item goes. */
  const previews = useRef(new Map<string, string>());

  useEffect(() => {
    const running = controllers.current;
    const shown = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of shown.values()) URL.revokeObjectURL(url);
      shown.clear();
    };
  }, []);

  const dropPreview = useCallback((id: string) => {
    const url = previews.current.get(id);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(id);
  }, []);

  const change = useCallback((id: string, values: Partial<Attachment>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...values } : item)));
  }, []);

  /** Runs one item's transfer: its state follows it; aborted when the item is removed. */
  const track = useCallback(
    (id: string, run: (signal: AbortSignal) => Promise<UploadedFile>) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      return run(controller.signal)
        .then((uploaded) => {
          change(id, { state: 'done', progress: 1, size: uploaded.size, uploaded });
          return uploaded;
        })
        .finally(() => controllers.current.delete(id));
    },
    [change],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = keepFitting(files, items.length).map((file) => {
        const id = newId();
        const preview = PREVIEWABLE.test(file.type) ? URL.createObjectURL(file) : undefined;
        if (preview) previews.current.set(id, preview);
        return { file, id, preview };
      });
      setItems((current) => [
        ...current,
        ...added.map(({ file, id, preview }) => ({
          id,
          name: file.name,
          size: file.size,
          file,
          progress: 0,
          state: 'uploading' as const,
          ...(preview ? { preview } : {}),
        })),
      ]);
      for (const { file, id } of added) {
        track(id, (signal) =>
          uploadFile(file, { via, signal, onProgress: (progress) => change(id, { progress }) }),
        ).catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          change(id, {
            state: 'error',
            error: error instanceof UploadError ? error.message : es.files.uploadFailedTitle,
          });
        });
      }
    },
    [items.length, change, track, via],
  );

  /**
   * A file the server brings from a URL (02 §8): listed while it comes; a failure removes it
   * and rejects, for the caller's message.
   */
  const addDownload = useCallback(
    (name: string, download: (signal: AbortSignal) => Promise<UploadedFile>) => {
      if (keepFitting([new File([], name)], items.length).length === 0) return Promise.resolve();
      const id = newId();
      setItems((current) => [
        ...current,
        { id, name, size: 0, progress: 0, state: 'uploading', downloading: true },
      ]);
      return track(id, download).then(
        () => undefined,
        (error: unknown) => {
          setItems((current) => current.filter((item) => item.id !== id));
          throw error;
        },
      );
    },
    [items.length, track],
  );

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      dropPreview(id);
      setItems((current) => current.filter((item) => item.id !== id));
    },
    [dropPreview],
  );

  const clear = useCallback(() => {
    for (const id of [...previews.current.keys()]) dropPreview(id);
    setItems([]);
  }, [dropPreview]);

  return {
    items,
    add,
    addDownload,
    remove,
    clear,
    /** The uploaded files, in the order chosen. */
    files: items.flatMap((item) => (item.uploaded ? [item.uploaded] : [])),
    uploading: items.some((item) => item.state === 'uploading'),
    failed: items.some((item) => item.state === 'error'),
  };
}

export type NoteAttachmentsState = ReturnType<typeof useNoteAttachments>;

/** 'Adjuntar archivo': opens the file chooser with the allowed types (03 §6). */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ActionIcon
        size={42}
        radius="xl"
        variant="subtle"
        color="gray"
        aria-label={c.attach}
        title={c.attach}
        onClick={() => input.current?.click()}
      >
        <PaperclipIcon size={20} />
      </ActionIcon>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={NOTE_ATTACHMENT_ACCEPT}
        data-testid="composer-file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // The same file may be chosen again after removing it.
          event.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/**
 * The chosen files with their upload progress, error and a remove button; with `onEdit`, an
 * uploaded picture (png, jpg, jpeg) also opens the preview and editor (03 §2.1).
 */
export function AttachmentList({
  items,
  onRemove,
  onEdit,
}: {
  items: readonly Attachment[];
  onRemove: (id: string) => void;
  onEdit?: (item: Attachment) => void;
}) {
  if (!items.length) return null;
  return (
    <Stack gap={6} mb={6} role="list" aria-label={c.attachments}>
      {items.map((item) => (
        <Stack key={item.id} gap={2} role="listitem" aria-label={item.name}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {item.preview && (
                <Image
                  src={item.preview}
                  // Decorative: the file's name stands beside it.
                  alt=""
                  w={48}
                  h={48}
                  radius="sm"
                  fit="cover"
                  style={{ flexShrink: 0 }}
                  data-testid="attachment-thumbnail"
                />
              )}
              <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                {item.name}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Text size="xs" c={item.state === 'error' ? 'red' : 'dimmed'}>
                {item.downloading && item.state === 'uploading'
                  ? c.downloading
                  : item.state === 'uploading'
                    ? format(c.uploading, { percent: Math.round(item.progress * 100) })
                    : item.state === 'done'
                      ? format(c.uploaded, { size: formatFileSize(item.size) })
                      : c.uploadFailed}
              </Text>
              {onEdit &&
                item.state === 'done' &&
                item.file &&
                EDITABLE_IMAGE_TYPES.has(item.file.type) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={format(c.media.open, { name: item.name })}
                    onClick={() => onEdit(item)}
                  >
                    {c.media.edit}
                  </Button>
                )}
              <CloseButton
                size="sm"
                aria-label={format(c.removeAttachment, { name: item.name })}
                onClick={() => onRemove(item.id)}
              />
            </Group>
          </Group>
          <Progress
            size="xs"
            value={item.progress * 100}
            color={item.state === 'error' ? 'red' : item.state === 'done' ? 'teal' : 'blue'}
            aria-label={format(c.uploadProgress, { name: item.name })}
          />
          {item.error && (
            <Text size="xs" c="red" role="alert">
              {item.error}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
