import type { ReactNode } from 'react';
import { Group, Loader, Radio, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { DEFAULT_CHAT_ACTIONS, type DefaultChatAction } from '@cartera/domain/composer';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { PhoneProviderSettings } from '../phone/phone-settings';
import { QueryError } from '../../ui/query-error';

const texts = es.settings;

/** A section of preferences: loading, its load's failure, or what `children` makes of them. */
function PreferencePanel<T>({
  titleId,
  title,
  query,
  children,
}: {
  titleId: string;
  title: string;
  query: UseQueryResult<T, unknown>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Panel titleId={titleId} title={title}>
      {query.isPending ? (
        <Group justify="center" p="sm">
          <Loader size="sm" aria-label={es.app.loading} />
        </Group>
      ) : query.isError ? (
        <QueryError query={query} />
      ) : (
        children(query.data)
      )}
    </Panel>
  );
}

/**
 * A preference saved as soon as it is picked: the screen shows the new value at once, keeps what
 * the server answers, and on a refusal puts the old value back and says why, in Spanish.
 */
function savedAtOnce<T extends object>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  savedMessage: string,
) {
  return {
    onMutate: async (input: Partial<T>) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T>(queryKey);
      if (previous) queryClient.setQueryData<T>(queryKey, { ...previous, ...input });
      return { previous };
    },
    onError: (
      error: unknown,
      _input: unknown,
      context: { previous?: T | undefined } | undefined,
    ) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      notifications.show({ color: 'red', message: userMessageOf(error) });
    },
    onSuccess: (saved: T) => {
      queryClient.setQueryData(queryKey, saved);
      notifications.show({ color: 'teal', message: savedMessage });
    },
  };
}

/** 'Apariencia' (01 §7 /settings/appearance): the composer's starting mode (03 §2.2). */
export function AppearancePanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const appearance = useQuery(trpc.settings.appearance.queryOptions());
  const update = useMutation(
    trpc.settings.updateAppearance.mutationOptions(
      savedAtOnce(queryClient, trpc.settings.appearance.queryKey(), texts.appearance.saved),
    ),
  );
  return (
    <PreferencePanel
      titleId="settings-appearance-title"
      title={texts.appearance.title}
      query={appearance}
    >
      {(data) => (
        <Radio.Group
          label={texts.appearance.label}
          description={texts.appearance.intro}
          value={data.defaultChatAction ?? ''}
          onChange={(value) => update.mutate({ defaultChatAction: value as DefaultChatAction })}
        >
          <Stack gap="xs" mt="xs">
            {DEFAULT_CHAT_ACTIONS.map((action) => (
              <Radio key={action} value={action} label={texts.appearance.options[action]} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </PreferencePanel>
  );
}

/** 'Configuración personal' (PATCH /user/config/personalConfig): callOnPhone (03 §5). */
export function PersonalConfigPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.settings.personalConfig.queryOptions());
  const update = useMutation(
    trpc.settings.updatePersonalConfig.mutationOptions(
      savedAtOnce(queryClient, trpc.settings.personalConfig.queryKey(), texts.personal.saved),
    ),
  );
  return (
    <PreferencePanel titleId="settings-personal-title" title={texts.personal.title} query={config}>
      {(data) => (
        <Stack gap="md">
          <Switch
            label={texts.personal.callOnPhone}
            description={texts.personal.callOnPhoneHint}
            checked={data.callOnPhone}
            onChange={(event) => update.mutate({ callOnPhone: event.currentTarget.checked })}
          />
          {/* The caller's Aircall user (issue #39). */}
          <PhoneProviderSettings />
        </Stack>
      )}
    </PreferencePanel>
  );
}
