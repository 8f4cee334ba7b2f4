import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/**
 * The head of a page: its one `h1`, a line of what the page is for and, on the right (below on
 * a phone), the page's own actions.
 */
export function PageHeader({
  title,
  intro,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Title order={1} fz="h2">
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
