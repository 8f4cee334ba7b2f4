import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import {
  scheduledDateValid,
  type ScheduledMessageContent,
} from '@cartera/domain/scheduled-messages';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { AlertIcon } from '../../ui/icons';
import { ClockIcon } from './icons';
import { MarkupText } from './markup-text';
import type { TimelineItem } from './timeline-model';
import classes from './timeline.module.css';

const t = es.conversation.scheduled;

const STATUS_COLORS: Record<string, string> = {
  active: 'blue',
  cancel: 'gray',
  processing: 'yellow',
  success: 'teal',
  error: 'red',
};

/**
 * A scheduled message on the timeline (03 §3, §4): when it goes, through which channel (or as
 * an e-mail, to whom), its text (a mail's subject) and status. 'Cancelar envío' while active, 'Deshacer' while cancelled and still ahead;
 * the change shows at once and goes back if the server refuses it.
 */
export function ScheduledMessageContent({
  item,
  content,
  contactId,
}: {
  item: TimelineItem;
  content: ScheduledMessageContent;
  contactId: string;
}) {
  const trpc = useTRPC();
  const [optimistic, setOptimistic] = useState<string | null>(null);
  const status = optimistic ?? item.status ?? 'active';
  const change = useMutation(
    trpc.channel.setScheduledStatus.mutationOptions({
      onError: (error) => {
        setOptimistic(null);
        notifications.show({ color: 'red', title: t.changeFailed, message: userMessageOf(error) });
      },
    }),
  );
  // The server's announcement brings the stored status: the optimistic one is no longer needed.
  if (optimistic !== null && optimistic === item.status) setOptimistic(null);
  const setStatus = (next: 'cancel' | 'active') => {
    setOptimistic(next);
    change.mutate({ contactId, id: item.id, status: next });
  };
  const date = new Date(content.date);
  return (
    <Stack gap={4} data-testid="scheduled-message" data-status={status}>
      <Group gap={6} wrap="nowrap">
        <ClockIcon size={14} />
        <Text size="xs" fw={600}>
          {format(t.title, { date: formatDateTime(date) })}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLORS[status] ?? 'gray'}>
          {t.status[status] ?? status}
        </Badge>
      </Group>
      {content.interactionType === 'email' && <ScheduledMailLine content={content} />}
      {content.channel?.name && (
        <span className={classes.channel}>
          <span
            className={classes.channelDot}
            style={content.channel.color ? { backgroundColor: content.channel.color } : undefined}
            aria-hidden
          />
          {content.channel.name}
        </span>
      )}
      <Text size="sm" className={classes.chatText}>
        <MarkupText text={content.messageContent.message} />
      </Text>
      {content.reminderOnScheduledMessage && (
        <Text size="xs" c="dimmed">
          {t.withReminder}
        </Text>
      )}
      {status === 'error' && (
        <Group gap={4} c="red.7" wrap="nowrap" role="alert">
          <AlertIcon size={14} />
          <Text size="xs" c="red.7">
            {[
              t.failed,
              content.errorCode && content.errorCode !== 'SCHEDULED_MESSAGE_ERROR'
                ? errorMessage(content.errorCode)
                : null,
            ]
              .filter(Boolean)
              .join(' ')}
          </Text>
        </Group>
      )}
      {status === 'active' && (
        <Group justify="flex-end">
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => setStatus('cancel')}
          >
            {t.cancel}
          </Button>
        </Group>
      )}
      {status === 'cancel' && scheduledDateValid(date) && (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="subtle" onClick={() => setStatus('active')}>
            {t.undo}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A scheduled e-mail's kind and recipients (03 §3 Scheduled message `emailContent`). */
function ScheduledMailLine({ content }: { content: ScheduledMessageContent }) {
  const mail = content.emailContent as { to?: Array<{ email?: unknown }> } | undefined;
  const to = (mail?.to ?? []).flatMap((each) =>
    typeof each.email === 'string' ? [each.email] : [],
  );
  return (
    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
      {[es.email.bubble.label, to.length ? `${es.email.bubble.to}: ${to.join(', ')}` : null]
        .filter(Boolean)
        .join(' · ')}
    </Text>
  );
}
