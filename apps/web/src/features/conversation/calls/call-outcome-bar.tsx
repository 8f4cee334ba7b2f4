import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { CALL_OUTCOMES, type CallOutcome } from '@cartera/domain/conversation';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { PhoneIcon } from '../../../ui/icons';
import type { ContactDetail } from '../../contacts/contact-format';
import { useRefreshContact } from '../actions/use-refresh-contact';
import type { PendingCall } from './pending-call';
import { ProviderCallBar, type PhoneCallContent } from '../../phone/phone-call-item';

const t = es.conversation.calls;

const OUTCOME_COLORS: Record<CallOutcome, string> = {
  cancel: 'gray',
  voicemail: 'yellow',
  done: 'teal',
};

/** The number as the contact sheet shows it (national format), else as stored. */
export function callPhoneLabel(contact: ContactDetail, phone: string): string {
  return contact.phones.find((row) => row.phone === phone)?.national || phone;
}

/**
 * Shown instead of the composer while a call is in progress (03 §4 Phone call): for a call
 * through the company's provider, its progress (the provider closes it, issue #39); for one
 * logged by hand, the question of ManualOutcomeBar.
 */
export function CallOutcomeBar(props: {
  contact: ContactDetail;
  call: PendingCall;
  onClosed?: (outcome: CallOutcome) => void;
}) {
  const { contact, call } = props;
  if (call.content.origin === 'aircall') {
    return (
      <ProviderCallBar
        phone={callPhoneLabel(contact, call.phone)}
        content={call.content as unknown as PhoneCallContent}
      />
    );
  }
  return <ManualOutcomeBar {...props} />;
}

/**
 * 'Llamada a {phone}. ¿Pudiste comunicarte?' with 'Sin responder', 'Correo de voz' and
 * 'Contestó', which close the call with that outcome. `onClosed` lets the page follow up (a note
 * after 'Contestó').
 */
function ManualOutcomeBar({
  contact,
  call,
  onClosed,
}: {
  contact: ContactDetail;
  call: PendingCall;
  onClosed?: (outcome: CallOutcome) => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const close = useMutation(trpc.interaction.closeCall.mutationOptions());
  const answer = (state: CallOutcome) =>
    close.mutate(
      { contactId: contact.id, interactionId: call.interactionId, state },
      {
        onSuccess: () => {
          void refresh();
          onClosed?.(state);
        },
        onError: () => notifications.show({ color: 'red', message: t.closeFailed }),
      },
    );
  const question = format(t.question, { phone: callPhoneLabel(contact, call.phone) });
  return (
    <Paper withBorder radius="md" p="sm" role="region" aria-label={question}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <PhoneIcon size={18} />
          <Text size="sm" fw={600}>
            {question}
          </Text>
        </Group>
        <Group gap="xs">
          {CALL_OUTCOMES.map((state) => (
            <Button
              key={state}
              size="xs"
              variant="light"
              color={OUTCOME_COLORS[state]}
              loading={close.isPending && close.variables?.state === state}
              disabled={close.isPending && close.variables?.state !== state}
              onClick={() => answer(state)}
            >
              {t.outcomes[state]}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
