import { useState } from 'react';
import { ActionIcon, Alert, Badge, Checkbox, CloseButton, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '../../../ui/dates';
import { es, format } from '@cartera/domain/i18n';
import { scheduledDateValid } from '@cartera/domain/scheduled-messages';
import { DATE_TIME_FORMAT, dayjs, formatDateTime, formatDayMonthTime } from '../../../lib/format';
import { FormActions } from '../../../ui/form-actions';
import { CalendarIcon } from '../../../ui/icons';
import { PresetGroups } from '../actions/preset-groups';
import type { Preset } from '../actions/reminder-presets';
import { ClockIcon } from '../icons';

const c = es.conversation.composer;

/** When and how a message in the composer is to go (02 §3 'Scheduled message'). */
export interface Schedule {
  date: Date;
  createReminder: boolean;
  dateSelectedFrom: 'manual' | 'predetermined';
}

/**
 * 'Programar envío' beside the send button of a channel message: a dialog with the suggested
 * times (the reminder wizard's), a calendar, and 'Crear recordatorio'. A date that is not ahead
 * is refused with 'Fecha no válida' and nothing is set.
 */
export function ScheduleButton({
  schedule,
  onSchedule,
  disabled,
}: {
  schedule: Schedule | null;
  onSchedule: (schedule: Schedule) => void;
  disabled?: boolean;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        size={42}
        radius="xl"
        variant={schedule ? 'light' : 'default'}
        aria-label={c.schedule}
        title={c.schedule}
        disabled={disabled}
        onClick={() => setOpened(true)}
      >
        <ClockIcon size={20} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={c.scheduleTitle}
        centered
        size="lg"
      >
        {opened && (
          <ScheduleForm
            initial={schedule}
            onCancel={() => setOpened(false)}
            onConfirm={(value) => {
              onSchedule(value);
              setOpened(false);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function ScheduleForm({
  initial,
  onCancel,
  onConfirm,
}: {
  initial: Schedule | null;
  onCancel: () => void;
  onConfirm: (schedule: Schedule) => void;
}) {
  const [picked, setPicked] = useState<{ key: string; date: Date } | null>(
    initial ? { key: 'calendar', date: initial.date } : null,
  );
  const [from, setFrom] = useState<Schedule['dateSelectedFrom']>(
    initial?.dateSelectedFrom ?? 'manual',
  );
  const [createReminder, setCreateReminder] = useState(initial?.createReminder ?? false);
  const [invalid, setInvalid] = useState(false);
  const pickPreset = (preset: Preset) => {
    setInvalid(false);
    setFrom('predetermined');
    setPicked({ key: preset.key, date: preset.date(new Date()) });
  };
  const confirm = () => {
    if (!picked) return;
    if (!scheduledDateValid(picked.date)) {
      setInvalid(true);
      return;
    }
    onConfirm({ date: picked.date, createReminder, dateSelectedFrom: from });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
      noValidate
    >
      <Stack gap="sm">
        <PresetGroups pickedKey={picked?.key} onPick={pickPreset} />
        <DateTimePicker
          label={c.scheduleDate}
          placeholder={c.scheduleDatePlaceholder}
          valueFormat={DATE_TIME_FORMAT}
          value={
            picked?.key === 'calendar' ? dayjs(picked.date).format('YYYY-MM-DD HH:mm:ss') : null
          }
          onChange={(value) => {
            setInvalid(false);
            setFrom('manual');
            const date = value ? dayjs(value) : null;
            setPicked(date?.isValid() ? { key: 'calendar', date: date.toDate() } : null);
          }}
          minDate={dayjs().format('YYYY-MM-DD')}
          leftSection={<CalendarIcon size={16} />}
          clearable
          popoverProps={{ withinPortal: true }}
          ariaLabels={{
            nextMonth: es.conversation.actions.calendarNextMonth,
            previousMonth: es.conversation.actions.calendarPreviousMonth,
          }}
          submitButtonProps={{ 'aria-label': es.conversation.actions.calendarConfirm }}
        />
        <Checkbox
          label={c.scheduleReminder}
          description={c.scheduleReminderHint}
          checked={createReminder}
          onChange={(event) => setCreateReminder(event.currentTarget.checked)}
        />
        {picked && !invalid && (
          <Text size="sm" role="status">
            {format(c.schedulePicked, { date: formatDateTime(picked.date) })}
          </Text>
        )}
        {invalid && (
          <Alert color="red" variant="light" role="alert" title={c.scheduleInvalidTitle}>
            {c.scheduleInvalid}
          </Alert>
        )}
        <FormActions
          cancelLabel={c.scheduleCancel}
          onCancel={onCancel}
          submitLabel={c.scheduleConfirm}
          disabled={!picked}
        />
      </Stack>
    </form>
  );
}

/** The chip of a scheduled send above the input ('DD MMM HH:mm', 24-hour as every time the app shows), removable (03 §4). */
export function ScheduledChip({
  schedule,
  onRemove,
}: {
  schedule: Schedule;
  onRemove: () => void;
}) {
  return (
    <Badge
      variant="light"
      size="lg"
      radius="xl"
      tt="none"
      mb={6}
      leftSection={<ClockIcon size={14} />}
      rightSection={<CloseButton size="xs" aria-label={c.scheduleRemove} onClick={onRemove} />}
      data-testid="scheduled-chip"
    >
      {format(c.scheduledChip, { date: formatDayMonthTime(schedule.date) })}
    </Badge>
  );
}
