import { Alert, Button, Group, Paper, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { ZNewClient } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { useMe } from '../auth/session';
import { usePhoneCheck } from '../contacts/sheet/use-phone-check';

const t = es.requestSales;

export interface NewClientValue {
  firstName: string;
  lastName: string;
  phone: string;
  detail: string;
}

export const EMPTY_NEW_CLIENT: NewClientValue = {
  firstName: '',
  lastName: '',
  phone: '',
  detail: '',
};

/** The 02 §5 texts of a new client's data, by field ('phone' for the phones), or null when valid. */
export function newClientErrors(value: NewClientValue): Record<string, string> | null {
  const parsed = ZNewClient.safeParse({
    firstName: value.firstName,
    lastName: value.lastName,
    phones: [value.phone],
    detail: value.detail,
  });
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'phones' ? 'phone' : String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * 'Datos del cliente' (02 §3 New client): a request made without a contact creates its client
 * first, with the 02 §5 texts ('Se requiere ingresar un teléfono', the 32-character names, the
 * 255-character detail); the phone's validity is the server's (contact.create's rules). A phone
 * that is already a contact the user may see is checked as the contact sheet checks it
 * (contact.validatePhone) and offers that contact instead ('Usar el contacto existente').
 */
export function NewClientCard({
  value,
  onChange,
  errors,
  disabled,
  existingId,
  onUseExisting,
}: {
  value: NewClientValue;
  onChange: (value: NewClientValue) => void;
  errors: Record<string, string>;
  disabled: boolean;
  /** The existing contact chosen for the request, if one was. */
  existingId: string | null;
  /** Chooses the existing contact (its id), or null to enter another client again. */
  onUseExisting: (contactId: string | null) => void;
}) {
  const me = useMe();
  const check = usePhoneCheck({ raw: value.phone, country: me?.tenant.country ?? 'UY' });
  const holder = check.refusal?.type === 'duplicate' ? check.refusal.contactId : null;
  // An opaque `ref.…` is a contact the user may not see: nothing to offer.
  const visibleHolder = holder && !holder.startsWith('ref.') ? holder : null;
  const set = (key: keyof NewClientValue) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...value, [key]: event.currentTarget.value });
  if (existingId) {
    return (
      <Paper withBorder radius="md" p="sm" data-testid="new-client-card">
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t.clientCard}
          </Title>
          <Alert color="blue" variant="light">
            {t.usingExistingClient}
          </Alert>
          <Group>
            <Button variant="default" disabled={disabled} onClick={() => onUseExisting(null)}>
              {t.otherClient}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" data-testid="new-client-card">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t.clientCard}
        </Title>
        <Group grow align="flex-start">
          <TextInput
            label={t.clientFirstName}
            required
            value={value.firstName}
            onChange={set('firstName')}
            error={errors.firstName}
            disabled={disabled}
          />
          <TextInput
            label={t.clientLastName}
            value={value.lastName}
            onChange={set('lastName')}
            error={errors.lastName}
            disabled={disabled}
          />
          <TextInput
            label={t.clientPhone}
            required
            type="tel"
            value={value.phone}
            onChange={set('phone')}
            error={errors.phone}
            disabled={disabled}
          />
        </Group>
        {visibleHolder && (
          <Alert color="yellow" variant="light">
            <Group justify="space-between" gap="sm">
              {t.clientExists}
              <Button size="xs" disabled={disabled} onClick={() => onUseExisting(visibleHolder)}>
                {t.useExistingClient}
              </Button>
            </Group>
          </Alert>
        )}
        <Textarea
          label={t.clientDetail}
          value={value.detail}
          onChange={set('detail')}
          error={errors.detail}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={4}
        />
      </Stack>
    </Paper>
  );
}
