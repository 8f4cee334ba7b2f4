import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { MessagesIcon } from '../../../ui/icons';
import { useMe } from '../../auth/session';
import type { ContactDetail } from '../../contacts/contact-format';

const t = es.conversation.actions;

/**
 * 'Marcar como no leído' (issue #33 item 1) in the header's menu: only for the conversation's
 * holder, whose mark it is. It holds until the chat is opened again or the customer writes.
 */
export function MarkUnreadItem({ contact }: { contact: ContactDetail }) {
  const me = useMe();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const markUnread = useMutation(
    trpc.inbox.markUnread.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t.markedUnread });
        void queryClient.invalidateQueries(trpc.inbox.unreadCounts.queryFilter());
      },
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  if (!me || contact.agent?.id !== me.user.id) return null;
  return (
    <Menu.Item
      leftSection={<MessagesIcon size={16} />}
      disabled={markUnread.isPending}
      onClick={() => markUnread.mutate({ contactId: contact.id })}
    >
      {t.markUnread}
    </Menu.Item>
  );
}
