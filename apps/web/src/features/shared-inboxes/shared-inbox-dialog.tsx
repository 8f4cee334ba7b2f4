import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { UsersPicker } from '../pickers/users-picker';
import type { ManagedSharedInbox } from './managed-shared-inbox';
import { EntityDialog } from '../../ui/entity-dialog';
import type { FieldErrors } from '../../ui/form-errors';
import { useEntityForm } from '../../ui/use-entity-form';

const text = es.sharedInboxes;

interface Values {
  name: string;
  ownerId: string | null;
  memberIds: string[];
}

function valuesErrors({ name, ownerId, memberIds }: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!name.trim()) errors.name = text.nameRequired;
  if (!ownerId) errors.ownerId = text.ownerRequired;
  if (memberIds.length === 0) errors.memberIds = text.membersRequired;
  else if (ownerId && memberIds.includes(ownerId)) errors.memberIds = text.ownerAmongMembers;
  return errors;
}

/**
 * 'Nueva cartera compartida' / 'Editar cartera compartida': a name, the owner whose contacts are
 * shared and the users they are shared with (active users of the company, the owner not among
 * them). The server checks the same and its field errors land under each field.
 */
export function SharedInboxDialog({
  inbox,
  names,
  opened,
  onClose,
}: {
  inbox?: ManagedSharedInbox;
  /** Names of the users already on screen (the members of the listed inboxes). */
  names: Record<string, string>;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm<Values>({
    initial: {
      name: inbox?.name ?? '',
      ownerId: inbox?.ownerId ?? null,
      memberIds: inbox?.memberIds ?? [],
    },
    validate: valuesErrors,
    within: 'data',
    place: ([field]) =>
      field === 'name' || field === 'ownerId' || field === 'memberIds' ? field : null,
  });
  const [labels, setLabels] = useState<Record<string, string>>(() => ({
    ...names,
    ...(inbox ? { [inbox.ownerId]: inbox.ownerName } : {}),
  }));
  const { name, ownerId, memberIds } = form.values;

  const onSuccess = () => {
    void queryClient.invalidateQueries(trpc.sharedInbox.pathFilter());
    void queryClient.invalidateQueries(trpc.contact.pathFilter());
    notifications.show({ color: 'teal', message: text.saved });
    onClose();
  };
  const onError = form.onError;
  const create = useMutation(trpc.sharedInbox.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.sharedInbox.update.mutationOptions({ onSuccess, onError }));
  const saving = create.isPending || update.isPending;

  function submit() {
    form.submit((values) => {
      if (!values.ownerId) return;
      const data = {
        name: values.name.trim(),
        ownerId: values.ownerId,
        memberIds: values.memberIds,
      };
      if (inbox) update.mutate({ id: inbox.id, data });
      else create.mutate(data);
    });
  }

  const remember = (found: Record<string, string>) =>
    setLabels((current) => ({ ...current, ...found }));

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={inbox ? text.editTitle : text.createTitle}
      onSubmit={submit}
      form={form}
      saving={saving}
      submitLabel={text.save}
      cancelLabel={text.cancel}
    >
      <TextInput
        label={text.name}
        withAsterisk
        value={name}
        maxLength={100}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
        data-autofocus
      />
      <UsersPicker
        label={text.owner}
        description={text.ownerHint}
        multiple={false}
        value={ownerId ? [ownerId] : []}
        onChange={(ids) => form.set('ownerId', ids[0] ?? null)}
        labels={labels}
        required
        placeholder={text.searchUsers}
        nothingFound={text.noUsers}
        onLabels={remember}
        error={form.errorOf('ownerId')}
      />
      <UsersPicker
        label={text.members}
        description={text.membersHint}
        multiple
        value={memberIds}
        onChange={(ids) => form.set('memberIds', ids)}
        exclude={ownerId ? [ownerId] : []}
        labels={labels}
        required
        placeholder={text.searchUsers}
        nothingFound={text.noUsers}
        onLabels={remember}
        error={form.errorOf('memberIds')}
      />
    </EntityDialog>
  );
}
