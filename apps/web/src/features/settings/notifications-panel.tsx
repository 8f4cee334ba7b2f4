import { Button, Group, Switch, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import {
  NOTICE_CHANNELS,
  type NoticeChannel,
  type NoticeType,
  type NotificationPreferences,
} from '@cartera/domain/notification-preferences';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DataTable, type Column } from '../../ui/data-table';
import { Panel } from '../../ui/panel';
import { useBrowserPermission } from '../notifications/browser-permission';
import { playChime } from '../notifications/chime';

const texts = es.settings.notifications;

/** One notice type's line: how each way of telling is set. */
type PreferenceRow = NotificationPreferences['types'][number];

/** The browser's permission in Spanish, and the button that asks for it (never asked unbidden). */
function BrowserPermission() {
  const { permission, ask } = useBrowserPermission();
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Text
        size="sm"
        c={permission === 'denied' ? 'red.8' : 'dimmed'}
        data-testid="browser-permission"
      >
        {texts.permission[permission]}
      </Text>
      {permission === 'default' && (
        <Button variant="light" size="compact-sm" onClick={() => void ask()}>
          {texts.permission.ask}
        </Button>
      )}
    </Group>
  );
}

/**
 * 'Notificaciones' (issue #33 item 2): one switch per notice type and way of telling (a toast, a
 * sound, the browser's notification), saved as soon as it is flipped; the browser's permission.
 */
export function NotificationsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.settings.notificationPreferences.queryKey();
  const preferences = useQuery(trpc.settings.notificationPreferences.queryOptions());
  const save = useMutation(
    trpc.settings.saveNotificationPreferences.mutationOptions({
      onMutate: async (input) => {
        await queryClient.cancelQueries({ queryKey });
        const previous = queryClient.getQueryData<NotificationPreferences>(queryKey);
        if (previous) {
          queryClient.setQueryData<NotificationPreferences>(queryKey, {
            types: previous.types.map((row) => ({ ...row, ...input[row.type] })),
          });
        }
        return { previous };
      },
      onError: (error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
        notifications.show({ color: 'red', message: userMessageOf(error) });
      },
      onSuccess: (saved) => {
        queryClient.setQueryData(queryKey, saved);
        notifications.show({ color: 'teal', message: texts.saved });
      },
    }),
  );
  const flip = (type: NoticeType, channel: NoticeChannel, on: boolean) =>
    save.mutate({ [type]: { [channel]: on } });
  const columns: Column<PreferenceRow>[] = [
    {
      key: 'type',
      header: texts.type,
      cell: (row) => <Text size="sm">{texts.types[row.type]}</Text>,
    },
    ...NOTICE_CHANNELS.map((channel): Column<PreferenceRow> => ({
      key: channel,
      header: texts.channels[channel],
      align: 'center',
      cell: (row) =>
        row.channels.includes(channel) ? (
          <Group justify="center">
            <Switch
              checked={row[channel]}
              aria-label={`${texts.types[row.type]}: ${texts.channels[channel]}`}
              onChange={(event) => flip(row.type, channel, event.currentTarget.checked)}
            />
          </Group>
        ) : (
          // A system notice is told on screen only (issue #41 item 4). Positioned, so the hidden
          // text stays inside the table's scroll box on a phone rather than widening the page.
          <Text size="sm" c="dimmed" ta="center" pos="relative" title={texts.channelMissing}>
            <span aria-hidden="true">—</span>
            <VisuallyHidden>{texts.channelMissing}</VisuallyHidden>
          </Text>
        ),
    })),
  ];

  return (
    <Panel titleId="settings-notifications-title" title={texts.title}>
      <Text size="sm" c="dimmed">
        {texts.intro}
      </Text>
      <DataTable
        query={preferences}
        items={preferences.data?.types ?? []}
        rowKey={(row) => row.type}
        columns={columns}
        labelledBy="settings-notifications-title"
        empty={null}
        minWidth={0}
        loadingRows={2}
      />
      <Group gap="sm" wrap="wrap" justify="space-between">
        <BrowserPermission />
        <Button variant="subtle" size="compact-sm" onClick={playChime}>
          {texts.soundTest}
        </Button>
      </Group>
    </Panel>
  );
}
