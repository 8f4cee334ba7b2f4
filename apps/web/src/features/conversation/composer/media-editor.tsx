import { useEffect, useRef, useState, type ReactNode } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { Box, Button, Group, Image, Modal, Progress, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  CROP_POSITION_DEBOUNCE_MS,
  MEDIA_SCALE_MAX,
  MEDIA_SCALE_MIN,
  nextRotation,
  rotatedSideways,
  zoomedScale,
  type MediaItem,
  type MediaRotation,
} from '@cartera/domain/composer';
import { es, format } from '@cartera/domain/i18n';
import { uploadFile, type UploadedFile } from '../../../lib/upload-file';
import { FormActions } from '../../../ui/form-actions';

const m = es.conversation.composer.media;

/** The dialog's picture: the file as chosen, the edited one once saved, its Media item. */
interface Entry {
  original: File;
  /** The original as already stored (uploaded as soon as it was chosen). */
  uploaded: UploadedFile | undefined;
  edited: File | null;
  /** What is shown in the preview: the edited picture once saved, else the original. */
  preview: string;
  item: MediaItem;
}

/** The picture sent from the dialog: where it was stored and its caption. */
export interface SentMedia {
  file: UploadedFile;
  caption: string;
}

/** A picture to open: the file as chosen and, when it is already stored, where. */
export interface Picture {
  file: File;
  uploaded?: UploadedFile | undefined;
}

function entryOf({ file, uploaded }: Picture): Entry {
  const path = URL.createObjectURL(file);
  return {
    original: file,
    uploaded,
    edited: null,
    preview: path,
    item: {
      name: file.name,
      path,
      type: file.type,
      size: file.size,
      caption: '',
      position: { x: 0, y: 0 },
      scale: MEDIA_SCALE_MIN,
      rotate: 0,
    },
  };
}

/**
 * The media preview and editor before sending (03 §2.1, §3 Media item, §5): the picture with
 * its caption; 'Editar' crops (zoom in and out within the editor's scale bounds, dragging the
 * picture under the frame), rotates in four steps, and 'Guardar' keeps the result ('Volver'
 * leaves it as it was). 'Enviar' uploads the edited picture in place of the original, with its
 * progress, then hands it over to be sent; a failed upload keeps the dialog open with the
 * spec's text.
 */
export function MediaEditor({
  picture,
  onClose,
  onSend,
}: {
  picture: Picture;
  onClose: () => void;
  onSend: (media: SentMedia) => void;
}) {
  const [current, setCurrent] = useState<Entry>(() => entryOf(picture));
  const [editing, setEditing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  // Every object URL made for the dialog is released when it closes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    urls.current.add(current.item.path);
    urls.current.add(current.preview);
  }, [current]);
  // Released a moment after unmounting: StrictMode's trial unmount is followed by a new mount.
  const release = useRef<number | undefined>(undefined);
  useEffect(() => {
    window.clearTimeout(release.current);
    const made = urls.current;
    return () => {
      release.current = window.setTimeout(() => made.forEach((url) => URL.revokeObjectURL(url)));
    };
  }, []);

  const change = (values: Partial<Entry>) => setCurrent((now) => ({ ...now, ...values }));

  const send = async () => {
    setProgress(0);
    try {
      // Unedited, it is already stored: nothing to upload again.
      const file =
        !current.edited && current.uploaded
          ? current.uploaded
          : await uploadFile(current.edited ?? current.original, {
              via: 'channel',
              onProgress: setProgress,
            });
      onSend({ file, caption: current.item.caption.trim() });
      onClose();
    } catch {
      setProgress(null);
      notifications.show({ color: 'red', message: m.uploadFailed });
    }
  };

  const sending = progress !== null;
  return (
    <Modal
      opened
      onClose={() => !sending && onClose()}
      title={editing ? m.editTitle : m.title}
      size="lg"
      centered
    >
      {editing ? (
        <ImageCrop
          entry={current}
          onBack={() => setEditing(false)}
          onSave={(edited, preview, values) => {
            change({ edited, preview, item: { ...current.item, ...values } });
            setEditing(false);
          }}
        />
      ) : (
        <DialogForm
          onSubmit={() => void send()}
          tools={
            <Button variant="default" onClick={() => setEditing(true)} disabled={sending}>
              {m.edit}
            </Button>
          }
          cancelLabel={m.cancel}
          onCancel={onClose}
          submitLabel={m.send}
          busy={sending}
        >
          <Box
            h={360}
            bg="dark.7"
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          >
            <Image
              src={current.preview}
              alt={current.item.name}
              fit="contain"
              mah={360}
              maw="100%"
              w="auto"
              data-testid="media-preview"
            />
          </Box>
          <TextInput
            aria-label={m.caption}
            placeholder={m.caption}
            value={current.item.caption}
            disabled={sending}
            onChange={(event) =>
              change({ item: { ...current.item, caption: event.currentTarget.value } })
            }
          />
          {sending && <Progress value={progress * 100} aria-label={m.send} />}
        </DialogForm>
      )}
    </Modal>
  );
}

