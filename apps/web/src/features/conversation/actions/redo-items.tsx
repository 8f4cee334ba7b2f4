import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { parseInteractionContent } from '@cartera/domain/interactions';
import { REMINDER_ACTIONS, type ReminderAction } from '@cartera/domain/conversation';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { BellIcon, FolderIcon } from '../../../ui/icons';
import type { ContactDetail } from '../../contacts/contact-format';
import { useContactTimelineIfAny } from '../timeline-context';
import type { TimelineItem } from '../timeline-model';
import { useRefreshContact } from './use-refresh-contact';

const t = es.conversationPanels;

/** The moment `ms` from now (when the redo is chosen). */
function aheadOfNow(ms: number): Date {
  return new Date(Date.now() + ms);
}

/** The newest archiving with a reason and the newest reminder set, among the loaded items. */
function lastActions(items: readonly TimelineItem[]) {
  let archive: string | null = null;
  let reminder: {
    actionType: ReminderAction;
    comment: string;
    isPermanent: boolean;
    leadMs: number;
  } | null = null;
  for (let index = items.length - 1; index >= 0 && (!archive || !reminder); index -= 1) {
    const item = items[index]!;
    if (item.localStatus) continue;
    const parsed = parseInteractionContent(item.type, item.content);
    if (!archive && parsed.type === 'archiving' && parsed.content.to) archive = parsed.content.to;
    if (!reminder && parsed.type === 'reminder' && parsed.content.reminderDate) {
      const leadMs =
        new Date(parsed.content.reminderDate).getTime() - new Date(item.createdAt).getTime();
      const action = parsed.content.actionType ?? 'other';
      if (leadMs > 0) {
        reminder = {
          actionType: (REMINDER_ACTIONS as readonly string[]).includes(action)
            ? (action as ReminderAction)
            : 'other',
          comment: parsed.content.comment ?? '',
          isPermanent: parsed.content.isPermanent ?? false,
          leadMs,
        };
      }
    }
  }
  return { archive, reminder };
}

/**
 * 03 §4 'An archive or reminder action can be redone from a quick action after the last one':
 * the header's menu offers 'Volver a archivar' with the reason of the last archiving (while the
 * contact is not archived) and 'Repetir recordatorio' with the last reminder's action, comment
 * and permanence, as far ahead of now as it was of its own setting (while none is pending).
 */
export function RedoMenuItems({ contact }: { contact: ContactDetail }) {
  const trpc = useTRPC();
  const timeline = useContactTimelineIfAny();
  const refresh = useRefreshContact(contact.id);
  const { archive, reminder } = lastActions(timeline?.items ?? []);
  const offersArchive = archive !== null && !contact.archivingReason;
  const reasons = useQuery({
    ...trpc.interaction.archivingReasons.queryOptions({ contactId: contact.id }),
    enabled: offersArchive,
  });
  const reason = reasons.data?.find((each) => each.code === archive);
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', message: userMessageOf(error) });
  const onSuccess = () => {
    notifications.show({ color: 'teal', message: t.redone });
    void refresh();
  };
  const archiveAgain = useMutation(
    trpc.interaction.archive.mutationOptions({ onSuccess, onError }),
  );
  const remindAgain = useMutation(
    trpc.interaction.setReminder.mutationOptions({ onSuccess, onError }),
  );

  const items = [];
  // A reason the user may no longer pick is not offered.
  if (offersArchive && reason) {
    items.push(
      <Menu.Item
        key="archive"
        leftSection={<FolderIcon size={16} />}
        disabled={archiveAgain.isPending}
        onClick={() =>
          archiveAgain.mutate({ contactId: contact.id, id: newId(), reason: reason.code })
        }
        title={format(t.redoArchiveHint, { reason: reason.name })}
      >
        {`${t.redoArchive}: ${reason.name}`}
      </Menu.Item>,
    );
  }
  if (reminder && !contact.reminder) {
    const action =
      es.conversation.actions.reminderActions[reminder.actionType] ?? reminder.actionType;
    items.push(
      <Menu.Item
        key="reminder"
        leftSection={<BellIcon size={16} />}
        disabled={remindAgain.isPending}
        onClick={() =>
          remindAgain.mutate({
            contactId: contact.id,
            id: newId(),
            reminderDate: aheadOfNow(reminder.leadMs),
            actionType: reminder.actionType,
            comment: reminder.comment,
            isPermanent: reminder.isPermanent,
            dateSelectedFrom: 'predetermined',
          })
        }
        title={format(t.redoReminderHint, { action })}
      >
        {`${t.redoReminder}: ${action}`}
      </Menu.Item>,
    );
  }
  return items.length ? <>{items}</> : null;
}
