import { useEffect } from 'react';
import { Button, Group, Skeleton, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

const s = es.meetings.settings;

/** States of Google's consent for meetings (the server's `meet-` prefix): Nylas's are others. */
export function isMeetingState(state: string | undefined): boolean {
  return state?.startsWith('meet-') ?? false;
}

const sentCodes = new Set<string>();

/**
 * 'Ajustes' › 'Reuniones' (issue #40): the user's own meetings switch (03 §3 User
 * config.enableMeetings; off leaves it to the company) and their Google Calendar, whose consent
 * comes back to /settings with `code` and a `meet-` state, handed to `meeting.connectGoogle` once.
 */
export function MeetingsSettingsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ from: '/_app/settings/' });
  const settings = useQuery(trpc.meeting.settings.queryOptions());
  const refresh = (next: unknown) => {
    queryClient.setQueryData(trpc.meeting.settings.queryKey(), next as never);
    void queryClient.invalidateQueries(trpc.interaction.activitySettings.queryFilter());
  };
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: userMessageOf(error) });
  const setEnabled = useMutation(
    trpc.meeting.setEnabled.mutationOptions({ onSuccess: refresh, onError }),
  );
  const connect = useMutation(
    trpc.meeting.connectGoogle.mutationOptions({
      onSuccess: (next) => {
        refresh(next);
        notifications.show({ color: 'teal', message: s.googleConnected });
      },
      onError,
    }),
  );
  const disconnect = useMutation(
    trpc.meeting.disconnectGoogle.mutationOptions({ onSuccess: refresh, onError }),
  );
  const consent = useMutation({
    mutationFn: () => queryClient.fetchQuery(trpc.meeting.googleAuthUrl.queryOptions()),
    onSuccess: ({ url }: { url: string | null }) => {
      if (url) window.location.assign(url);
    },
    onError,
  });
  const { code, state } = search;
  const { mutate } = connect;
  useEffect(() => {
    if (!code || !isMeetingState(state) || sentCodes.has(code)) return;
    sentCodes.add(code);
    mutate({ code, state: state! });
    void navigate({ to: '/settings', search: {}, replace: true });
  }, [code, state, mutate, navigate]);

  return (
    <Panel titleId="settings-meetings-title" title={s.title}>
      {settings.isPending ? (
        <Skeleton h={60} />
      ) : settings.isError ? (
        <QueryError query={settings} />
      ) : (
        <>
          <Switch
            label={s.enable}
            description={settings.data.groupEnabled ? s.companyOn : s.enableHint}
            checked={settings.data.enabled}
            disabled={settings.data.groupEnabled || setEnabled.isPending}
            onChange={(event) =>
              setEnabled.mutate({ enabled: event.currentTarget.checked ? true : null })
            }
          />
          {settings.data.google.available && (
            <Group gap="sm">
              <Text size="sm">
                {settings.data.google.account
                  ? `${s.google}: ${settings.data.google.account}`
                  : s.googleNone}
              </Text>
              {settings.data.google.account ? (
                <Button
                  size="xs"
                  variant="default"
                  loading={disconnect.isPending}
                  onClick={() => disconnect.mutate()}
                >
                  {s.googleDisconnect}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  loading={consent.isPending || connect.isPending}
                  onClick={() => consent.mutate()}
                >
                  {s.googleConnect}
                </Button>
              )}
            </Group>
          )}
        </>
      )}
    </Panel>
  );
}
