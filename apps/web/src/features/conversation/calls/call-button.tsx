import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Button, Menu, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { domainCodeOf, errorDetailsOf, userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { PhoneIcon } from '../../../ui/icons';
import type { ContactDetail } from '../../contacts/contact-format';
import { newId } from '@cartera/domain/ids';
import { useRefreshContact } from '../actions/use-refresh-contact';
import { useContactTimeline } from '../timeline-context';
import {
  callsThroughProvider,
  restrictionOf,
  showRestricted,
  useNumberStates,
  usePhoneProviders,
} from '../../phone/use-phone';

const t = es.conversation.calls;

function showInCall() {
  notifications.show({ color: 'yellow', title: t.inCallTitle, message: t.inCall });
}

/**
 * The header's call button (03 §2.1, §4 Phone call): logs a call to one of the contact's numbers
 * (a picker when it has several). Disabled without a phone; while a call is in progress it looks
 * disabled and pressing it only says the contact is already in a call.
 */
export function CallButton({
  contact,
  iconLabel,
}: {
  contact: ContactDetail;
  /** An icon button named so (the detail editor's head, 03 §2.1) instead of 'Llamar'. */
  iconLabel?: string;
}) {
  const { call, ongoing, starting, restricted } = useStartCall(contact);
  const phones = contact.phones;
  // A restricted number (03 §3 phoneNumberStates) looks disabled; pressing says why.
  const blocked = phones.length > 0 && phones.every((row) => restricted(row.phone));
  if (iconLabel) {
    const icon = (onClick?: () => void) => (
      <Tooltip label={phones.length ? iconLabel : t.callNoPhone} withArrow>
        <ActionIcon
          variant="light"
          size="md"
          aria-label={iconLabel}
          loading={starting}
          data-disabled={ongoing || blocked || phones.length === 0 || undefined}
          aria-disabled={ongoing || blocked || phones.length === 0 || undefined}
          onClick={onClick}
        >
          <PhoneIcon size={16} />
        </ActionIcon>
      </Tooltip>
    );
    if (phones.length === 0) return icon();
    if (phones.length === 1 || ongoing) return icon(() => call(phones[0]!.phone));
    return (
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>{icon()}</Menu.Target>
        <CallMenuDropdown contact={contact} call={call} />
      </Menu>
    );
  }
  if (phones.length === 0) {
    return (
      <Tooltip label={t.callNoPhone} withArrow>
        <Button variant="default" size="sm" leftSection={<PhoneIcon size={16} />} data-disabled>
          {t.call}
        </Button>
      </Tooltip>
    );
  }
  const button = (onClick?: () => void) => (
    <Button
      variant="default"
      size="sm"
      leftSection={<PhoneIcon size={16} />}
      loading={starting}
      data-disabled={ongoing || blocked || undefined}
      aria-disabled={ongoing || blocked || undefined}
      title={ongoing ? t.callOngoing : blocked ? es.phone.restricted : undefined}
      onClick={onClick}
    >
      {t.call}
    </Button>
  );
  if (phones.length === 1 || ongoing) {
    return button(() => call(phones[0]!.phone));
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{button()}</Menu.Target>
      <CallMenuDropdown contact={contact} call={call} />
    </Menu>
  );
}

/** The numbers to call, one entry each. */
function CallMenuDropdown({
  contact,
  call,
}: {
  contact: ContactDetail;
  call: (phone: string) => void;
}) {
  return (
    <Menu.Dropdown aria-label={t.pickPhone}>
      <Menu.Label>{t.pickPhone}</Menu.Label>
      {contact.phones.map((row) => (
        <Menu.Item
          key={row.phone}
          leftSection={<PhoneIcon size={14} />}
          onClick={() => call(row.phone)}
        >
          {row.national || row.phone}
        </Menu.Item>
      ))}
    </Menu.Dropdown>
  );
}

/**
 * Calls one of the contact's numbers (or says a call is already in progress, or that the number
 * is restricted): through the company's phone provider when the caller has it (issue #39), else
 * logged by hand.
 */
function useStartCall(contact: ContactDetail) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const { pendingCall } = useContactTimeline();
  const providers = usePhoneProviders();
  const states = useNumberStates(contact.id);
  const start = useMutation(trpc.interaction.startCall.mutationOptions());
  const startThroughProvider = useMutation(trpc.phone.startCall.mutationOptions());
  const ongoing = pendingCall !== null;
  const restricted = (phone: string) => restrictionOf(states.data, phone);

  const call = (phone: string) => {
    if (ongoing) {
      showInCall();
      return;
    }
    const restriction = restricted(phone);
    if (restriction) {
      showRestricted(restriction.reason);
      return;
    }
    const mutation = callsThroughProvider(providers.data, phone) ? startThroughProvider : start;
    mutation.mutate(
      { contactId: contact.id, id: newId(), phone },
      {
        onSuccess: () => void refresh(),
        onError: (error) => {
          const code = domainCodeOf(error);
          if (code === 'CONTACT_IN_CALL') {
            showInCall();
            void refresh();
          } else if (code === 'PHONE_NUMBER_RESTRICTED') {
            const reason = errorDetailsOf(error)?.reason;
            showRestricted(typeof reason === 'string' ? reason : undefined);
            void states.refetch();
          } else {
            notifications.show({
              color: 'red',
              message: code?.startsWith('PHONE_') ? userMessageOf(error) : t.failed,
            });
            void refresh();
          }
        },
      },
    );
  };

  return {
    call,
    ongoing,
    restricted,
    starting: start.isPending || startThroughProvider.isPending,
  };
}

/** A number that calls when pressed (the `pressToCall` flag, issue #39), as the call button does. */
export function CallNumberButton({
  contact,
  phone,
  children,
}: {
  contact: ContactDetail;
  phone: string;
  children: ReactNode;
}) {
  const { call } = useStartCall(contact);
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => call(phone)}>
      {children}
    </Anchor>
  );
}

/**
 * The call as entries of a menu (the phone header's '⋯'): one per number, none without a phone.
 */
export function CallMenuItems({ contact }: { contact: ContactDetail }) {
  const { call, ongoing } = useStartCall(contact);
  return contact.phones.map((row) => (
    <Menu.Item
      key={row.phone}
      leftSection={<PhoneIcon size={16} />}
      title={ongoing ? t.callOngoing : undefined}
      onClick={() => call(row.phone)}
    >
      {contact.phones.length > 1 ? `${t.call}: ${row.national || row.phone}` : t.call}
    </Menu.Item>
  ));
}
