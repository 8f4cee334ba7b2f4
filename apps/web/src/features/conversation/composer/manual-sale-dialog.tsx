import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { SaleTemplate } from '@cartera/domain/tenant-settings';
import { useTRPC } from '../../../lib/trpc';
import { SaleForm } from '../../sales/sale-form';

const t = es.receipts.manual;

/**
 * 'Venta Manual' (03 §2.2): a sale of this contact typed in the conversation. Stored through
 * receipt.create with a client-made id; its sale item reaches the timeline live and the info
 * panel's sales refresh with it.
 */
export function ManualSaleDialog({
  contactId,
  templates,
  defaults,
  opened,
  onClose,
}: {
  contactId: string;
  templates: readonly SaleTemplate[];
  /** The contact's phone, name and id number the sale starts with. */
  defaults: { phone?: string; name?: string; govId?: string };
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (
    <Modal opened={opened} onClose={onClose} title={t.title} size="xl" centered>
      {opened && (
        <SaleForm
          kind="receipt"
          templates={templates}
          defaults={defaults}
          extra={{ values: { contactId } }}
          submitLabel={t.submit}
          onCancel={onClose}
          onDone={() => {
            void queryClient.invalidateQueries(trpc.receipt.list.pathFilter());
            notifications.show({ color: 'teal', message: t.saved });
            onClose();
          }}
        />
      )}
    </Modal>
  );
}
