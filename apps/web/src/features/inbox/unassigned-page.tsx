import { Button, Group, Stack, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { contactName } from '../contacts/contact-format';
import { InboxList } from './inbox-list';
import classes from './inbox.module.css';
import { useUnassignedCount } from './unassigned-count';
import { useOpenReserved, useTakeOver } from './use-take-over';

/**
 * '/contact/unassigned', the 'Inbox' (01 §2, 03 §2.1): contacts nobody holds, most recent
 * interaction first, with their count in the title. A line opens the contact's conversation,
 * reserved for the user for a while (03 §4 reserved contact, docs/decisions.md); 'Obtener' takes
 * it into the user's own portfolio and opens it.
 */
export function UnassignedPage() {
  const trpc = useTRPC();
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

  const takeOver = useTakeOver();
  const open = useOpenReserved();
  const taking = takeOver.isPending ? takeOver.variables.contactId : null;
  const opening = open.isPending ? open.variables.contactId : null;
  const busy = taking !== null || opening !== null;

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
            <UnstyledButton
              className={classes.open}
              aria-label={format(text.openContact, { name: contactName(item) })}
              aria-busy={opening === item.id || undefined}
              disabled={busy}
              onClick={() => open.mutate({ contactId: item.id })}
            >
              {content}
            </UnstyledButton>
            <Button
              size="xs"
              variant="light"
              aria-label={format(text.takeContact, { name: contactName(item) })}
              loading={taking === item.id}
              disabled={busy && taking !== item.id}
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
