import { useState } from 'react';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions } from '../../ui/data-table';
import { Panel } from '../../ui/panel';
import { useUserNames } from '../pickers/users-picker';
import { SharedInboxDialog } from './shared-inbox-dialog';
import type { ManagedSharedInbox } from './managed-shared-inbox';

const text = es.sharedInboxes;

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
  const removing = useRemoval<ManagedSharedInbox>();

  const remove = useMutation(
    trpc.sharedInbox.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.sharedInbox.pathFilter());
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({ color: 'teal', message: text.removed });
        removing.close();
      },
    }),
  );

  return (
    <Panel
      titleId="shared-inboxes-manage"
      title={text.manageTitle}
      action={{ label: text.create, onClick: () => setEditing('new') }}
    >
      <DataTable
        query={list}
        items={inboxes}
        rowKey={(inbox) => inbox.id}
        label={text.manageTitle}
        minWidth={560}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            {text.manageEmpty}
          </Text>
        }
        columns={[
          {
            key: 'name',
            header: text.columnName,
            cell: (inbox) => (
              <>
                <Text size="sm" fw={600}>
                  {inbox.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {format(text.contactsCount, { n: inbox.contactCount })}
                </Text>
              </>
            ),
          },
          {
            key: 'owner',
            header: text.columnOwner,
            cell: (inbox) => <Text size="sm">{inbox.ownerName}</Text>,
          },
          {
            key: 'members',
            header: text.columnMembers,
            cell: (inbox) => (
              <Text size="sm">
                {inbox.memberIds.map((id) => names[id] ?? es.app.loading).join(', ')}
              </Text>
            ),
          },
        ]}
        actions={{
          label: text.columnActions,
          width: 96,
          cell: (inbox) => (
            <EditRemoveActions
              editLabel={format(text.edit, { name: inbox.name })}
              removeLabel={format(text.remove, { name: inbox.name })}
              onEdit={() => setEditing(inbox)}
              onRemove={() => removing.ask(inbox)}
            />
          ),
        }}
      />

      <SharedInboxDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        opened={editing !== null}
        inbox={editing === 'new' || editing === null ? undefined : editing}
        names={names}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        {...removing.dialog(remove, (inbox) => ({ id: inbox.id }))}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing.item?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Panel>
  );
}
