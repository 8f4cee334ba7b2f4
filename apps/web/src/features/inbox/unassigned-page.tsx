import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { contactName } from '../contacts/contact-format';
import { InboxList } from './inbox-list';
import classes from './inbox.module.css';
import { useUnassignedCount } from './unassigned-count';

/**
 * '/contact/unassigned', the 'Inbox' (01 §2, 03 §2.1): contacts nobody holds, most recent
 * interaction first, with their count in the title. 'Obtener' takes one into the user's own
 * portfolio and opens its conversation. (The reserved-contact countdown of 03 §4 is not built:
 * its start is not specified, see docs/decisions.md.)
 */
export function UnassignedPage() {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const text = es.conversation.inbox;
  const count = useUnassignedCount();
  const list = useInfiniteQuery(
    trpc.inbox.unassigned.infiniteQueryOptions(
      {},
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );

  const takeOver = useMutation(
    trpc.contacts.takeOver.mutationOptions({
      onSuccess: ({ contactId }) => {
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        void queryClient.invalidateQueries(trpc.contacts.pathFilter());
        notifications.show({
          color: 'teal',
          title: es.contacts.takenTitle,
          message: es.contacts.takenMessage,
        });
        void navigate({ to: '/contact', search: { inbox: me?.user.id ?? 'me', id: contactId } });
      },
      onError: () => {
        // Someone else may have taken it first: the list and the count catch up.
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        notifications.show({
          color: 'red',
          title: es.contacts.takeFailedTitle,
          message: es.contacts.takeFailedMessage,
        });
      },
    }),
  );
  const taking = takeOver.isPending ? takeOver.variables.contactId : null;

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {count.data === undefined
          ? text.unassignedTitle
          : format(text.unassignedTitleCount, { n: count.data })}
      </Title>
      <InboxList
        list={list}
        label={text.unassignedTitle}
        emptyText={text.unassignedEmpty}
        renderRow={(item, content) => (
          <Group className={classes.row} wrap="nowrap">
            {content}
            <Button
              size="xs"
              variant="light"
              aria-label={format(text.takeContact, { name: contactName(item) })}
              loading={taking === item.id}
              disabled={taking !== null && taking !== item.id}
              onClick={() => takeOver.mutate({ contactId: item.id })}
            >
              {text.take}
            </Button>
          </Group>
        )}
      />
    </Stack>
  );
}
