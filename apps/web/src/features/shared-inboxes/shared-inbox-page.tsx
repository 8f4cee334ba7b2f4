import { Button, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { can, canOpen } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { ShareIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { guardUserOf, useMe } from '../auth/session';
import { SHARED_INBOX_PREFIX } from '../contacts/contact-origin';
import { InboxList } from '../inbox/inbox-list';
import classes from '../inbox/inbox.module.css';

const text = es.sharedInboxes;

/**
 * '/contact/sharedinbox', 'Carteras compartidas' (01 §2, issue #6 §10): the portfolios other
 * agents share with the user. A picker chooses one (the first by default, the choice kept in the
 * URL) and its owner's contacts show as in 'Conversaciones'; a line opens the conversation.
 * Those who manage the company's shared inboxes get 'Gestionar', which opens their management
 * in 'Mi Empresa' ('/company/sharedinboxes', issue #17).
 */
export function SharedInboxPage({
  inboxId,
  onInboxChange,
}: {
  inboxId: string | undefined;
  onInboxChange: (inboxId: string) => void;
}) {
  const me = useMe();
  const manages =
    me !== null &&
    can(me.user, 'manageSharedInboxes') &&
    canOpen(guardUserOf(me), '/company/sharedinboxes');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1} fz="h2">
          {text.title}
        </Title>
        {manages && (
          <Button
            size="xs"
            variant="light"
            renderRoot={(props) => <Link to="/company/sharedinboxes" {...props} />}
          >
            {text.manage}
          </Button>
        )}
      </Group>
      <MySharedInboxes inboxId={inboxId} onInboxChange={onInboxChange} />
    </Stack>
  );
}

function MySharedInboxes({
  inboxId,
  onInboxChange,
}: {
  inboxId: string | undefined;
  onInboxChange: (inboxId: string) => void;
}) {
  const trpc = useTRPC();
  const mine = useQuery(trpc.sharedInbox.mine.queryOptions());
  const inboxes = mine.data ?? [];
  const chosen = inboxes.find((inbox) => inbox.id === inboxId) ?? inboxes[0];

  if (mine.isError && !mine.data) {
    return <QueryError query={mine} maw={560} />;
  }
  if (mine.isPending) {
    return <Skeleton height={36} width={320} radius="sm" aria-label={es.app.loading} />;
  }
  if (!chosen) {
    return (
      <Stack align="center" gap="xs" py="xl" c="dimmed" data-testid="shared-inbox-none">
        <ShareIcon size={36} stroke={1.4} />
        <Text fw={600}>{text.none}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {text.noneHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Select
        label={text.picker}
        data={inboxes.map((inbox) => ({
          value: inbox.id,
          label: format(text.pickerOption, { name: inbox.name, owner: inbox.ownerName }),
        }))}
        value={chosen.id}
        onChange={(next) => next && onInboxChange(next)}
        allowDeselect={false}
        description={format(text.contactsCount, { n: chosen.contactCount })}
        w={{ base: '100%', sm: 380 }}
      />
      <SharedInboxContacts key={chosen.id} inboxId={chosen.id} label={chosen.name} />
    </Stack>
  );
}

function SharedInboxContacts({ inboxId, label }: { inboxId: string; label: string }) {
  const trpc = useTRPC();
  const list = useInfiniteQuery(
    trpc.sharedInbox.contacts.infiniteQueryOptions(
      { sharedInboxId: inboxId },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  return (
    <InboxList
      list={list}
      label={label}
      emptyText={text.empty}
      renderRow={(item, content) => (
        <Link
          to="/contact"
          search={{ inbox: `${SHARED_INBOX_PREFIX}${inboxId}`, id: item.id }}
          className={classes.row}
        >
          {content}
        </Link>
      )}
    />
  );
}
