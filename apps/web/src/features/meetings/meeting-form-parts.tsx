import {
  Button,
  CloseButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { MEETING_REMINDERS_MAX, type ReminderUnit } from '@cartera/domain/meetings';
import { dayjs } from '../../lib/format';

/*
 * The scheduler's parts (issue #40): the free times of a day, the reminders (at most 3; each
 * unit's numbers as 02 §9 bounds them) and the guests' e-mails.
 */

const m = es.meetings;

export interface ReminderRow {
  number: number;
  unit: ReminderUnit;
  message: string;
}

export function SlotGrid({
  times,
  hour24,
  onPick,
}: {
  times: string[];
  hour24: boolean;
  onPick: (time: string) => void;
}) {
  if (times.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.scheduler.noTimes}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing={6}>
      {times.map((time) => (
        <Button key={time} size="compact-sm" variant="default" onClick={() => onPick(time)}>
          {dayjs(time).format(hour24 ? 'HH:mm' : 'hh:mm A')}
        </Button>
      ))}
    </SimpleGrid>
  );
}

export function Reminders({
  rows,
  onChange,
}: {
  rows: ReminderRow[];
  onChange: (rows: ReminderRow[]) => void;
}) {
  const set = (index: number, patch: Partial<ReminderRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {m.form.reminders}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            aria-label={`${m.form.reminders} ${index + 1}`}
            value={row.number}
            min={1}
            max={row.unit === 'minutes' ? 60 : row.unit === 'hours' ? 24 : 10}
            onChange={(value) => set(index, { number: Number(value) || 1 })}
            w={80}
          />
          <Select
            aria-label={m.form.reminderBefore}
            value={row.unit}
            onChange={(value) => value && set(index, { unit: value as ReminderUnit })}
            data={(['minutes', 'hours', 'days'] as const).map((value) => ({
              value,
              label: m.units[value],
            }))}
            allowDeselect={false}
            w={110}
            comboboxProps={{ withinPortal: false }}
          />
          <Text size="sm" c="dimmed">
            {m.form.reminderBefore}
          </Text>
          <TextInput
            aria-label={m.form.reminderMessage}
            placeholder={m.form.reminderMessage}
            value={row.message}
            onChange={(event) => set(index, { message: event.currentTarget.value })}
            style={{ flex: '1 1 180px' }}
          />
          <CloseButton
            aria-label={m.form.removeReminder}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      {rows.length < MEETING_REMINDERS_MAX && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onChange([...rows, { number: 30, unit: 'minutes', message: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          {m.form.addReminder}
        </Button>
      )}
    </Stack>
  );
}

export function Attendees({
  emails,
  onChange,
  errors,
}: {
  emails: string[];
  onChange: (emails: string[]) => void;
  errors: Record<string, string>;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {m.form.attendees}
      </Text>
      {emails.map((email, index) => (
        <Group key={index} gap="xs">
          <TextInput
            aria-label={format('{label} {n}', { label: m.form.attendees, n: index + 1 })}
            placeholder={m.form.attendeeEmailPlaceholder}
            value={email}
            onChange={(event) =>
              onChange(emails.map((each, at) => (at === index ? event.currentTarget.value : each)))
            }
            error={errors[`attendees.${index}.email`]}
            style={{ flex: 1 }}
          />
          <CloseButton
            aria-label={m.form.removeAttendee}
            onClick={() => onChange(emails.filter((_, at) => at !== index))}
          />
        </Group>
      ))}
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => onChange([...emails, ''])}
        style={{ alignSelf: 'flex-start' }}
      >
        {m.form.addAttendee}
      </Button>
    </Stack>
  );
}
