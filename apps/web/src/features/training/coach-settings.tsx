import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { fullNameOf } from '../auth/session';
import { SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import { RemotePicker, searchTerm } from '../pickers/remote-picker';
import type { useCoach } from './use-training';

const texts = es.training.coachSettings;

type CoachInfo = NonNullable<ReturnType<typeof useCoach>['data']>;

/**
 * The company's coach and meeting link, named by an admin on the coach's side of 'Aprender'
 * (training.setCoach). The form starts from the current coach and is saved with 'Guardar'.
 */
export function CoachSettings({ info }: { info: CoachInfo }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<string | null>(info.coach?.id ?? null);
  const [meetLink, setMeetLink] = useState(info.coach?.meetLink ?? '');
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [term] = useDebouncedValue(searchTerm(search, undefined), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    ...trpc.user.lookup.queryOptions({ search: term || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const save = useMutation(
    trpc.training.setCoach.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.training.coach.queryKey(), saved);
        notifications.show({ color: 'teal', message: texts.saved });
      },
    }),
  );
  const labels: Record<string, string> = info.coach
    ? { [info.coach.id]: fullNameOf(info.coach) }
    : {};
  for (const user of users.data ?? []) labels[user.id] = fullNameOf(user);
  const link = meetLink.trim();
  const linkInvalid = link !== '' && !/^https?:\/\/\S+$/i.test(link);
  return (
    <Panel titleId="coach-settings" title={texts.title}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (userId && !linkInvalid) save.mutate({ userId, meetLink: link || null });
        }}
      >
        <Stack gap="sm">
          <RemotePicker
            label={texts.coach}
            required
            multiple={false}
            clearable={false}
            value={userId ? [userId] : []}
            onChange={(ids) => setUserId(ids[0] ?? null)}
            options={(users.data ?? []).map((user) => ({
              value: user.id,
              label: fullNameOf(user),
            }))}
            labels={labels}
            loading={opened && users.isFetching}
            search={search}
            onSearchChange={setSearch}
            onDropdownOpen={() => setOpened(true)}
          />
          <TextInput
            label={texts.meetLink}
            description={texts.meetLinkHint}
            placeholder="https://"
            value={meetLink}
            onChange={(event) => setMeetLink(event.currentTarget.value)}
            error={linkInvalid ? texts.meetLinkInvalid : undefined}
          />
          {save.error && (
            <Alert color="red" variant="light" role="alert">
              {userMessageOf(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!userId || linkInvalid}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Panel>
  );
}
