import { Group, Stack, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { InboxList } from './inbox-list';
import { canSwitchInbox } from './inbox-owner';
import classes from './inbox.module.css';
import { SellerPicker } from './seller-picker';
import { useInboxLive } from './use-inbox-live';

/**
 * '/contact' without a contact, 'Conversaciones' (03 §2.1, issue #6): the user's contacts (or,
 * for super and comercial, the chosen seller's) by last interaction, 30 at a time, those left
 * more than 24 hours without interaction marked, kept in order live. A line opens the
 * conversation.
 */
export function ConversationsPage({
  agentId,
  onAgentChange,
}: {
  agentId: string | undefined;
  onAgentChange: (agentId: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const switches = me !== null && canSwitchInbox(me.user.roles);
  const viewing = switches ? agentId : undefined;
  const text = es.conversation.inbox;
  const list = useInfiniteQuery(
    trpc.inbox.conversations.infiniteQueryOptions(
      { agentId: viewing },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  // A customer's message brings their contact to the top while the list is open.
  useInboxLive(list.refetch, list.isSuccess);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz="h2">
          {text.conversationsTitle}
        </Title>
        {switches && <SellerPicker value={viewing} onChange={onAgentChange} />}
      </Group>
      <InboxList
        list={list}
        label={text.conversationsTitle}
        emptyText={text.empty}
        renderRow={(item, content) => (
          <Link
            to="/contact"
            search={{ inbox: viewing ?? 'me', id: item.id }}
            className={classes.row}
          >
            {content}
          </Link>
        )}
      />
    </Stack>
  );
}
