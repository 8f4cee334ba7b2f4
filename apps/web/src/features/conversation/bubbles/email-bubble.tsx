import { useLayoutEffect, useRef, useState } from 'react';
import {
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { formatDateTime } from '../../../lib/dates';
import { userMessageOf } from '../../../lib/errors';
import { fileSrc } from '../../../lib/file-url';
import { formatFileSize } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { AlertIcon, ReturnIcon } from '../../../ui/icons';
import { MOBILE_QUERY } from '../../../ui/media';
import { QueryError } from '../../../ui/query-error';
import { useMe } from '../../auth/session';
import { useMailboxes } from '../../email/use-mailboxes';
import { useContactTimelineIfAny } from '../timeline-context';
import type { TimelineItem } from '../timeline-model';
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
 * An e-mail on the timeline (03 §2.1 full e-mail viewer): subject, sender, recipients and date,
 * the body (sanitised on the server; remote images blocked until 'Mostrar imágenes'), collapsed
 * at 300 px with 'Ver más' showing 800 px more each time, the attachments, and 'Responder' for a
 * user with a mailbox to answer from (with the item's id).
 */
export function EmailBubble({
  content,
  itemId,
  contactId,
  inThread = false,
  onReply,
}: {
  content: EmailContent;
  itemId?: string;
  /** The contact whose timeline it is on: its thread can be opened. */
  contactId?: string;
  /** Shown inside its thread's viewer (no 'Ver hilo' there). */
  inThread?: boolean;
  /** After 'Responder' put the reply in the composer. */
  onReply?: () => void;
}) {
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
      {itemId && (
        <Group justify="flex-end" gap="xs">
          {!inThread && contactId && (
            <ThreadButton contactId={contactId} itemId={itemId} mail={content} />
          )}
          <EmailReplyButton itemId={itemId} mail={content} onReply={onReply} />
        </Group>
      )}
    </Stack>
  );
}

/**
 * 'Ver hilo ({n})' under a mail of a conversation by e-mail: with more than one of its mails on
 * the page, or answering one (what it answers may be further back than the page has read).
 */
function ThreadButton({
  contactId,
  itemId,
  mail,
}: {
  contactId: string;
  itemId: string;
  mail: EmailContent;
}) {
  const [opened, setOpened] = useState(false);
  const timeline = useContactTimelineIfAny();
  const threadId = mail.threadId ?? mail.messageId;
  if (!threadId) return null;
  const loaded = (timeline?.items ?? []).filter(
    (item) =>
      item.type === 'email' &&
      ((item.content as Partial<EmailContent>).threadId ??
        (item.content as Partial<EmailContent>).messageId) === threadId,
  ).length;
  if (loaded < 2 && threadId === mail.messageId) return null;
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpened(true)}>
        {loaded >= 2 ? format(t.thread, { n: loaded }) : t.threadOpen}
      </Button>
      {opened && (
        <EmailThreadDialog
          contactId={contactId}
          itemId={itemId}
          opened={opened}
          onClose={() => setOpened(false)}
        />
      )}
    </>
  );
}

/** 'Responder' (03 §2.1): the composer's e-mail mode as this mail's reply. */
function EmailReplyButton({
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

/**
 * Under a mail the user could not send (03 §4 e-mail state `error`): why, in the server's words,
 * and 'Volver a intentar.' for its author, which queues it again as it was written.
 */
export function EmailSendError({ item, contactId }: { item: TimelineItem; contactId: string }) {
  const trpc = useTRPC();
  const me = useMe();
  const retry = useMutation(
    trpc.email.retry.mutationOptions({
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: es.email.composer.retryFailed,
          message: userMessageOf(error),
        }),
    }),
  );
  const content = item.content as Partial<EmailContent>;
  const mine = me !== null && item.agent?.id === me.user.id;
  return (
    <Group gap={4} mt={2} c="red.7" wrap="nowrap" role="alert" data-testid="delivery-error">
      <AlertIcon size={14} style={{ flexShrink: 0 }} />
      <Text size="xs" c="red.7" style={{ wordBreak: 'break-word' }}>
        {content.errorMessage ?? errorMessage(content.errorCode ?? 'SEND_MESSAGE_ERROR')}
      </Text>
      {mine && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          style={{ flexShrink: 0 }}
          disabled={retry.isPending}
          onClick={() => retry.mutate({ contactId, id: item.id })}
        >
          {t.retry}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * 03 §2.1 full e-mail viewer, its thread: every mail of the conversation by e-mail the contact's
 * timeline has, oldest first, each whole (recipients, body, attachments, 'Responder'). It fills
 * a phone's screen.
 */
export function EmailThreadDialog({
  contactId,
  itemId,
  opened,
  onClose,
}: {
  contactId: string;
  itemId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const phone = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const thread = useQuery({
    ...trpc.email.thread.queryOptions({ contactId, id: itemId }),
    enabled: opened,
  });
  const mails = thread.data?.thread ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.threadTitle}
      size="xl"
      fullScreen={phone}
      data-testid="email-thread"
    >
      {thread.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={es.app.loading}>
          <Skeleton height={20} />
          <Skeleton height={120} />
        </Stack>
      ) : thread.isError ? (
        <QueryError query={thread} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {thread.data.total > mails.length
              ? format(t.threadFirst, { shown: mails.length, total: thread.data.total })
              : format(t.threadCount, { n: thread.data.total })}
          </Text>
          <Stack
            gap="md"
            component="ol"
            aria-label={t.threadTitle}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {mails.map((mail, index) => (
              <li key={mail.id}>
                {index > 0 && <Divider mb="md" />}
                <EmailBubble content={mail.content} itemId={mail.id} inThread onReply={onClose} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
