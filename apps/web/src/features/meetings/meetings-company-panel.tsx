import { useState } from 'react';
import { Button, Group, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

const c = es.meetings.company;

/**
 * 'Mi Empresa' › 'Reuniones' (issue #40): the company's Zoom (its Server-to-Server OAuth app,
 * tried before it is kept) and the approved WhatsApp template meeting reminders use outside the
 * customer's 24 hours (03 §3 meetingSettings).
 */
export function MeetingsCompanyPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.meeting.companySettings.queryOptions());
  const [zoom, setZoom] = useState({ accountId: '', clientId: '', clientSecret: '' });
  const [template, setTemplate] = useState<{ name: string; language: string } | null>(null);
  const done = (message: string) => () => {
    void queryClient.invalidateQueries(trpc.meeting.pathFilter());
    notifications.show({ color: 'teal', message });
  };
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: userMessageOf(error) });
  const connect = useMutation(
    trpc.meeting.connectZoom.mutationOptions({ onSuccess: done(c.zoomConnected), onError }),
  );
  const disconnect = useMutation(
    trpc.meeting.disconnectZoom.mutationOptions({ onSuccess: done(c.saved), onError }),
  );
  const save = useMutation(
    trpc.meeting.setReminderTemplate.mutationOptions({ onSuccess: done(c.saved), onError }),
  );

  if (settings.isPending) return <Skeleton h={120} />;
  if (settings.isError) return <QueryError query={settings} />;
  const stored = settings.data.reminderTemplate;
  const shown = template ?? { name: stored?.name ?? '', language: stored?.language ?? 'es' };

  return (
    <Panel titleId="company-meetings-title" title={c.title}>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {c.template}
        </Text>
        <Text size="xs" c="dimmed">
          {c.templateHint}
        </Text>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={c.templateName}
            value={shown.name}
            onChange={(event) => setTemplate({ ...shown, name: event.currentTarget.value })}
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label={c.templateLanguage}
            value={shown.language}
            onChange={(event) => setTemplate({ ...shown, language: event.currentTarget.value })}
            w={100}
          />
          <Button
            loading={save.isPending}
            disabled={template === null}
            onClick={() =>
              save.mutate(
                { template: shown.name.trim() ? shown : null },
                { onSuccess: () => setTemplate(null) },
              )
            }
          >
            {c.save}
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {c.zoom}
        </Text>
        {settings.data.zoom.connected ? (
          <Group gap="sm">
            <Text size="sm">{`${c.zoomAccount}: ${settings.data.zoom.account ?? ''}`}</Text>
            <Button
              size="xs"
              variant="default"
              loading={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {c.zoomDisconnect}
            </Button>
          </Group>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              connect.mutate(zoom);
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label={c.zoomAccountId}
                value={zoom.accountId}
                onChange={(event) => setZoom({ ...zoom, accountId: event.currentTarget.value })}
              />
              <TextInput
                label={c.zoomClientId}
                value={zoom.clientId}
                onChange={(event) => setZoom({ ...zoom, clientId: event.currentTarget.value })}
              />
              <PasswordInput
                label={c.zoomClientSecret}
                value={zoom.clientSecret}
                onChange={(event) => setZoom({ ...zoom, clientSecret: event.currentTarget.value })}
              />
              <Button
                type="submit"
                loading={connect.isPending}
                disabled={!zoom.accountId || !zoom.clientId || !zoom.clientSecret}
              >
                {c.zoomConnect}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Panel>
  );
}
