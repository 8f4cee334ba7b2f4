import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Group,
  Modal,
  Stack,
  Stepper,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { DateTimePicker } from '../../../ui/dates';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  REMINDER_ACTIONS,
  reminderDateFor,
  type ReminderAction,
  type ReminderChoice,
} from '@cartera/domain/conversation';
import { es, format } from '@cartera/domain/i18n';
import { DATE_TIME_FORMAT, dayjs, formatDateTime } from '../../../lib/dates';
import { domainCodeOf, userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { CalendarIcon } from '../../../ui/icons';
import { newId } from '@cartera/domain/ids';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../../auth/session';
import { PresetGroups } from './preset-groups';
import type { Preset } from './reminder-presets';
import { useRefreshContact } from './use-refresh-contact';

const t = es.conversation.actions;

/** What `inbox.bulkRemind` answers: the contacts done and the refused with their code. */
type BulkResult = { done: string[]; failed: Array<{ contactId: string; code: string }> };

/** 03 §3: what the reminder wizard's comment holds at most. */
const COMMENT_MAX = 2500;

/**
 * A date the user picked: a relative choice is worked out again when the reminder is created
 * (so '30 min' stays 30 minutes from then), a weekday or the calendar is kept as picked.
 */
type Picked =
  | { key: string; from: 'predetermined'; choice: ReminderChoice | null; date: Date }
  | { key: 'calendar'; from: 'calendar'; choice: null; date: Date };

/**
 * The reminder wizard (03 §2.1, §4 Reminder): step 1 the action and a comment, step 2 the date —
 * a quick or long choice, a weekday of next week, or the calendar — and 'Permanente'. Creating
 * is disabled without a date.
 */
export function ReminderWizard({
  contactId,
  opened,
  onClose,
  onDone,
  permanent = false,
}: {
  /** One contact, or the inbox's selected rows (03 §7: 'a variant for many contacts'). */
  contactId: string | readonly string[];
  opened: boolean;
  onClose: () => void;
  /** After several contacts' reminders were set: how many were done. */
  onDone?: (result: BulkResult) => void;
  /** Starts with 'Permanente' on (after archiving with a persistent-reminder reason). */
  permanent?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.reminderTitle} size={560} centered>
      {opened && (
        <ReminderForm
          contactId={contactId}
          onClose={onClose}
          onDone={onDone}
          permanent={permanent}
        />
      )}
    </Modal>
  );
}

