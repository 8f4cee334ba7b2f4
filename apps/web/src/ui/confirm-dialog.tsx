import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';

/**
 * The one confirmation for destructive actions (02 §8 'Esta acción es irreversible y no se puede
 * deshacer.'): a question, the warning, 'Cancelar' and the red action. It stays open while the
 * action runs and shows its error, so nothing happens behind the user's back. A `reversible`
 * action (a disconnect that can be undone by connecting again) goes without the warning.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = es.fields.delete,
  loading = false,
  reversible = false,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  reversible?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={425} centered>
      <Stack gap="md">
        {children}
        {!reversible && <Text size="sm">{es.fields.irreversible}</Text>}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {es.fields.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
