import { Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import type { ParsedContent } from '@cartera/domain/interactions';
import { RECEIPT_STATUSES, type ReceiptStatus } from '@cartera/domain/sales';

const texts = es.salesOffice.timeline;

type SaleContent = Extract<ParsedContent, { type: 'sale' }>['content'];

function statusLabel(status: string | null | undefined) {
  return RECEIPT_STATUSES.includes(status as ReceiptStatus)
    ? es.salesOffice.statuses[status as ReceiptStatus]
    : (status ?? '');
}

/**
 * A sale item on the timeline as one line (03 §3 Sale content): a new sale, a status change, or a
 * cancellation with its reason ('Sin razón especificada' without one, 03 §8). The sale bubble of
 * 03 §9 (issue #14 §4) replaces this line when it lands.
 */
export function SaleEvent({ content }: { content: SaleContent }) {
  const ticket = String(content.sale?.ticket_id ?? '');
  const status = statusLabel(content.status);
  if (content.type === 'cancellation') {
    return (
      <Text size="sm">
        {format(texts.canceled, {
          ticket,
          reason: content.cancelReason || es.salesOffice.noReason,
        })}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {format(content.type === 'state-change' ? texts.stateChange : texts.sale, { ticket, status })}
    </Text>
  );
}
