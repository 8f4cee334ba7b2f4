import { useState } from 'react';
import {
  ActionIcon,
  Group,
  Paper,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { useUserNames } from '../companies/manager-picker';
import { SharedInboxDialog } from './shared-inbox-dialog';

const text = es.sharedInboxes;

export type ManagedSharedInbox = RouterOutputs['sharedInbox']['list'][number];

/**
 * The management of the company's shared inboxes (admin and comercial), in 'Mi Empresa' ›
 * 'Carteras compartidas' (issue #17): their owner and the users they are shared with; create,
 * edit and delete through dialogs.
 */
export function SharedInboxesManager() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.sharedInbox.list.queryOptions());
  const inboxes = list.data ?? [];
  const names = useUserNames(inboxes.flatMap((inbox) => inbox.memberIds));
  const [editing, setEditing] = useState<ManagedSharedInbox | 'new' | null>(null);
  const [removing, setRemoving] = useState<ManagedSharedInbox | null>(null);

  const remove = useMutation(
    trpc.sharedInbox.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.sharedInbox.pathFilter());
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({ color: 'teal', message: text.removed });
        setRemoving(null);
      },
    }),
  );

  return (
    <Panel
      titleId="shared-inboxes-manage"
      title={text.manageTitle}
      action={{ label: text.create, onClick: () => setEditing('new') }}
    >
      {list.isError && !list.data ? (
        <QueryError query={list} maw={560} />
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table
              verticalSpacing="xs"
              horizontalSpacing="md"
              aria-label={text.manageTitle}
              aria-busy={list.isFetching || undefined}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{text.columnName}</Table.Th>
                  <Table.Th>{text.columnOwner}</Table.Th>
                  <Table.Th>{text.columnMembers}</Table.Th>
                  <Table.Th w={96}>
                    <VisuallyHidden>{text.columnActions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  [0, 1, 2].map((row) => (
                    <Table.Tr key={row}>
                      {[0, 1, 2, 3].map((cell) => (
                        <Table.Td key={cell}>
                          <Skeleton height={12} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                ) : inboxes.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="lg">
                        {text.manageEmpty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  inboxes.map((inbox) => (
                    <Table.Tr key={inbox.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {inbox.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {format(text.contactsCount, { n: inbox.contactCount })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{inbox.ownerName}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {inbox.memberIds.map((id) => names[id] ?? es.app.loading).join(', ')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Tooltip label={format(text.edit, { name: inbox.name })} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={format(text.edit, { name: inbox.name })}
                              onClick={() => setEditing(inbox)}
                            >
                              <PencilIcon size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={format(text.remove, { name: inbox.name })} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={format(text.remove, { name: inbox.name })}
                              onClick={() => {
                                remove.reset();
                                setRemoving(inbox);
                              }}
                            >
                              <TrashIcon size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <SharedInboxDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        opened={editing !== null}
        inbox={editing === 'new' || editing === null ? undefined : editing}
        names={names}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Panel>
  );
}
