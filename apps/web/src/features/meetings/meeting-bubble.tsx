import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  meetingButtons,
  meetingReminderGap,
  type MeetingContent,
  type MeetingStatus,
} from '@cartera/domain/meetings';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { AlertIcon, CalendarIcon } from '../../ui/icons';

const m = es.meetings;

const STATUS_COLORS: Record<MeetingStatus, string> = {
  active: 'blue',
  inProgress: 'yellow',
  expired: 'orange',
  done: 'teal',
  cancel: 'gray',
  error: 'red',
};

/** 02 §4: each button's label by the status it is offered in and the status it sets. */
function buttonLabel(from: MeetingStatus, to: 'done' | 'cancel'): string {
  if (from === 'active') return m.buttons.cancelMeeting;
  if (from === 'expired' || from === 'inProgress') {
    return to === 'done' ? m.buttons.done : m.buttons.cancelled;
  }
  return to === 'cancel' ? m.buttons.markCancelled : m.buttons.markDone;
}

/**
 * A meeting on the timeline (02 §3, §4): its subject, medium, date and link, its status as its
 * title says it, and the buttons its status offers. A change shows at once and goes back if the
 * server refuses it.
 */
export function MeetingBubble({
  itemId,
  status: stored,
  content,
  contactId,
}: {
  itemId: string;
  status: string | null;
  content: MeetingContent;
  contactId: string;
}) {
  const trpc = useTRPC();
  const [optimistic, setOptimistic] = useState<MeetingStatus | null>(null);
  const current = (stored ?? content.status) as MeetingStatus;
  const status = optimistic ?? current;
  const change = useMutation(
    trpc.meeting.setStatus.mutationOptions({
      onError: (error) => {
        setOptimistic(null);
        notifications.show({ color: 'red', title: m.statusFailed, message: userMessageOf(error) });
      },
    }),
  );
  // The server's announcement brings the stored status: the optimistic one is no longer needed.
  if (optimistic !== null && optimistic === current) setOptimistic(null);
  const set = (next: 'done' | 'cancel') => {
    setOptimistic(next);
    change.mutate({ contactId, id: itemId, status: next });
  };
  return (
    <Stack gap={4} data-testid="meeting" data-status={status}>
      <Group gap={6} wrap="nowrap">
        <CalendarIcon size={14} />
        <Text size="xs" fw={600}>
          {m.statuses[status]}
        </Text>
        <Badge size="xs" variant="light" color={STATUS_COLORS[status]}>
          {m.mediums[content.meetingType]}
        </Badge>
      </Group>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {content.summary}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(new Date(content.schedule))} ·{' '}
        {format(m.durationMinutes, { n: content.duration })}
      </Text>
      {content.link && (
        <Anchor size="sm" href={content.link} target="_blank" rel="noreferrer">
          {content.link}
        </Anchor>
      )}
      {content.comment && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {content.comment}
        </Text>
      )}
      {status === 'error' && (
        <Group gap={4} c="red.7" wrap="nowrap" role="alert">
          <AlertIcon size={14} />
          <Text size="xs" c="red.7">
            {m.scheduler.linkError}. {m.scheduler.linkErrorHint}
          </Text>
        </Group>
      )}
      <Group justify="flex-end" gap="xs">
        {meetingButtons(status).map((next) => (
          <Button
            key={next}
            size="compact-xs"
            variant="subtle"
            color={next === 'cancel' ? 'red' : 'teal'}
            onClick={() => set(next)}
          >
            {buttonLabel(status, next)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * A meeting's reminder or expiry on the timeline (01 §3 meeting-reminder, expired-meeting): the
 * reminder says how long before the meeting it was and whether the customer got it.
 */
export function MeetingNotice({
  type,
  content,
}: {
  type: 'meeting-reminder' | 'expired-meeting';
  content: {
    summary: string;
    meetingDate: string;
    reminderDate?: string | undefined;
    delivery?: string | undefined;
  };
}) {
  if (type === 'expired-meeting') {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {m.expiredItem}: {content.summary}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(new Date(content.meetingDate))}
        </Text>
      </Stack>
    );
  }
  const gap = content.reminderDate
    ? meetingReminderGap(
        new Date(content.meetingDate).getTime() - new Date(content.reminderDate).getTime(),
      )
    : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {m.reminderItem}: {content.summary}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(new Date(content.meetingDate))}
        {gap ? ` · ${format(m.reminderGap[gap.unit], { n: gap.value })}` : ''}
      </Text>
      <Text size="xs" c={content.delivery === 'sent' ? 'teal.7' : 'red.7'}>
        {content.delivery === 'sent' ? m.reminderSent : m.reminderFailed}
      </Text>
    </Stack>
  );
}
