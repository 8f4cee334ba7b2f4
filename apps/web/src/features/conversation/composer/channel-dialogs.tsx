import { Anchor, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../../lib/api-types';
import classes from '../timeline.module.css';

const t = es.channels;

type ChannelOption = RouterOutputs['channel']['options'][number];

/** Channel types that write to a phone number (the number picker and wa.me apply to them). */
const PHONE_CHANNELS = new Set([
  'whatsapp_business',
  'whatsapp_360_dialog',
  'unofficial_wpp',
  'personal_whatsapp',
  'sms',
]);
const WHATSAPP_CHANNELS = new Set([
  'whatsapp_business',
  'whatsapp_360_dialog',
  'unofficial_wpp',
  'personal_whatsapp',
]);

export function writesToPhone(type: string) {
  return PHONE_CHANNELS.has(type);
}

/**
 * 03 §2.1 WhatsApp number picker: for a contact with several phones, which one the message goes
 * to (its first by default).
 */
export function PhonePicker({
  phones,
  value,
  onChange,
}: {
  phones: ReadonlyArray<{ phone: string; national: string }>;
  value: string;
  onChange: (phone: string) => void;
}) {
  return (
    <Select
      size="xs"
      w={190}
      aria-label={t.phonePicker}
      data={phones.map((each) => ({
        value: each.phone,
        label: format(t.phonePickerLabel, { phone: each.national || each.phone }),
      }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="phone-picker"
    />
  );
}

/**
 * 'Cuenta de whatsapp desconectada' (03 §2.1): the user's personal WhatsApp has no open session,
 * so nothing can go through it until they scan the QR again at /settings/new-whatsapp.
 */
export function PersonalWhatsappDisconnected({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.personalDisconnectedTitle}
      centered
      size={425}
    >
      <Stack gap="md">
        <Text size="sm">{t.personalDisconnected}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            renderRoot={(props) => <Link to="/settings/new-whatsapp" {...props} />}
            onClick={onClose}
          >
            {t.personalConnect}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * 'Canales disponibles' (03 §2.1): every channel the user may write through, with its state; a
 * connected WhatsApp one also opens the chat with the contact's number in WhatsApp itself.
 */
export function AvailableChannels({
  opened,
  onClose,
  channels,
  phone,
}: {
  opened: boolean;
  onClose: () => void;
  channels: readonly ChannelOption[];
  /** The contact's number the composer writes to, if it has one. */
  phone: string | null;
}) {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return (
    <Modal opened={opened} onClose={onClose} title={t.availableTitle} centered size="md">
      <Stack gap="xs" data-testid="available-channels">
        {channels.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.availableEmpty}
          </Text>
        )}
        {channels.map((channel) => {
          const active = channel.status === 'available';
          return (
            <Group key={channel.id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap={6} wrap="nowrap">
                <span
                  className={classes.channelDot}
                  style={{ backgroundColor: channel.color }}
                  aria-hidden
                />
                <Text size="sm" fw={500}>
                  {channel.name}
                </Text>
                <Badge size="xs" variant="light" color={active ? 'teal' : 'gray'}>
                  {active ? t.availableActive : t.availableInactive}
                </Badge>
              </Group>
              {active && digits && WHATSAPP_CHANNELS.has(channel.type) && (
                <Anchor href={`https://wa.me/${digits}`} target="_blank" rel="noreferrer" size="sm">
                  {t.availableOpenChat}
                </Anchor>
              )}
            </Group>
          );
        })}
      </Stack>
    </Modal>
  );
}
