import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { es } from '@cartera/domain/i18n';

const text = es.channels;

/** How a channel's connection state reads: 'Conectado', 'Desconectado' or 'Conectando…'. */
export function channelStateLabel(status: string): string {
  return status === 'available'
    ? text.state.available
    : status === 'connecting'
      ? text.state.connecting
      : text.state.disconnected;
}

const COLORS: Record<string, string> = { available: 'green', connecting: 'yellow' };

/** The connection badge of a channel, with the provider's reason when it is not connected. */
export function ChannelStateBadge({ status, reason }: { status: string; reason: string | null }) {
  const badge = (
    <Badge variant="light" color={COLORS[status] ?? 'red'} style={{ flexShrink: 0 }}>
      {channelStateLabel(status)}
    </Badge>
  );
  if (status === 'available' || !reason) return badge;
  return (
    <Group gap={6} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
      {badge}
      <Tooltip label={reason} multiline maw={320} withArrow>
        <Text size="xs" c="dimmed" truncate="end" maw={220}>
          {reason}
        </Text>
      </Tooltip>
    </Group>
  );
}
