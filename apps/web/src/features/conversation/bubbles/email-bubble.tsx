import { Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, es } from '@cartera/domain/i18n';
import type { EmailContent } from '@cartera/domain/interactions';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { AlertIcon } from '../../../ui/icons';
import { useMe } from '../../auth/session';
import type { TimelineItem } from '../timeline-model';
import { ThreadButton } from './email-thread';
import { EmailReplyButton, EmailView, PrivateEmail } from './email-view';
import { KeepThreadOutButton } from './email-keep-out';

const t = es.email.bubble;

/**
 * An e-mail on the timeline (03 §2.1): the mail whole, and under it 'Ver hilo', 'Sacar del CRM'
 * for the owner of the mailbox it came through, and 'Responder' for a user with a mailbox to
 * answer from. A mail kept out of the CRM is a line with its date.
 */
export function EmailBubble({
  content,
  itemId,
  contactId,
}: {
  content: EmailContent;
  itemId: string;
  contactId: string;
}) {
  if (content.private) return <PrivateEmail content={content} />;
  return (
    <EmailView
      content={content}
      footer={
        <Group justify="flex-end" gap="xs">
          <KeepThreadOutButton contactId={contactId} itemId={itemId} mail={content} />
          <ThreadButton contactId={contactId} itemId={itemId} mail={content} />
          <EmailReplyButton itemId={itemId} mail={content} />
        </Group>
      }
    />
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
