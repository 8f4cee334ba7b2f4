import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import type { ContactDetail } from '../../contacts/contact-format';

const t = es.conversationPanels;

/**
 * The unattended-contact info dialog (03 §2.1, §4: more than 24 hours without interaction): what
 * the 'Desatendido' chip means for this contact, with the date of its last interaction.
 */
export function UnattendedDialog({
  contact,
  opened,
  onClose,
}: {
  contact: Pick<ContactDetail, 'lastInteractionAt'>;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.unattendedTitle} centered size="sm">
      <Stack gap="md">
        <Text size="sm">
          {contact.lastInteractionAt
            ? format(t.unattendedBody, { date: formatDateTime(contact.lastInteractionAt) })
            : t.unattendedNever}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t.unattendedClose}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
