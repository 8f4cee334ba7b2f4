import { Badge, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { ReceiptStatus } from '@cartera/domain/sales';
import { useTRPC } from '../../lib/trpc';
import { SaleForm } from './sale-form';
import type { Receipt } from './sale-values';

const texts = es.salesOffice;
const dialog = texts.dialog;

/**
 * The back office's sale dialog (02 §5): a new sale typed in, or one sale with its transitions
 * (01 §4) and its manual-sale fields, in the one sale form (`SaleForm`, `office`).
 */
export function SaleDialog({
  opened,
  receipt,
  today,
  onClose,
}: {
  opened: boolean;
  /** The sale to edit; none for a new one. */
  receipt: Receipt | null;
  today: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={receipt ? format(dialog.editTitle, { ticket: receipt.ticketId }) : dialog.createTitle}
    >
      {opened && (
        <SaleForm
          key={receipt?.id ?? 'new'}
          office
          receipt={receipt}
          today={today}
          submitLabel={receipt ? dialog.save : dialog.create}
          cancelLabel={dialog.close}
          onCancel={onClose}
          onDone={(outcome) => {
            notifications.show({ color: 'teal', message: dialog[outcome] });
            void queryClient.invalidateQueries(trpc.receipt.pathFilter());
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

/** A status as a coloured badge. */
export function StatusBadge({ status }: { status: ReceiptStatus }) {
  const color = { new: 'blue', pending: 'yellow', sold: 'teal', canceled: 'red' }[status];
  return (
    <Badge color={color} variant="light" size="sm">
      {texts.statuses[status]}
    </Badge>
  );
}
