import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../lib/errors';

/**
 * The one confirmation for destructive actions (02 §8 'Esta acción es irreversible y no se puede
 * deshacer.'): a question, the warning, 'Cancelar' and the red action. It stays open while the
 * action runs and shows its error, so nothing happens behind the user's back. A `reversible`
 * action (a disconnect that can be undone by connecting again) goes without the warning.
 * `action`, the mutation the confirmation runs, stands for `loading` and `error`.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel = es.fields.delete,
  // Before the two it stands for: a default reads only the names destructured before it.
  action,
  loading = action?.isPending ?? false,
  reversible = false,
  error = action?.error ? userMessageOf(action.error) : null,
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
  action?: { isPending: boolean; error: unknown };
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

/** The mutation a confirmation runs, as ConfirmDialog and `useRemoval` read it. */
interface ConfirmedAction<I> {
  isPending: boolean;
  error: unknown;
  mutate: (input: I) => void;
  reset: () => void;
}

/**
 * The state of a confirmed removal of one item of a list: the item asked about (null while the
 * dialog is closed), `ask` from the row's button, `close` from the mutation's success, and
 * `dialog`, ConfirmDialog's props: open while an item is asked about, running the action on it;
 * closing it clears the action's error, so the next item's question starts clean.
 */
export function useRemoval<T>() {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    ask: (next: T) => setItem(() => next),
    close: () => setItem(null),
    dialog: <I,>(action: ConfirmedAction<I>, input: (item: T) => I) => ({
      opened: item !== null,
      action,
      onConfirm: () => {
        if (item !== null) action.mutate(input(item));
      },
      onClose: () => {
        setItem(null);
        action.reset();
      },
    }),
  };
}
