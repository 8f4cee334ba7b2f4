import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { newId } from '@cartera/domain/ids';
import { useRefreshContact } from './actions/use-refresh-contact';
import { ClockIcon } from './icons';
import { SNOOZE_HOURS, snoozeLabel } from './timeline-model';
import classes from './timeline.module.css';

const t = es.conversation.timeline;

/**
 * 03 §4 Snooze: the item after the newest one that offers, in one click, a reminder 24 hours
 * ahead through the reminder wizard's own mutation. It goes once the contact has a reminder.
 */
export function SnoozeItem({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contactId);
  const setReminder = useMutation(trpc.interaction.setReminder.mutationOptions());
  const duration = snoozeLabel(SNOOZE_HOURS);

  const snooze = () => {
    setReminder.mutate(
      {
        contactId,
        id: newId(),
        reminderDate: new Date(Date.now() + SNOOZE_HOURS * 3_600_000),
        actionType: 'other',
        comment: '',
        isPermanent: false,
        dateSelectedFrom: 'predetermined',
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t.snoozed });
          void refresh();
        },
        onError: (error) => {
          // 03 §8: tracked with the contact id; the user reads the reminder failure.
          console.error('snooze failed', { contactId, error });
          notifications.show({ color: 'red', message: es.conversation.reminderFailed });
        },
      },
    );
  };

  return (
    <div className={classes.row} data-shape="event" data-testid="snooze-item">
      <div className={classes.event}>
        <Group gap="xs" wrap="nowrap" justify="center">
          <ClockIcon size={16} />
          <Text size="sm">{t.snoozeTitle}</Text>
          <Button
            size="compact-sm"
            variant="light"
            loading={setReminder.isPending}
            title={format(t.snoozeHint, { duration })}
            onClick={snooze}
          >
            {format(t.snoozeAction, { duration })}
          </Button>
        </Group>
      </div>
    </div>
  );
}
