import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { canOpen } from '@cartera/domain/policy';
import { ROLE_LABELS, USER_TYPE_LABELS } from '@cartera/domain/roles';
import { PropertyTable } from '../../ui/property-table';
import { UserAvatar } from '../../ui/user-avatar';
import { fullNameOf, guardUserOf, type Me } from '../auth/session';

const SETTINGS_PATH = '/settings';

/** 'Mi perfil': who the user is, read only; 'Editar perfil' leads to /settings. */
export function ProfileDialog({
  me,
  opened,
  onClose,
}: {
  me: Me;
  opened: boolean;
  onClose: () => void;
}) {
  const name = fullNameOf(me.user);
  const rows: Array<[string, string]> = [
    [es.profile.name, name],
    [es.profile.email, me.user.email],
    [es.profile.role, me.user.roles.map((role) => ROLE_LABELS[role]).join(', ')],
    ...(me.user.userType !== 'normal'
      ? ([[es.profile.userType, USER_TYPE_LABELS[me.user.userType]]] as Array<[string, string]>)
      : []),
    [es.profile.group, me.group.name],
    [es.profile.company, me.tenant.name],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={es.profile.title} centered size="md">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={me.user} name={name} size={56} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {me.user.email}
            </Text>
          </div>
        </Group>
        <PropertyTable labelWidth={150} rows={rows.map(([label, value]) => ({ label, value }))} />
        <Group justify="flex-end">
          {canOpen(guardUserOf(me), SETTINGS_PATH) && (
            <Button component={Link} to={SETTINGS_PATH} variant="light" onClick={onClose}>
              {es.profile.edit}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {es.profile.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
