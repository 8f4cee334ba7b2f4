import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage, es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  DEFAULT_MEETING_DURATION,
  MEETING_COMMENT_MAX,
  ZCreateMeetingInput,
  type MeetingDuration,
  type MeetingMedium,
} from '@cartera/domain/meetings';
import { DATE_FORMAT, dayjs } from '../../lib/format';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { DatePickerInput } from '../../ui/dates';
import { CalendarIcon } from '../../ui/icons';
import { useRefreshContact } from '../conversation/actions/use-refresh-contact';
import { Attendees, Reminders, SlotGrid, type ReminderRow } from './meeting-form-parts';

const m = es.meetings;

interface Chosen {
  /** 'now' (the instant option) or the slot's moment. */
  when: 'now' | 'schedule';
  date: Date;
  link: string | null;
  providerRef: string | null;
}

/**
 * 'Reunión' (02 §4, 03 §2.2; issue #40): the scheduler. Step one picks the medium (what the
 * organiser's integrations offer; in person always), the day and a free time of the organiser,
 * or 'Ahora'; choosing makes the link unless in person ('Generando Link...'). Step two confirms
 * the subject ('Reunión con' + name), duration (30 minutes), comment, reminders (30 minutes
 * before) and guests; 'Volver' clears the link and the guests. Dialog max width 800.
 */
export function MeetingScheduler({
  contactId,
  contactName,
  opened,
  onClose,
}: {
  contactId: string;
  contactName: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={m.scheduler.title} size={800} centered>
      {opened && (
        <SchedulerBody contactId={contactId} contactName={contactName} onClose={onClose} />
      )}
    </Modal>
  );
}

