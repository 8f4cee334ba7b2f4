import type { ReactNode } from 'react';
import { Avatar, Badge, Box, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import { fullNameOf } from '../auth/session';
import classes from './account-row.module.css';

/** One account to switch to: name, e-mail and group. */
export function AccountRow({
  user,
  busy,
  disabled,
  onClick,
}: {
  user: { name: string; lastname: string; email: string; groupName: string };
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  const name = fullNameOf(user);
  return (
    <UnstyledButton className={classes.row} onClick={onClick} disabled={disabled} data-busy={busy}>
      <Group gap="sm" wrap="nowrap">
        <Avatar name={name} color="initials" radius="xl" size={34} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Box>
        {busy ? (
          <Loader size="xs" />
        ) : (
          <Badge variant="light" color="gray" radius="sm" tt="none" maw={150}>
            {user.groupName}
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center" py="lg">
      {children}
    </Text>
  );
}
