import type { ReactNode } from 'react';
import { Box, Stack, Text } from '@mantine/core';

/** One detail of a record's card: its small dimmed name above its value (a company's, a contact's). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" fw={600} c="dimmed">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}
