import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { isAppClientError, userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { fullNameOf } from '../auth/session';
import { SEARCH_DEBOUNCE_MS } from '../custom-fields/entity-pickers';
import { RemotePicker, searchTerm } from '../custom-fields/remote-picker';
import type { ManagedSharedInbox } from './shared-inboxes-manager';

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
    void queryClient.invalidateQueries(trpc.sharedInboxes.pathFilter());
    void queryClient.invalidateQueries(trpc.contacts.pathFilter());
    notifications.show({ color: 'teal', message: text.saved });
    onClose();
  };
  const onError = (error: unknown) => {
    const fields = isAppClientError(error) ? error.data?.fieldErrors : undefined;
    const placed: Partial<Record<Field, string>> = {};
    for (const [path, messages] of Object.entries(fields ?? {})) {
      const field = path.replace(/^data\./, '').split('.')[0];
      if ((field === 'name' || field === 'ownerId' || field === 'memberIds') && messages[0]) {
        placed[field] ??= messages[0];
      }
    }
    setServerErrors(placed);
  };
  const create = useMutation(trpc.sharedInboxes.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.sharedInboxes.update.mutationOptions({ onSuccess, onError }));
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
            exclude={[]}
            labels={labels}
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
            onLabels={remember}
            error={errorOf('memberIds')}
          />
          {failedWithoutFields && (
            <Alert color="red" variant="light" role="alert">
              {failedWithoutFields}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {text.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {text.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Active users of the company, searched on the server (users.lookup). */
function UsersPicker({
  label,
  description,
  multiple,
  value,
  onChange,
  exclude,
  labels,
  onLabels,
  error,
}: {
  label: string;
  description: string;
  multiple: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  exclude: string[];
  labels: Record<string, string>;
  onLabels: (found: Record<string, string>) => void;
  error: string | null | undefined;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const chosenLabel = !multiple && value[0] ? labels[value[0]] : undefined;
  const [term] = useDebouncedValue(searchTerm(search, chosenLabel), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    ...trpc.users.lookup.queryOptions({ search: term || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const options = (users.data ?? [])
    .filter((user) => !exclude.includes(user.id))
    .map((user) => ({ value: user.id, label: fullNameOf(user) }));
  return (
    <RemotePicker
      label={label}
      description={description}
      required
      placeholder={text.searchUsers}
      nothingFound={text.noUsers}
      multiple={multiple}
      value={value}
      onChange={(ids) => {
        // Keep the names of the chosen users: the next search may not list them.
        onLabels(Object.fromEntries(options.map((option) => [option.value, option.label])));
        onChange(ids);
      }}
      options={options}
      labels={labels}
      loading={opened && users.isFetching}
      search={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      error={error}
    />
  );
}
