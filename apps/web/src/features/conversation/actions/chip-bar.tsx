import { useEffect, useState, type ReactNode } from 'react';
import { Badge, CloseButton, Group, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { canOpen, flagOn } from '@cartera/domain/policy';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { BellIcon, BuildingIcon, FolderIcon, SparklesIcon } from '../../../ui/icons';
import { guardUserOf, useMe } from '../../auth/session';
import type { ContactDetail } from '../../contacts/contact-format';
import { useTags } from '../../contacts/tag-chip';
import { CompanyDrawer } from '../../companies/company-drawer';
import { newId } from '@cartera/domain/ids';
import { isUnattended } from '@cartera/domain/contact-actions';
import { BotToggleDialog } from './bot-toggle-dialog';
import { ChangeTagDialog } from './change-tag-dialog';
import { useRefreshContact } from './use-refresh-contact';
import { UnattendedDialog } from './unattended-dialog';

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
      <StatusTagChip contact={contact} readOnly={readOnly} />
      {contact.reminder && (
        <ReminderChip contact={contact} reminder={contact.reminder} readOnly={readOnly} />
      )}
      {contact.archivingReason && <ArchiveChip contact={contact} readOnly={readOnly} />}
      {contact.botActive && <BotChip contact={contact} readOnly={readOnly} />}
      <BusinessCompanyChip contact={contact} />
      <UnattendedChip contact={contact} />
    </Group>
  );
}

/** One chip of the bar: a small badge, with an optional 'x' that runs its removal. */
function Chip({
  color,
  filled = false,
  icon,
  title,
  remove,
  children,
}: {
  color: string;
  filled?: boolean;
  icon?: ReactNode;
  title?: string | undefined;
  remove?: { label: string; pending: boolean; run: () => void } | null;
  children: ReactNode;
}) {
  return (
    <Badge
      color={color}
      variant={filled ? 'filled' : 'light'}
      autoContrast={filled}
      radius="sm"
      tt="none"
      fw={600}
      leftSection={icon}
      rightSection={
        remove && (
          <CloseButton
            size="xs"
            aria-label={remove.label}
            disabled={remove.pending}
            onClick={remove.run}
          />
        )
      }
      title={title}
      style={{ cursor: 'inherit' }}
    >
      {children}
    </Badge>
  );
}

/** A chip's click: a tooltip and an accessible name over the chip, opening its dialog. */
function ChipButton({
  hint,
  name,
  onClick,
  children,
}: {
  hint: string;
  name: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={hint} withArrow>
      <UnstyledButton
        onClick={onClick}
        aria-label={name}
        style={{ cursor: 'pointer', display: 'inline-flex' }}
      >
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}

/**
 * The 'x' of a chip: runs an action on the contact with a fresh client id, then says so and
 * refreshes the contact, or says it failed.
 */
function useChipRemoval(
  contactId: string,
  mutation: {
    mutate: (
      input: { contactId: string; id: string },
      options: { onSuccess: () => void; onError: () => void },
    ) => void;
    isPending: boolean;
  },
  texts: { label: string; done: string; failed: string },
  readOnly: boolean,
) {
  const refresh = useRefreshContact(contactId);
  if (readOnly) return null;
  return {
    label: texts.label,
    pending: mutation.isPending,
    run: () =>
      mutation.mutate(
        { contactId, id: newId() },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: texts.done });
            void refresh();
          },
          onError: () => notifications.show({ color: 'red', message: texts.failed }),
        },
      ),
  };
}

function StatusTagChip({ contact, readOnly }: { contact: ContactDetail; readOnly: boolean }) {
  const me = useMe();
  const tags = useTags();
  const [opened, setOpened] = useState(false);
  const own = !!me && contact.agent?.id === me.user.id && !readOnly;
  const removal = useTagRemoval(contact, own);
  const tag = contact.statusTag
    ? tags.data?.find((each) => each.code === contact.statusTag)
    : undefined;
  const label = contact.statusTag ? (tag?.name ?? contact.statusTag) : t.noTagChip;
  const badge = (
    <Chip color={tag?.color ?? 'gray'} filled={!!tag}>
      {label}
    </Chip>
  );
  // Only the contact's own agent changes its tag (03 §4 Other).
  if (!own) return badge;
  if (removal) {
    return (
      <Group gap={0} wrap="nowrap">
        <ChipButton
          hint={t.changeTagHint}
          name={`${t.changeTagHint}: ${label}`}
          onClick={() => setOpened(true)}
        >
          {badge}
        </ChipButton>
        <CloseButton
          size="xs"
          aria-label={es.contactEditor.removeTag}
          disabled={removal.pending}
          onClick={removal.run}
        />
        <ChangeTagDialog contact={contact} opened={opened} onClose={() => setOpened(false)} />
      </Group>
    );
  }
  return (
    <>
      <ChipButton
        hint={t.changeTagHint}
        name={`${t.changeTagHint}: ${label}`}
        onClick={() => setOpened(true)}
      >
        {badge}
      </ChipButton>
      <ChangeTagDialog contact={contact} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/**
 * The tag's 'x' for its own agent (interaction.changeTag to none), hidden while tags are required
 * (03 §5 'Tag removal hidden when tags are required') or when there is no tag.
 */
function useTagRemoval(contact: ContactDetail, own: boolean) {
  const trpc = useTRPC();
  const form = useQuery({
    ...trpc.contact.form.queryOptions(),
    enabled: own && !!contact.statusTag,
  });
  const changeTag = useMutation(trpc.interaction.changeTag.mutationOptions());
  const refresh = useRefreshContact(contact.id);
  const flags = form.data?.flags;
  if (!own || !contact.statusTag || !flags) return null;
  if (flags.requiredTags || flags.requiredKinds?.includes('statusTag')) return null;
  return {
    pending: changeTag.isPending,
    run: () =>
      changeTag.mutate(
        { contactId: contact.id, id: newId(), tag: null },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: es.contactEditor.tagRemoved });
            void refresh();
          },
          onError: () =>
            notifications.show({ color: 'red', message: es.conversation.tagChangeFailed }),
        },
      ),
  };
}

