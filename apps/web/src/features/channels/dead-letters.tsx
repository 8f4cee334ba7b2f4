import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import type { ManagedChannel } from './managed-channel';

const text = es.channels.deadLetters;

export type DeadLetter = RouterOutputs['channel']['deadLetters']['items'][number];

/** Why a dead letter was not taken in, in Spanish. */
export function deadLetterReason(letter: Pick<DeadLetter, 'reason' | 'detail'>) {
  const reasons = text.reasons as Record<string, string>;
  return format(reasons[letter.reason] ?? text.reasons.other, { detail: letter.detail ?? '' });
}

/** A payload as a person reads it: pretty JSON, or the text as received. */
function readable(payload: unknown) {
  return typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2);
}

/** One dead letter: why, when, its payload and (on a channel) 'Reintentar'. */
export function DeadLetterCard({
  letter,
  onRetry,
  retrying,
}: {
  letter: DeadLetter;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="dead-letter">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {deadLetterReason(letter)}
            </Text>
            <Text size="xs" c="dimmed">
              {format(text.received, { date: formatDateTime(letter.createdAt) })}
              {letter.retriedAt
                ? ` · ${format(text.retriedAt, { date: formatDateTime(letter.retriedAt) })}`
                : ''}
            </Text>
          </Stack>
          {onRetry && (
            <Button size="xs" variant="light" loading={retrying} onClick={onRetry}>
              {text.retry}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" component="h4" m={0}>
          {text.payload}
        </Text>
        <Code block style={{ maxHeight: 260, overflow: 'auto', whiteSpace: 'pre' }}>
          {readable(letter.payload)}
        </Code>
      </Stack>
    </Paper>
  );
}

/** How many of a channel's events were not taken in: a badge that opens them, when there are. */
export function DeadLetterBadge({
  channel,
  open,
  onToggle,
}: {
  channel: ManagedChannel;
  open: boolean;
  onToggle: () => void;
}) {
  const trpc = useTRPC();
  const letters = useQuery(trpc.channel.deadLetters.queryOptions({ channelId: channel.id }));
  const count = letters.data?.count ?? 0;
  if (count === 0 && !open) return null;
  return (
    <Badge
      component="button"
      type="button"
      size="sm"
      variant={open ? 'filled' : 'light'}
      color="orange"
      style={{ cursor: 'pointer', flexShrink: 0 }}
      aria-label={format(text.open, { name: channel.name })}
      aria-pressed={open}
      onClick={onToggle}
    >
      {format(text.count, { count })}
    </Badge>
  );
}

/**
 * 'Mensajes no procesados' of a channel (issue #31): what its webhook URL received and could not
 * be taken in, each with its reason, its payload as received and 'Reintentar'.
 */
export function ChannelDeadLetters({ channel }: { channel: ManagedChannel }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const letters = useQuery(trpc.channel.deadLetters.queryOptions({ channelId: channel.id }));
  const retry = useMutation(
    trpc.channel.retryDeadLetter.mutationOptions({
      onSuccess: (result, input) => {
        void queryClient.invalidateQueries(trpc.channel.deadLetters.pathFilter());
        const letter = letters.data?.items.find((each) => each.id === input.id);
        notifications.show(
          result.resolved
            ? { color: 'teal', message: text.retried }
            : {
                color: 'orange',
                message: format(text.stillPending, {
                  reason: letter ? deadLetterReason(letter) : text.reasons.other,
                }),
              },
        );
      },
    }),
  );
  const titleId = `dead-letters-${channel.id}`;
  return (
    <Panel titleId={titleId} title={format(text.panelTitle, { name: channel.name })}>
      <Text size="sm" c="dimmed">
        {text.intro}
      </Text>
      {retry.error && (
        <Alert color="red" variant="light">
          {userMessageOf(retry.error)}
        </Alert>
      )}
      {letters.isError && !letters.data ? (
        <QueryError query={letters} maw={560} />
      ) : letters.data && letters.data.items.length === 0 ? (
        <Text size="sm">{text.empty}</Text>
      ) : (
        <Stack gap="sm" aria-busy={letters.isFetching || undefined}>
          {letters.data && (
            <Text size="sm" fw={600}>
              {format(text.count, { count: letters.data.count })}
            </Text>
          )}
          {(letters.data?.items ?? []).map((letter) => (
            <DeadLetterCard
              key={letter.id}
              letter={letter}
              retrying={retry.isPending && retry.variables?.id === letter.id}
              onRetry={() => retry.mutate({ channelId: channel.id, id: letter.id })}
            />
          ))}
        </Stack>
      )}
    </Panel>
  );
}
