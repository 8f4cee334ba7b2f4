import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPCClient } from '../../lib/trpc';
import type { Receipt } from './sale-values';

const dialog = es.salesOffice.dialog;

/** Cancelling a sale with an optional reason ('Sin razón especificada' without one). */
export function CancelSaleDialog({
  opened,
  receipt,
  onClose,
  onDone,
}: {
  opened: boolean;
  receipt: Receipt;
  onClose: () => void;
  onDone: () => void;
}) {
  const client = useTRPCClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const confirm = async () => {
    setLoading(true);
    setError(null);
    try {
      await client.receipt.cancel.mutate({ id: receipt.id, reason: reason.trim() || undefined });
      onDone();
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={format(dialog.cancelTitle, { ticket: receipt.ticketId })}
      size={425}
      centered
    >
      <Stack gap="md">
        <Textarea
          label={dialog.cancelReason}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {dialog.cancelBack}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={loading}>
            {dialog.cancelConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
