import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { RECEIPT_STATUSES, type ReceiptStatus } from '@cartera/domain/sales';
import { userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { Receipt } from './sale-values';

const texts = es.salesOffice;

/**
 * The status of the chosen sales, one call after another: a progress bar, then what failed, sale
 * by sale, in the server's Spanish words. 'Cancelada' cancels without a reason.
 */
export function BulkStatusDialog({
  opened,
  receipts,
  onClose,
  onDone,
}: {
  opened: boolean;
  receipts: readonly Receipt[];
  onClose: () => void;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReceiptStatus | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failures, setFailures] = useState<Array<{ ticket: string; message: string }>>([]);
  const running = progress !== null && progress.done < progress.total;

  const close = () => {
    if (running) return;
    setStatus(null);
    setProgress(null);
    setFailures([]);
    onClose();
  };

  const apply = async () => {
    if (!status) return;
    const chosen = [...receipts];
    const failed: Array<{ ticket: string; message: string }> = [];
    setFailures([]);
    setProgress({ done: 0, total: chosen.length });
    for (const [index, receipt] of chosen.entries()) {
      try {
        if (status === 'canceled') await client.receipt.cancel.mutate({ id: receipt.id });
        else await client.receipt.changeStatus.mutate({ id: receipt.id, status });
      } catch (failure) {
        failed.push({ ticket: receipt.ticketId, message: userMessageOf(failure) });
      }
      setProgress({ done: index + 1, total: chosen.length });
    }
    setFailures(failed);
    void queryClient.invalidateQueries(trpc.receipt.pathFilter());
    if (failed.length === 0) {
      notifications.show({ color: 'teal', message: format(texts.bulkDone, { n: chosen.length }) });
      onDone();
      close();
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={format(texts.bulkTitle, { n: receipts.length })}
      size={480}
      centered
    >
      <Stack gap="md">
        <Select
          label={texts.statusFilter}
          data={RECEIPT_STATUSES.map((each) => ({ value: each, label: texts.statuses[each] }))}
          value={status}
          onChange={(next) => setStatus(next as ReceiptStatus | null)}
          disabled={running}
          allowDeselect={false}
        />
        {status === 'sold' && (
          <Text size="xs" c="dimmed">
            {texts.bulkSoldNote}
          </Text>
        )}
        {progress && (
          <Stack gap={4}>
            <Progress
              value={(progress.done / Math.max(progress.total, 1)) * 100}
              aria-label={texts.bulkStatus}
              data-testid="bulk-progress"
            />
            <Text size="xs" c="dimmed">
              {format(texts.bulkProgress, progress)}
            </Text>
          </Stack>
        )}
        {failures.length > 0 && (
          <Alert color="red" variant="light" role="alert" data-testid="bulk-failures">
            <Text size="sm" fw={600}>
              {format(texts.bulkFailures, { n: failures.length })}
            </Text>
            {failures.map((failure) => (
              <Text size="sm" key={failure.ticket}>
                {format(texts.bulkFailure, failure)}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={running}>
            {es.salesOffice.dialog.close}
          </Button>
          <Button
            onClick={() => void apply()}
            loading={running}
            disabled={!status || failures.length > 0}
          >
            {texts.bulkApply}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
