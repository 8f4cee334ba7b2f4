import { useState } from 'react';
import { Button, Divider, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { useTRPC } from '../../../lib/trpc';
import { MOBILE_QUERY } from '../../../ui/media';
import { QueryError } from '../../../ui/query-error';
import { useContactTimelineIfAny } from '../timeline-context';
import { EmailReplyButton, EmailView, PrivateEmail } from './email-view';

const t = es.email.bubble;

/**
 * 'Ver hilo ({n})' under a mail of a conversation by e-mail: with more than one of its mails on
 * the page, or answering one (what it answers may be further back than the page has read).
 */
export function ThreadButton({
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
                {mail.content.private ? (
                  <PrivateEmail content={mail.content} />
                ) : (
                  <EmailView
                    content={mail.content}
                    footer={
                      <Group justify="flex-end">
                        <EmailReplyButton itemId={mail.id} mail={mail.content} onReply={onClose} />
                      </Group>
                    }
                  />
                )}
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