function SchedulerBody({
  contactId,
  contactName,
  onClose,
}: {
  contactId: string;
  contactName: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contactId);
  const integrations = useQuery(trpc.meeting.integrations.queryOptions({}));
  const [medium, setMedium] = useState<MeetingMedium | null>(null);
  const [day, setDay] = useState<string>(dayjs().format('YYYY-MM-DD'));
  const [hour24, setHour24] = useState(true);
  const [summary, setSummary] = useState(`${m.scheduler.defaultSummary} ${contactName}`.trim());
  const [duration, setDuration] = useState<MeetingDuration>(DEFAULT_MEETING_DURATION);
  const [comment, setComment] = useState('');
  const [reminders, setReminders] = useState<ReminderRow[]>([
    { number: 30, unit: 'minutes', message: '' },
  ]);
  const [attendees, setAttendees] = useState<string[]>([]);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const dayStart = dayjs(day).startOf('day');
  const slots = useQuery({
    ...trpc.meeting.availability.queryOptions({
      startTime: dayStart.toISOString(),
      endTime: dayStart.add(1, 'day').toISOString(),
    }),
  });
  const makeLink = useMutation(trpc.meeting.createLink.mutationOptions());
  const create = useMutation(trpc.meeting.create.mutationOptions());

  const offered = integrations.data;
  const mediums = (['meet', 'zoom', 'person'] as const).filter(
    (each) => each === 'person' || offered?.[each],
  );

  const choose = (when: 'now' | 'schedule', date: Date) => {
    if (!medium) {
      setErrors({ medium: m.form.typeRequired });
      return;
    }
    setErrors({});
    if (medium === 'person') {
      setChosen({ when, date, link: null, providerRef: null });
      return;
    }
    makeLink.mutate(
      {
        summary: summary.trim() || m.scheduler.defaultSummary,
        medium,
        duration,
        startDate: date.toISOString(),
        agent: 'me',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      {
        onSuccess: (made) =>
          setChosen({ when, date, link: made.link, providerRef: made.providerRef }),
        onError: (error) => {
          notifications.show({
            color: 'red',
            title: m.scheduler.linkError,
            message: m.scheduler.linkErrorHint,
          });
          // The meeting may still be kept without a link.
          setChosen({ when, date, link: null, providerRef: null });
          void error;
        },
      },
    );
  };

  const back = () => {
    // 02 §4: going back clears the link and the attendees.
    setChosen(null);
    setAttendees([]);
  };

  const submit = () => {
    if (!chosen || !medium) return;
    const values = {
      id: newId(),
      contactId,
      summary,
      medium,
      when: chosen.when,
      date: chosen.date,
      duration,
      comment,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      reminders: reminders.map((row) => ({ ...row, medium: 'whatsapp' as const })),
      attendees: attendees.map((email) => ({ role: 'guest' as const, email })),
    };
    const parsed = ZCreateMeetingInput.safeParse(values);
    const found: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.');
        found[key] ??= issue.message;
      }
    }
    if (chosen.when === 'schedule' && chosen.date.getTime() <= Date.now()) {
      found.date = m.form.datePast;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        ...values,
        date: chosen.date.toISOString(),
        ...(chosen.link ? { meetingLink: chosen.link } : {}),
        ...(chosen.providerRef ? { providerRef: chosen.providerRef } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.linkError) {
            notifications.show({
              color: 'red',
              title: m.scheduler.linkError,
              message: m.scheduler.linkErrorHint,
            });
          } else {
            notifications.show({ color: 'teal', message: m.scheduler.created });
          }
          void refresh();
          onClose();
        },
        onError: (error) => {
          const fields = (error.data as { fieldErrors?: Record<string, string[]> } | undefined)
            ?.fieldErrors;
          if (fields) {
            setErrors(
              Object.fromEntries(
                Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? '']),
              ),
            );
          } else {
            notifications.show({ color: 'red', message: userMessageOf(error) });
          }
        },
      },
    );
  };

  if (makeLink.isPending) {
    return (
      <Group justify="center" py="xl" gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{m.scheduler.generatingLink}</Text>
      </Group>
    );
  }

  if (!chosen) {
    return (
      <Stack gap="md" data-testid="meeting-step-date">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {m.form.medium}
          </Text>
          {integrations.isPending ? (
            <Skeleton h={32} />
          ) : (
            <SegmentedControl
              aria-label={m.form.medium}
              value={medium ?? ''}
              onChange={(value) => {
                setMedium(value as MeetingMedium);
                setErrors({});
              }}
              data={mediums.map((each) => ({ value: each, label: m.mediums[each] }))}
            />
          )}
          {errors.medium && (
            <Text size="xs" c="red" role="alert">
              {errors.medium}
            </Text>
          )}
        </Stack>
        <Group align="flex-end" gap="sm">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={m.scheduler.previousDay}
            disabled={!dayjs(day).isAfter(dayjs(), 'day')}
            onClick={() => setDay(dayjs(day).subtract(1, 'day').format('YYYY-MM-DD'))}
          >
            ‹
          </ActionIcon>
          <DatePickerInput
            label={m.form.date}
            value={day}
            onChange={(value) => value && setDay(value)}
            valueFormat={DATE_FORMAT}
            minDate={dayjs().format('YYYY-MM-DD')}
            leftSection={<CalendarIcon size={16} />}
            style={{ flex: '1 1 200px' }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={m.scheduler.nextDay}
            onClick={() => setDay(dayjs(day).add(1, 'day').format('YYYY-MM-DD'))}
          >
            ›
          </ActionIcon>
          <SegmentedControl
            aria-label={m.form.time}
            value={hour24 ? '24' : '12'}
            onChange={(value) => setHour24(value === '24')}
            data={[
              { value: '24', label: m.scheduler.format24 },
              { value: '12', label: m.scheduler.format12 },
            ]}
          />
          <Button variant="light" disabled={!medium} onClick={() => choose('now', new Date())}>
            {m.scheduler.now}
          </Button>
        </Group>
        <Text size="sm" fw={500}>
          {m.scheduler.free}
        </Text>
        {slots.isPending ? (
          <Skeleton h={80} />
        ) : slots.isError ? (
          <Alert color="red" variant="light">
            {userMessageOf(slots.error)}
          </Alert>
        ) : (
          <SlotGrid
            times={Object.values(slots.data.result).flat()}
            hour24={hour24}
            onPick={(time) => choose('schedule', new Date(time))}
          />
        )}
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" data-testid="meeting-step-confirm">
        <Text size="sm">
          {m.mediums[medium!]} ·{' '}
          {dayjs(chosen.date).format(hour24 ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY hh:mm A')}
        </Text>
        {medium !== 'person' &&
          (chosen.link ? (
            <Text size="sm">
              {m.scheduler.link}:{' '}
              <Anchor href={chosen.link} target="_blank" rel="noreferrer">
                {chosen.link}
              </Anchor>
            </Text>
          ) : (
            <Alert color="red" variant="light" title={m.scheduler.linkError}>
              {m.scheduler.linkErrorHint}
            </Alert>
          ))}
        {errors.date && (
          <Text size="xs" c="red" role="alert">
            {errors.date}
          </Text>
        )}
        <TextInput
          label={m.form.summary}
          value={summary}
          onChange={(event) => setSummary(event.currentTarget.value)}
          error={errors.summary}
          withAsterisk
        />
        <Select
          label={m.form.duration}
          value={duration}
          onChange={(value) => value && setDuration(value as MeetingDuration)}
          data={(['15min', '30min', '1hour'] as const).map((value) => ({
            value,
            label: m.durations[value],
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        <Textarea
          label={m.form.comment}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={errors.comment}
          autosize
          minRows={2}
          maxRows={6}
          description={`${comment.length}/${MEETING_COMMENT_MAX}`}
        />
        <Reminders rows={reminders} onChange={setReminders} />
        <Attendees emails={attendees} onChange={setAttendees} errors={errors} />
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={back}>
            {m.scheduler.back}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={!summary.trim()}>
            {m.scheduler.schedule}
          </Button>
        </Group>
        {create.isError && !create.error.data && (
          <Text size="xs" c="red">
            {errorMessage(undefined)}
          </Text>
        )}
      </Stack>
    </form>
  );
}
