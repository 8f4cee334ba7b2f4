import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { PlusIcon } from './icons';

/**
 * A bordered section of a page with its heading and, optionally, one action ('Crear sector',
 * 'Agregar contactos'…). `titleId` labels the section for assistive technology.
 */
export function Panel({
  titleId,
  title,
  action,
  gap = 'sm',
  children,
}: {
  titleId: string;
  title: ReactNode;
  action?: { label: string; onClick: () => void };
  gap?: 'sm' | 'md';
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap={gap}>
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md" id={titleId}>
            {title}
          </Title>
          {action && (
            <Button
              size="xs"
              variant="light"
              leftSection={<PlusIcon size={14} />}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
