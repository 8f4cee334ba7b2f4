import { Anchor, Group, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { formatFileSize } from '../info-panel/info-panel-format';
import { fileSrc } from '../../../lib/file-url';

/** A note's attachments on the timeline (03 §3 Note files): each opens in a new tab. */
export function NoteAttachments({
  files,
}: {
  files: ReadonlyArray<{ name: string; url: string; size?: number | undefined }>;
}) {
  if (!files.length) return null;
  return (
    <Stack gap={2} role="list" aria-label={es.conversation.timeline.attachments}>
      {files.map((file, index) => (
        <Group key={`${file.url}-${index}`} gap="xs" wrap="nowrap" role="listitem">
          <Anchor
            href={fileSrc(file.url)}
            target="_blank"
            rel="noreferrer"
            size="sm"
            truncate="end"
          >
            {file.name}
          </Anchor>
          {file.size !== undefined && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatFileSize(file.size)}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
