import { useLayoutEffect, useRef, useState } from 'react';
import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { formatDateTime } from '../../../lib/dates';
import { fileSrc } from '../../../lib/file-url';
import { formatFileSize } from '../../../lib/format';
import classes from './bubbles.module.css';

const t = es.email.bubble;

/** 03 §5: the preview collapses at 300 px and each 'Ver más' shows 800 px more. */
const COLLAPSED_PX = 300;
const STEP_PX = 800;

type Address = NonNullable<EmailContent['from']>;

function addressText(address: Address) {
  return address.name ? `${address.name} <${address.email}>` : address.email;
}

function AddressLine({ label, list }: { label: string; list: readonly Address[] }) {
  if (!list.length) return null;
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
      {label}: {list.map(addressText).join(', ')}
    </Text>
  );
}

/**
 * An e-mail on the timeline (03 §2.1 full e-mail viewer): subject, sender, recipients and date,
 * the body (sanitised on the server; remote images blocked until 'Mostrar imágenes'), collapsed
 * at 300 px with 'Ver más' showing 800 px more each time, and the attachments.
 */
export function EmailBubble({ content }: { content: EmailContent }) {
  const [limit, setLimit] = useState(COLLAPSED_PX);
  const [height, setHeight] = useState(0);
  const [images, setImages] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const blocked = content.body.includes('data-remote-src=');
  const html = images ? content.body.replaceAll('data-remote-src=', 'src=') : content.body;
  useLayoutEffect(() => {
    setHeight(bodyRef.current?.scrollHeight ?? 0);
  }, [html]);
  const cut = height > limit;
  return (
    <Stack gap={6} data-testid="email-item">
      <Text size="sm" fw={700} style={{ wordBreak: 'break-word' }}>
        {content.subject || t.noSubject}
      </Text>
      <Stack gap={0}>
        {content.from && <AddressLine label={t.from} list={[content.from]} />}
        <AddressLine label={t.to} list={content.recipients} />
        <AddressLine label={t.cc} list={content.cc} />
        <AddressLine label={t.bcc} list={content.bcc} />
        {content.sentDate && (
          <Text size="xs" c="dimmed">
            {formatDateTime(content.sentDate)}
          </Text>
        )}
      </Stack>
      {blocked && !images && (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t.imagesBlocked}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => setImages(true)}>
            {t.showImages}
          </Button>
        </Group>
      )}
      <Box
        ref={bodyRef}
        className={classes.emailBody}
        style={{ maxHeight: limit, overflow: 'hidden' }}
        // Sanitised on the server (lib/mail-html.ts): formatting only, no script or handler.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {(cut || limit > COLLAPSED_PX) && (
        <Group gap="xs">
          {cut && (
            <Button size="compact-xs" variant="subtle" onClick={() => setLimit(limit + STEP_PX)}>
              {t.more}
            </Button>
          )}
          {limit > COLLAPSED_PX && (
            <Button size="compact-xs" variant="subtle" onClick={() => setLimit(COLLAPSED_PX)}>
              {t.less}
            </Button>
          )}
        </Group>
      )}
      {content.attachments.length > 0 && (
        <Stack gap={2} component="ul" aria-label={t.attachments} className={classes.emailFiles}>
          {content.attachments.map((file) => (
            <li key={file.id}>
              {file.url ? (
                <Anchor href={fileSrc(file.url)} target="_blank" rel="noopener" size="sm">
                  {file.filename}
                </Anchor>
              ) : (
                <Text size="sm" span title={t.notStored}>
                  {file.filename}
                </Text>
              )}{' '}
              <Text size="xs" c="dimmed" span>
                ({formatFileSize(file.size)})
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