/** The editor of one picture: the frame over it, rotate, zoom in and out, save and back. */
function ImageCrop({
  entry,
  onBack,
  onSave,
}: {
  entry: Entry;
  onBack: () => void;
  onSave: (
    edited: File,
    preview: string,
    values: Pick<MediaItem, 'position' | 'scale' | 'rotate'>,
  ) => void;
}) {
  const [rotate, setRotate] = useState<MediaRotation>(entry.item.rotate);
  const [scale, setScale] = useState(entry.item.scale);
  const [crop, setCrop] = useState(entry.item.position);
  // 03 §9: the crop's position settles 400 ms after the last move.
  const [position, setPosition] = useState(entry.item.position);
  const settlePosition = useDebouncedCallback(setPosition, CROP_POSITION_DEBOUNCE_MS);
  const [natural, setNatural] = useState<MediaSize | null>(null);
  const area = useRef<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const aspect = natural
    ? rotatedSideways(rotate)
      ? natural.naturalHeight / natural.naturalWidth
      : natural.naturalWidth / natural.naturalHeight
    : 1;

  const save = async () => {
    if (!area.current) return;
    setSaving(true);
    try {
      const edited = await renderEdit(entry.original, entry.item.path, rotate, area.current);
      settlePosition.cancel();
      onSave(edited, URL.createObjectURL(edited), { position: crop, scale, rotate });
    } catch {
      notifications.show({ color: 'red', message: m.editFailed });
      setSaving(false);
    }
  };

  return (
    <DialogForm
      onSubmit={() => void save()}
      tools={
        <Group gap="xs">
          <Button variant="default" onClick={() => setRotate(nextRotation(rotate))}>
            {m.rotate}
          </Button>
          <Button
            variant="default"
            onClick={() => setScale(zoomedScale(scale, -1))}
            disabled={scale <= MEDIA_SCALE_MIN}
          >
            {m.zoomOut}
          </Button>
          <Button
            variant="default"
            onClick={() => setScale(zoomedScale(scale, 1))}
            disabled={scale >= MEDIA_SCALE_MAX}
          >
            {m.zoomIn}
          </Button>
        </Group>
      }
      cancelLabel={m.back}
      onCancel={onBack}
      submitLabel={m.save}
      busy={saving}
    >
      <Box
        pos="relative"
        h={360}
        bg="dark.7"
        aria-label={format(m.editing, { name: entry.item.name })}
        data-testid="media-crop"
        data-position={`${Math.round(position.x)},${Math.round(position.y)}`}
      >
        <Cropper
          image={entry.item.path}
          crop={crop}
          zoom={scale}
          rotation={rotate}
          aspect={aspect}
          minZoom={MEDIA_SCALE_MIN}
          maxZoom={MEDIA_SCALE_MAX}
          onCropChange={(next) => {
            setCrop(next);
            settlePosition(next);
          }}
          onZoomChange={setScale}
          onCropComplete={(_, pixels) => {
            area.current = pixels;
          }}
          onMediaLoaded={setNatural}
          mediaProps={{ alt: entry.item.name }}
        />
      </Box>
    </DialogForm>
  );
}

/**
 * The picture as edited, drawn on a canvas: turned by `rotate` degrees, then cut to `area` (the
 * cropper's pixels, which count on the turned picture). Same name and type as the original.
 */
async function renderEdit(
  original: File,
  path: string,
  rotate: MediaRotation,
  area: Area,
): Promise<File> {
  const image = new window.Image();
  image.src = path;
  await image.decode();
  const sideways = rotatedSideways(rotate);
  const turned = document.createElement('canvas');
  turned.width = sideways ? image.naturalHeight : image.naturalWidth;
  turned.height = sideways ? image.naturalWidth : image.naturalHeight;
  const turning = turned.getContext('2d');
  if (!turning) throw new Error('no 2d canvas');
  turning.translate(turned.width / 2, turned.height / 2);
  turning.rotate((rotate * Math.PI) / 180);
  turning.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const cut = document.createElement('canvas');
  cut.width = Math.max(1, Math.round(area.width));
  cut.height = Math.max(1, Math.round(area.height));
  const cutting = cut.getContext('2d');
  if (!cutting) throw new Error('no 2d canvas');
  cutting.drawImage(
    turned,
    Math.round(area.x),
    Math.round(area.y),
    cut.width,
    cut.height,
    0,
    0,
    cut.width,
    cut.height,
  );
  const type = original.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => cut.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('the canvas gave no image');
  return new File([blob], original.name, { type, lastModified: Date.now() });
}

/** A dialog's form: its content, then its tools on the left and cancel and submit on the right. */
function DialogForm({
  onSubmit,
  tools,
  cancelLabel,
  onCancel,
  submitLabel,
  busy,
  children,
}: {
  onSubmit: () => void;
  tools: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {children}
        <Group justify="space-between">
          {tools}
          <FormActions
            cancelLabel={cancelLabel}
            onCancel={onCancel}
            cancelDisabled={busy}
            submitLabel={submitLabel}
            loading={busy}
          />
        </Group>
      </Stack>
    </Box>
  );
}
