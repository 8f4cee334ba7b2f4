import type { ReactNode } from 'react';
import { Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * The foot of a form in a dialog or panel: the cancel button, then the submit button, which spins
 * while the form saves. `cancelDisabled` keeps a running save from being walked away from.
 */
export function FormActions({
  cancelLabel,
  onCancel,
  submitLabel,
  loading = false,
  disabled = false,
  cancelDisabled = false,
  mt,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  cancelDisabled?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