function ReminderForm({
  contactId,
  onClose,
  onDone,
  permanent,
}: {
  contactId: string | readonly string[];
  onClose: () => void;
  onDone: ((result: BulkResult) => void) | undefined;
  permanent: boolean;
}) {
  const trpc = useTRPC();
  const single = typeof contactId === 'string' ? contactId : null;
  const refresh = useRefreshContact(single ?? '');
  const setReminder = useMutation(trpc.interaction.setReminder.mutationOptions());
  const bulkRemind = useMutation(trpc.inbox.bulkRemind.mutationOptions());
  const [step, setStep] = useState(0);
  const [action, setAction] = useState<ReminderAction>('phoneCall');
  const [comment, setComment] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const me = useMe();
  // 03 §6 'always-permanent reminders': the company makes every reminder permanent.
  const alwaysPermanent = me !== null && flagOn(me, 'alwaysPermanentReminders');
  const [chosenPermanent, setIsPermanent] = useState(permanent);
  const isPermanent = alwaysPermanent || chosenPermanent;
  // One id per reminder: a retry after a failure is the same reminder for the server.
  const [id] = useState(newId);
  const [failure, setFailure] = useState<string | null>(null);

  const pickPreset = (preset: Preset) => {
    setFailure(null);
    setPicked({
      key: preset.key,
      from: 'predetermined',
      choice: preset.choice,
      date: preset.date(new Date()),
    });
  };

  const submit = () => {
    if (!picked) return;
    const now = new Date();
    const reminderDate = picked.choice ? reminderDateFor(picked.choice, now) : picked.date;
    if (reminderDate.getTime() <= now.getTime()) {
      setFailure(t.reminderDatePast);
      return;
    }
    setFailure(null);
    const reminder = {
      reminderDate,
      actionType: action,
      comment: comment.trim(),
      isPermanent,
      dateSelectedFrom: picked.from,
    };
    const failed = (error: unknown) =>
      setFailure(
        domainCodeOf(error) === 'REMINDER_DATE_PAST'
          ? userMessageOf(error)
          : es.conversation.reminderFailed,
      );
    if (single === null) {
      bulkRemind.mutate(
        { ...reminder, contactIds: [...contactId] },
        {
          onSuccess: (result) => {
            onClose();
            onDone?.(result);
          },
          onError: failed,
        },
      );
      return;
    }
    setReminder.mutate(
      { ...reminder, contactId: single, id },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.reminderCreated });
          onClose();
          void refresh();
        },
        onError: failed,
      },
    );
  };

  const calendarValue = picked?.from === 'calendar' ? picked.date : null;

  return (
    <Stack gap="md">
      <Stepper active={step} onStepClick={setStep} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t.reminderStepAction}>
          <Stack gap="md" mt="sm">
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {t.reminderAction}
              </Text>
              <Chip.Group
                multiple={false}
                value={action}
                onChange={(value) => setAction(value as ReminderAction)}
              >
                <Group gap="xs">
                  {REMINDER_ACTIONS.map((each) => (
                    <Chip key={each} value={each} size="sm">
                      {t.reminderActions[each]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            <Textarea
              label={t.reminderComment}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={COMMENT_MAX}
              autosize
              minRows={3}
              maxRows={6}
              data-autofocus
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t.reminderStepDate}>
          <Stack gap="sm" mt="sm">
            <PresetGroups pickedKey={picked?.key} onPick={pickPreset} />
            <DateTimePicker
              label={t.reminderCalendar}
              placeholder={t.reminderCalendarPlaceholder}
              valueFormat={DATE_TIME_FORMAT}
              value={calendarValue ? dayjs(calendarValue).format('YYYY-MM-DD HH:mm:ss') : null}
              onChange={(value) => {
                setFailure(null);
                const date = value ? dayjs(value) : null;
                setPicked(
                  date?.isValid()
                    ? { key: 'calendar', from: 'calendar', choice: null, date: date.toDate() }
                    : null,
                );
              }}
              minDate={dayjs().format('YYYY-MM-DD')}
              leftSection={<CalendarIcon size={16} />}
              clearable
              popoverProps={{ withinPortal: true }}
              ariaLabels={{
                nextMonth: t.calendarNextMonth,
                previousMonth: t.calendarPreviousMonth,
              }}
              submitButtonProps={{ 'aria-label': t.calendarConfirm }}
            />
            <Switch
              label={t.reminderPermanent}
              description={alwaysPermanent ? t.reminderAlwaysPermanent : t.reminderPermanentHint}
              checked={isPermanent}
              disabled={alwaysPermanent}
              onChange={(event) => setIsPermanent(event.currentTarget.checked)}
            />
            <Text size="sm" c={picked ? undefined : 'dimmed'} role="status">
              {picked
                ? format(t.reminderPicked, { date: formatDateTime(picked.date) })
                : t.reminderDateRequired}
            </Text>
          </Stack>
        </Stepper.Step>
      </Stepper>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={step === 0 ? onClose : () => setStep(0)}>
          {step === 0 ? t.cancel : t.reminderBack}
        </Button>
        {step === 0 ? (
          <Button onClick={() => setStep(1)}>{t.reminderNext}</Button>
        ) : (
          <Button
            onClick={submit}
            disabled={!picked}
            loading={setReminder.isPending || bulkRemind.isPending}
          >
            {t.reminderCreate}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
