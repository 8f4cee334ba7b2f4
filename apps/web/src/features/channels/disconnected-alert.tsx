import { Alert, Anchor, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { can, canOpen } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { AlertIcon } from '../../ui/icons';
import { guardUserOf, type Me } from '../auth/session';
import { channelStateLabel } from './channel-state';
import { useChannelStatusLive } from './use-channel-status-live';

const text = es.channels.disconnectedAlert;

/**
 * The alert follows the channels' state live (their connection events) and, for what no event
 * says (a gateway that stopped answering), every minute and on returning to the window.
 */
export const DISCONNECTED_REFRESH_MS = 60_000;

const CHANNELS_PATH = '/company/channels';

/**
 * The shell's bottom-left alert (01 §2 Shell, §6: project managers): the company's channels that
 * are not connected, with the provider's reason, and a link to the channels when the user may
 * open them. Nothing when every channel is connected.
 */
export function DisconnectedChannelsAlert({
  me,
  collapsed,
  onNavigate,
}: {
  me: Me;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const trpc = useTRPC();
  const follows = can(me.user, 'followChannels');
  const disconnected = useQuery({
    ...trpc.channel.disconnected.queryOptions(),
    refetchInterval: DISCONNECTED_REFRESH_MS,
    refetchOnWindowFocus: true,
    enabled: follows,
  });
  useChannelStatusLive(disconnected.refetch, follows);
  const data = disconnected.data;
  if (!data || data.count === 0) return null;
  const title = data.count === 1 ? text.one : format(text.many, { n: data.count });
  const mayOpen = canOpen(guardUserOf(me), CHANNELS_PATH);

  if (collapsed) {
    const icon = (
      <Indicator label={data.count} size={16} color="red" offset={2}>
        <AlertIcon size={20} />
      </Indicator>
    );
    return (
      <Tooltip label={title} position="right" withArrow>
        {mayOpen ? (
          <Anchor
            component={Link}
            to={CHANNELS_PATH}
            onClick={onNavigate}
            aria-label={title}
            c="red"
            style={{ display: 'flex', justifyContent: 'center', padding: 8 }}
          >
            {icon}
          </Anchor>
        ) : (
          <Text
            component="span"
            role="status"
            aria-label={title}
            c="red"
            style={{ display: 'flex', justifyContent: 'center', padding: 8 }}
          >
            {icon}
          </Text>
        )}
      </Tooltip>
    );
  }

  return (
    <Alert
      color="red"
      variant="light"
      role="status"
      aria-label={text.title}
      title={title}
      icon={<AlertIcon size={18} />}
      p="xs"
      mb={4}
      styles={{ title: { fontSize: 'var(--mantine-font-size-sm)', marginBottom: 4 } }}
      data-testid="disconnected-channels-alert"
    >
      <Stack gap={4}>
        {data.channels.map((channel) => (
          <Text key={channel.id} size="xs" lh={1.35} lineClamp={3}>
            <Text span fw={600} size="xs">
              {channel.name}
            </Text>
            {' · '}
            {channel.statusReason ?? channelStateLabel(channel.status)}
          </Text>
        ))}
        {mayOpen && (
          <Anchor component={Link} to={CHANNELS_PATH} size="xs" fw={600} onClick={onNavigate}>
            {text.manage}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
