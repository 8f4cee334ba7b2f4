import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';

/**
 * A list's filters in one wrapping row, ending with the button that clears them while any is
 * on (the sales and the requests lists).
 */
export function ListFilters({
  filtering,
  clearLabel,
  onClear,
  children,
}: {
  filtering: boolean;
  clearLabel: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      {children}
      {filtering && (
        <Button variant="subtle" onClick={onClear}>
          {clearLabel}
        </Button>
      )}
    </Group>
  );
}

/**
 * Above a list whose rows can be chosen: how many are chosen and what can be done with them;
 * nothing while none is.
 */
export function SelectionBar({
  count,
  label,
  children,
}: {
  count: number;
  /** 'N seleccionados', from the area's catalogue. */
  label: string;
  /** The actions on the chosen rows. */
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <Group gap="sm" justify="flex-end">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}
