import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Anchor, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { formatDateTime } from '../../../lib/dates';
import { fileSrc } from '../../../lib/file-url';
import { formatFileSize } from '../../../lib/format';
import { ReturnIcon } from '../../../ui/icons';
import { useMailboxes } from '../../email/use-mailboxes';
import { useReply } from './reply-context';
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
 * One e-mail whole (03 §2.1 full e-mail viewer): subject, sender, recipients and date, the body
 * (sanitised on the server; remote images blocked until 'Mostrar imágenes'), collapsed at 300 px
 * with 'Ver más' showing 800 px more each time, the attachments (pictures previewed), and under
 * them what `footer` brings ('Responder', 'Ver hilo'…).
 */
export function EmailView({ content, footer }: { content: EmailContent; footer?: ReactNode }) {
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
              {file.url && file.mimeType?.startsWith('image/') && (
                // An image's preview, opening the picture whole.
                <Anchor href={fileSrc(file.url)} target="_blank" rel="noopener" display="block">
                  <Image
                    src={fileSrc(file.url)}
                    alt={format(t.preview, { name: file.filename })}
                    h={96}
                    w="auto"
                    maw="100%"
                    fit="contain"
                    radius="sm"
                    loading="lazy"
                  />
                </Anchor>
              )}
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
      {footer}
    </Stack>
  );
}

/** 'Responder' (03 §2.1): the composer's e-mail mode as this mail's reply. */
export function EmailReplyButton({
  itemId,
  mail,
  onReply,
}: {
  itemId: string;
  mail: EmailContent;
  onReply?: () => void;
}) {
  const mailboxes = useMailboxes();
  const { replyToMail } = useReply();
  if (mailboxes.length === 0) return null;
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<ReturnIcon size={14} />}
      onClick={() => {
        replyToMail({ interactionId: itemId, mail });
        onReply?.();
      }}
    >
      {t.reply}
    </Button>
  );
}

/** A mail its mailbox's owner kept out of the CRM: that it was, and when. */
export function PrivateEmail({ content }: { content: EmailContent }) {
  return (
    <Stack gap={2} data-testid="email-item">
      <Text size="sm" fw={700}>
        {t.private}
      </Text>
      <Text size="xs" c="dimmed">
        {t.privateHint}
      </Text>
      {content.sentDate && (
        <Text size="xs" c="dimmed">
          {formatDateTime(content.sentDate)}
        </Text>
      )}
    </Stack>
  );
}