/**
 * The business company's chip (03 §2.1, with the business sales model flag): the contact's first
 * company, opening the company drawer for who may open companies (a plain chip otherwise).
 */
function BusinessCompanyChip({ contact }: { contact: ContactDetail }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const company = contact.affiliations[0];
  if (!me || !flagOn(me, 'businessSalesModel') || !company) return null;
  const name = format(es.contactEditor.businessCompany, { name: company.companyName });
  const chip = (
    <Chip color="indigo" icon={<BuildingIcon size={14} />} title={name}>
      {company.companyName}
    </Chip>
  );
  if (!canOpen(guardUserOf(me), '/companies')) return chip;
  return (
    <>
      <ChipButton
        hint={es.contactEditor.businessCompanyHint}
        name={name}
        onClick={() => setOpen(true)}
      >
        {chip}
      </ChipButton>
      <CompanyDrawer companyId={company.companyId} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * 'Desatendido' (03 §4: more than 24 hours without interaction) for a contact not archived; a
 * click opens the unattended-contact info dialog.
 */
function UnattendedChip({ contact }: { contact: ContactDetail }) {
  const [open, setOpen] = useState(false);
  // The time, taken again every minute: a contact left open becomes unattended on screen.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (contact.archivingReason || !isUnattended(contact, now)) return null;
  return (
    <>
      <ChipButton
        hint={es.conversationPanels.unattendedHint}
        name={es.conversationPanels.unattendedChip}
        onClick={() => setOpen(true)}
      >
        <Chip color="orange">{es.conversationPanels.unattendedChip}</Chip>
      </ChipButton>
      <UnattendedDialog contact={contact} opened={open} onClose={() => setOpen(false)} />
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
  const cancel = useMutation(trpc.interaction.cancelReminder.mutationOptions());
  const remove = useChipRemoval(
    contact.id,
    cancel,
    { label: t.reminderCancel, done: t.reminderCancelled, failed: t.reminderCancelFailed },
    readOnly,
  );
  const action = t.reminderActions[reminder.actionType] ?? reminder.actionType;
  const label = format(reminder.isPermanent ? t.reminderChipPermanent : t.reminderChip, {
    action,
    date: formatDateTime(reminder.reminderDate),
  });
  return (
    <Chip
      color="blue"
      icon={<BellIcon size={14} />}
      remove={remove}
      title={reminder.comment || undefined}
    >
      {label}
    </Chip>
  );
}

function ArchiveChip({ contact, readOnly }: { contact: ContactDetail; readOnly: boolean }) {
  const trpc = useTRPC();
  const unarchive = useMutation(trpc.interaction.unarchive.mutationOptions());
  const remove = useChipRemoval(
    contact.id,
    unarchive,
    { label: t.unarchive, done: t.unarchived, failed: t.unarchiveFailed },
    readOnly,
  );
  return (
    <Chip color="gray" icon={<FolderIcon size={14} />} remove={remove}>
      {format(t.archiveChip, {
        name: contact.archivingReasonText ?? contact.archivingReason ?? '',
      })}
    </Chip>
  );
}

function BotChip({ contact, readOnly }: { contact: ContactDetail; readOnly: boolean }) {
  const [opened, setOpened] = useState(false);
  const chip = (
    <Chip color="violet" icon={<SparklesIcon size={14} />}>
      {es.conversation.bot.chip}
    </Chip>
  );
  if (readOnly) return chip;
  return (
    <>
      <ChipButton
        hint={es.conversation.bot.turnOff}
        name={`${es.conversation.bot.chip}: ${es.conversation.bot.turnOff}`}
        onClick={() => setOpened(true)}
      >
        {chip}
      </ChipButton>
      <BotToggleDialog contact={contact} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
