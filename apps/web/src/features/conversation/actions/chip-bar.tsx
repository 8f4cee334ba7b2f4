import { useState } from 'react';
import { Badge, CloseButton, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { BellIcon, FolderIcon, SparklesIcon } from '../../../shell/icons';
import { useMe } from '../../auth/session';
import type { ContactDetail } from '../../contacts/contact-format';
import { useTags } from '../../contacts/tag-chip';
import { newActionId } from './action-id';
import { BotToggleDialog } from './bot-toggle-dialog';
import { ChangeTagDialog } from './change-tag-dialog';
import { useRefreshContact } from './use-refresh-contact';

const t = es.conversation.actions;

/**
 * The status bar under the conversation header (03 §2.1): the status tag (its own agent clicks
 * it to change it), the pending reminder (its 'x' cancels it) and the archiving reason (its 'x'
 * unarchives the contact) and the active bot (a click asks to turn it off). `readOnly` (a contact
 * only looked at from 'Inbox', 03 §4) shows them without their actions.
 */
export function ContactChipBar({
  contact,
  readOnly = false,
}: {
  contact: ContactDetail;
  readOnly?: boolean;
}) {
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t.chipsLabel}>
      <StatusTagChip contact={contact} />
      {contact.reminder && (
        <ReminderChip contact={contact} reminder={contact.reminder} readOnly={readOnly} />
      )}
      {contact.archivingReason && <ArchiveChip contact={contact} readOnly={readOnly} />}
      {contact.botActive && <BotChip contact={contact} readOnly={readOnly} />}
    </Group>
  );
}

function StatusTagChip({ contact }: { contact: ContactDetail }) {
  const me = useMe();
  const tags = useTags();
  const [opened, setOpened] = useState(false);
  const tag = contact.statusTag
    ? tags.data?.find((each) => each.code === contact.statusTag)
    : undefined;
  const label = contact.statusTag ? (tag?.name ?? contact.statusTag) : t.noTagChip;
  const badge = (
    <Badge
      color={tag?.color ?? 'gray'}
      variant={tag ? 'filled' : 'light'}
      autoContrast
      radius="sm"
      tt="none"
      fw={600}
      style={{ cursor: 'inherit' }}
    >
      {label}
    </Badge>
  );
  // Only the contact's own agent changes its tag (03 §4 Other).
  if (!me || contact.agent?.id !== me.user.id) return badge;
  return (
    <>
      <Tooltip label={t.changeTagHint} withArrow>
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={`${t.changeTagHint}: ${label}`}
          style={{ cursor: 'pointer', display: 'inline-flex' }}
        >
          {badge}
        </UnstyledButton>
      </Tooltip>
      <ChangeTagDialog contact={contact} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

function ReminderChip({
  contact,
  reminder,
  readOnly,
}: {
  contact: ContactDetail;
  reminder: NonNullable<ContactDetail['reminder']>;
  readOnly: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const cancel = useMutation(trpc.interactions.cancelReminder.mutationOptions());
  const action = t.reminderActions[reminder.actionType] ?? reminder.actionType;
  const label = format(reminder.isPermanent ? t.reminderChipPermanent : t.reminderChip, {
    action,
    date: formatDateTime(reminder.reminderDate),
  });
  return (
    <Badge
      color="blue"
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<BellIcon size={14} />}
      rightSection={
        !readOnly && (
          <CloseButton
            size="xs"
            aria-label={t.reminderCancel}
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { contactId: contact.id, id: newActionId() },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t.reminderCancelled });
                    void refresh();
                  },
                  onError: () =>
                    notifications.show({ color: 'red', message: t.reminderCancelFailed }),
                },
              )
            }
          />
        )
      }
      title={reminder.comment || undefined}
    >
      {label}
    </Badge>
  );
}

function ArchiveChip({ contact, readOnly }: { contact: ContactDetail; readOnly: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const unarchive = useMutation(trpc.interactions.unarchive.mutationOptions());
  return (
    <Badge
      color="gray"
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<FolderIcon size={14} />}
      rightSection={
        !readOnly && (
          <CloseButton
            size="xs"
            aria-label={t.unarchive}
            disabled={unarchive.isPending}
            onClick={() =>
              unarchive.mutate(
                { contactId: contact.id, id: newActionId() },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t.unarchived });
                    void refresh();
                  },
                  onError: () => notifications.show({ color: 'red', message: t.unarchiveFailed }),
                },
              )
            }
          />
        )
      }
    >
      {format(t.archiveChip, {
        name: contact.archivingReasonText ?? contact.archivingReason ?? '',
      })}
    </Badge>
  );
}

function BotChip({ contact, readOnly }: { contact: ContactDetail; readOnly: boolean }) {
  const [opened, setOpened] = useState(false);
  if (readOnly) {
    return (
      <Badge
        color="violet"
        variant="light"
        radius="sm"
        tt="none"
        fw={600}
        leftSection={<SparklesIcon size={14} />}
      >
        {es.conversation.bot.chip}
      </Badge>
    );
  }
  return (
    <>
      <Tooltip label={es.conversation.bot.turnOff} withArrow>
        <UnstyledButton
          onClick={() => setOpened(true)}
          aria-label={`${es.conversation.bot.chip}: ${es.conversation.bot.turnOff}`}
          style={{ cursor: 'pointer', display: 'inline-flex' }}
        >
          <Badge
            color="violet"
            variant="light"
            radius="sm"
            tt="none"
            fw={600}
            leftSection={<SparklesIcon size={14} />}
            style={{ cursor: 'inherit' }}
          >
            {es.conversation.bot.chip}
          </Badge>
        </UnstyledButton>
      </Tooltip>
      <BotToggleDialog contact={contact} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
