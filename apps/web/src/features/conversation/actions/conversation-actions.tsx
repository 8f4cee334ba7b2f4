import { useState } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { NextAction } from '@cartera/domain/conversation';
import { es } from '@cartera/domain/i18n';
import { BellIcon, FolderIcon, PencilIcon, SparklesIcon, SwitchIcon } from '../../../ui/icons';
import { useMe } from '../../auth/session';
import {
  contactName,
  seesOnlyOwnContacts,
  type ContactDetail,
} from '../../contacts/contact-format';
import { TransferDialog } from '../../contacts/transfer-dialog';
import { useChatCommand } from '../../keyboard/keyboard-provider';
import { CallButton, CallMenuItems } from '../calls/call-button';
import { ArchivePicker } from './archive-picker';
import { BotToggleDialog } from './bot-toggle-dialog';
import { ChangeTagDialog } from './change-tag-dialog';
import { MarkUnreadItem } from './mark-unread-item';
import { RedoMenuItems } from './redo-items';
import { ReminderWizard } from './reminder-wizard';
import { useRefreshContact } from './use-refresh-contact';

const t = es.conversation.actions;

type Open =
  | { dialog: 'reminder'; permanent: boolean }
  | { dialog: 'archive' }
  | { dialog: 'transfer' }
  | { dialog: 'changeTag' }
  | { dialog: 'bot' }
  | null;

/**
 * The conversation header's 'Llamar', 'Recordatorio', 'Archivar' and, in 'Más acciones', the
 * bot toggle (03 §2.1). After archiving, the reason's next action opens its follow-up (03 §4
 * Archiving): the reminder wizard (with 'Permanente' on for a persistent reminder), the transfer
 * dialog or the change-tag dialog.
 *
 * `compact` (a phone, issue #33 item 6): every action of the header, 'Transferir' and 'Editar
 * contacto' included, behind the one '⋯' button; a reserved contact (`reserved`) shows only
 * those two there.
 */
export function ConversationActions({
  contact,
  compact = false,
  reserved = false,
  onEdit,
}: {
  contact: ContactDetail;
  compact?: boolean;
  reserved?: boolean;
  /** 'Editar contacto' in the compact menu (the page owns the contact sheet). */
  onEdit?: () => void;
}) {
  const me = useMe();
  const navigate = useNavigate();
  const refresh = useRefreshContact(contact.id);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // The command menu (Ctrl/Cmd+K) opens these same dialogs (issue #33 item 5).
  useChatCommand('archive', () => setOpen({ dialog: 'archive' }), !reserved);
  useChatCommand('remind', () => setOpen({ dialog: 'reminder', permanent: false }), !reserved);
  useChatCommand('transfer', () => setOpen({ dialog: 'transfer' }), contact.can.transfer);

  const followUp = (nextAction: NextAction) => {
    switch (nextAction) {
      case 'standardReminder':
        setOpen({ dialog: 'reminder', permanent: false });
        break;
      case 'persistentReminder':
        setOpen({ dialog: 'reminder', permanent: true });
        break;
      case 'transfer':
        setOpen(contact.can.transfer ? { dialog: 'transfer' } : null);
        break;
      case 'changeStatusTag':
        // Only the contact's own agent may change its tag.
        setOpen(me && contact.agent?.id === me.user.id ? { dialog: 'changeTag' } : null);
        break;
      default:
        setOpen(null);
    }
  };

  const botItem = (
    <Menu.Item leftSection={<SparklesIcon size={16} />} onClick={() => setOpen({ dialog: 'bot' })}>
      {contact.botActive ? es.conversation.bot.turnOff : es.conversation.bot.turnOn}
    </Menu.Item>
  );
  const moreTarget = (
    <Menu.Target>
      <ActionIcon
        variant="default"
        // A thumb's target on a phone.
        size={compact ? 'xl' : 'lg'}
        aria-label={es.conversation.bot.moreActions}
        title={es.conversation.bot.moreActions}
      >
        <DotsIcon />
      </ActionIcon>
    </Menu.Target>
  );

  return (
    <>
      {compact ? (
        <Menu position="bottom-end" withinPortal>
          {moreTarget}
          <Menu.Dropdown>
            {!reserved && (
              <>
                <CallMenuItems contact={contact} />
                <Menu.Item
                  leftSection={<BellIcon size={16} />}
                  onClick={() => setOpen({ dialog: 'reminder', permanent: false })}
                >
                  {t.remind}
                </Menu.Item>
                <Menu.Item
                  leftSection={<FolderIcon size={16} />}
                  onClick={() => setOpen({ dialog: 'archive' })}
                >
                  {t.archive}
                </Menu.Item>
                {botItem}
                <MarkUnreadItem contact={contact} />
                <RedoMenuItems contact={contact} />
              </>
            )}
            {contact.can.transfer && (
              <Menu.Item
                leftSection={<SwitchIcon size={16} />}
                onClick={() => setOpen({ dialog: 'transfer' })}
              >
                {es.contacts.transfer}
              </Menu.Item>
            )}
            {contact.can.edit && onEdit && (
              <Menu.Item leftSection={<PencilIcon size={16} />} onClick={onEdit}>
                {es.contacts.edit}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <CallButton contact={contact} />
          <Button
            variant="default"
            size="sm"
            leftSection={<BellIcon size={16} />}
            onClick={() => setOpen({ dialog: 'reminder', permanent: false })}
          >
            {t.remind}
          </Button>
          <Button
            variant="default"
            size="sm"
            leftSection={<FolderIcon size={16} />}
            onClick={() => setOpen({ dialog: 'archive' })}
          >
            {t.archive}
          </Button>
          <Menu position="bottom-end" withinPortal>
            {moreTarget}
            <Menu.Dropdown>
              {botItem}
              <MarkUnreadItem contact={contact} />
              <RedoMenuItems contact={contact} />
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
      <ReminderWizard
        contactId={contact.id}
        opened={open?.dialog === 'reminder'}
        permanent={open?.dialog === 'reminder' && open.permanent}
        onClose={close}
      />
      <ArchivePicker
        contact={contact}
        opened={open?.dialog === 'archive'}
        onClose={close}
        onArchived={followUp}
      />
      <TransferDialog
        opened={open?.dialog === 'transfer'}
        onClose={close}
        contacts={[
          { id: contact.id, name: contactName(contact), agentId: contact.agent?.id ?? null },
        ]}
        onDone={async () => {
          // A seller who hands a contact over no longer sees it.
          if (me && seesOnlyOwnContacts(me.user.roles)) await navigate({ to: '/contacts' });
          else await refresh();
        }}
      />
      <ChangeTagDialog contact={contact} opened={open?.dialog === 'changeTag'} onClose={close} />
      <BotToggleDialog contact={contact} opened={open?.dialog === 'bot'} onClose={close} />
    </>
  );
}

/** Three dots: the header's menu of less frequent actions. */
function DotsIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden
      focusable="false"
    >
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
