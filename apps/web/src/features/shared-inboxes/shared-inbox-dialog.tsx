import { useState } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { UsersPicker } from '../custom-fields/users-picker';
import type { ManagedSharedInbox } from './shared-inboxes-manager';
import { FormActions } from '../../ui/form-actions';

const text = es.sharedInboxes;

type Field = 'name' | 'ownerId' | 'memberIds';

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
  const [name, setName] = useState(inbox?.name ?? '');
  const [ownerId, setOwnerId] = useState<string | null>(inbox?.ownerId ?? null);
  const [memberIds, setMemberIds] = useState<string[]>(inbox?.memberIds ?? []);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [labels, setLabels] = useState<Record<string, string>>(() => ({
    ...names,
    ...(inbox ? { [inbox.ownerId]: inbox.ownerName } : {}),
  }));

  const clientErrors: Partial<Record<Field, string>> = {};
  if (!name.trim()) clientErrors.name = text.nameRequired;
  if (!ownerId) clientErrors.ownerId = text.ownerRequired;
  if (memberIds.length === 0) clientErrors.memberIds = text.membersRequired;
  else if (ownerId && memberIds.includes(ownerId)) clientErrors.memberIds = text.ownerAmongMembers;
  const errorOf = (field: Field) => serverErrors[field] ?? (submitted ? clientErrors[field] : null);
  const clear = (field: Field) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);

  const onSuccess = () => {
    void queryClient.invalidateQueries(trpc.sharedInbox.pathFilter());
    void queryClient.invalidateQueries(trpc.contact.pathFilter());
    notifications.show({ color: 'teal', message: text.saved });
    onClose();
  };
  const onError = (error: unknown) => {
    const placed: Partial<Record<Field, string>> = placeFieldErrors(
      fieldErrorsOf(error),
      ([field]) =>
        field === 'name' || field === 'ownerId' || field === 'memberIds' ? field : null,
      'data',
    ).fields;
    setServerErrors(placed);
  };
  const create = useMutation(trpc.sharedInbox.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.sharedInbox.update.mutationOptions({ onSuccess, onError }));
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const failedWithoutFields =
    failure && Object.keys(serverErrors).length === 0 ? userMessageOf(failure) : null;

  function submit() {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0 || !ownerId) return;
    const data = { name: name.trim(), ownerId, memberIds };
    if (inbox) update.mutate({ id: inbox.id, data });
    else create.mutate(data);
  }

  const remember = (found: Record<string, string>) =>
    setLabels((current) => ({ ...current, ...found }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={inbox ? text.editTitle : text.createTitle}
      size={520}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={text.name}
            withAsterisk
            value={name}
            maxLength={100}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clear('name');
            }}
            error={errorOf('name')}
            data-autofocus
          />
          <UsersPicker
            label={text.owner}
            description={text.ownerHint}
            multiple={false}
            value={ownerId ? [ownerId] : []}
            onChange={(ids) => {
              setOwnerId(ids[0] ?? null);
              clear('ownerId');
            }}
            labels={labels}
            required
            placeholder={text.searchUsers}
            nothingFound={text.noUsers}
            onLabels={remember}
            error={errorOf('ownerId')}
          />
          <UsersPicker
            label={text.members}
            description={text.membersHint}
            multiple
            value={memberIds}
            onChange={(ids) => {
              setMemberIds(ids);
              clear('memberIds');
            }}
            exclude={ownerId ? [ownerId] : []}
            labels={labels}
            required
            placeholder={text.searchUsers}
            nothingFound={text.noUsers}
            onLabels={remember}
            error={errorOf('memberIds')}
          />
          {failedWithoutFields && (
            <Alert color="red" variant="light" role="alert">
              {failedWithoutFields}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={text.save}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}
