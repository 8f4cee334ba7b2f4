import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Input,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { REQUEST_FILE_MAX_BYTES, type RequestFile } from '@cartera/domain/request-sales';
import { es, format } from '@cartera/domain/i18n';
import { uploadFailureText, uploadFile } from '../../../lib/upload-file';
import { XIcon } from '../../../ui/icons';
import { fileSrc } from '../../../lib/file-url';

const t = es.requestSales;

/** The files a value holds: one (image) or a list (multiplefile). */
function filesOf(value: unknown): RequestFile[] {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  return items.filter(
    (item): item is RequestFile =>
      typeof item === 'object' && item !== null && 'path' in item && 'name' in item,
  );
}

/**
 * An `image` or `multiplefile` field (02 §3 Uploaded file): uploads through the files module's
 * flow with its progress, refusing a file over 50 MB before sending it (02 §5).
 */
export function FileField({
  label,
  required,
  multiple,
  accept,
  value,
  onChange,
  disabled,
  error,
  code,
}: {
  label: string;
  required: boolean;
  multiple: boolean;
  accept: string | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  error: string | null;
  code: string;
}) {
  const files = filesOf(value);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const store = (next: RequestFile[]) => onChange(multiple ? next : (next[0] ?? null));

  const upload = async (chosen: File[]) => {
    setFailure(null);
    // The list grows with each file of the batch as it is stored.
    let stored: RequestFile[] = files;
    for (const file of chosen) {
      if (file.size > REQUEST_FILE_MAX_BYTES) {
        setFailure(t.fieldErrors.fileTooLarge);
        continue;
      }
      setProgress({ name: file.name, fraction: 0 });
      try {
        const sent = await uploadFile(file, {
          via: 'requestsale',
          onProgress: (fraction) => setProgress({ name: file.name, fraction }),
        });
        const item: RequestFile = {
          name: sent.name,
          path: sent.url,
          type: sent.mimeType,
          size: sent.size,
          uploadedFrom: 'web',
        };
        stored = multiple ? [...stored, item] : [item];
        store(stored);
      } catch (cause) {
        setFailure(uploadFailureText(cause));
      } finally {
        setProgress(null);
      }
    }
  };

  return (
    <Input.Wrapper label={label} required={required} error={failure ?? error ?? undefined}>
      <Stack gap={6} mt={4} data-field={code}>
        {files.map((file) => (
          <Group key={file.path} gap="xs" wrap="nowrap">
            <Anchor href={fileSrc(file.path)} target="_blank" rel="noreferrer" size="sm" truncate>
              {file.name}
            </Anchor>
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t.removeFile}
                onClick={() => store(files.filter((each) => each.path !== file.path))}
              >
                <XIcon size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {progress && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {format(t.uploading, { name: progress.name })}
            </Text>
            <Progress value={progress.fraction * 100} size="sm" />
          </Stack>
        )}
        {!disabled && (multiple || files.length === 0) && (
          <FileButton
            multiple={multiple}
            accept={accept}
            onChange={(chosen) =>
              void upload(Array.isArray(chosen) ? chosen : chosen ? [chosen] : [])
            }
          >
            {(props) => (
              <Button {...props} variant="default" size="xs" w="fit-content" loading={!!progress}>
                {multiple ? t.uploadMany : t.upload}
              </Button>
            )}
          </FileButton>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
