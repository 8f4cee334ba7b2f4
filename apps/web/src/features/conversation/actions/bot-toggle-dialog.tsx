import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, es } from '@cartera/domain/i18n';
import { domainCodeOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import type { ContactDetail } from '../../contacts/contact-format';
import { useRefreshContact } from './use-refresh-contact';

const t = es.conversation.bot;

/** Failures the specification names (03 §8 Bot); anything else gets its generic text. */
const NAMED_FAILURES = new Set(['BOT_NOT_ACTIVE', 'BOT_CONFIG_NOT_FOUND']);

/**
 * The bot toggle's confirmation (03 §2.1, §4 Bot): turns the contact's bot off when it is on,
 * on when it is off. It stays open with the reason when the server refuses.
 */
export function BotToggleDialog({
  contact,
  opened,
  onClose,
}: {
  contact: ContactDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshContact(contact.id);
  const toggle = useMutation(trpc.interaction.setBot.mutationOptions());
  const activate = !contact.botActive;
  const close = () => {
    toggle.reset();
    onClose();
  };
  const confirm = () =>
    toggle.mutate(
      { contactId: contact.id, active: activate },
      {
        onSuccess: ({ botActive }) => {
          notifications.show({ color: 'teal', message: botActive ? t.turnedOn : t.turnedOff });
          void refresh();
          close();
        },
      },
    );
  const code = toggle.error ? domainCodeOf(toggle.error) : undefined;
  const failure = toggle.error
    ? code && NAMED_FAILURES.has(code)
      ? errorMessage(code)
      : t.failed
    : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={activate ? t.onTitle : t.offTitle}
      size={425}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{activate ? t.onQuestion : t.offQuestion}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={toggle.isPending}>
            {es.conversation.actions.cancel}
          </Button>
          <Button
            color={activate ? 'teal' : 'red'}
            onClick={confirm}
            loading={toggle.isPending}
            data-autofocus
          >
            {activate ? t.confirmOn : t.confirmOff}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
