import { useState } from 'react';
import { Anchor, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import type { ParsedContent } from '@cartera/domain/interactions';
import { canOpen } from '@cartera/domain/policy';
import {
  SALE_BUBBLE_COLLAPSED_FIELDS,
  saleBubbleFields,
  saleTotal,
  templateOf,
  type SaleItemSale,
} from '@cartera/domain/sales';
import { useTRPC } from '../../../lib/trpc';
import { DataTable } from '../../../ui/data-table';
import { guardUserOf, useMe } from '../../auth/session';
import { useMoney } from '../../../lib/use-money';

const t = es.receipts;
/** Where a sale item leads (03 §2.1): the sale report with the sale's id. */
export const SALE_REPORT_PATH = '/reportes/receipts';

type SaleContent = Extract<ParsedContent, { type: 'sale' }>['content'];

interface StoredSale extends SaleItemSale {
  _id: string;
  kind?: string | null;
  type?: string | null;
  ticket_id?: string | null;
  productLines?: Array<{
    name?: string | null;
    code?: string | null;
    category?: string | null;
    value?: number | null;
    quantity?: number | null;
  }> | null;
}

const statusLabel = (status: string) => t.statuses[status] ?? status;

/** What happened to the sale, above its fields (03 §3 Sale content `type`). */
function headline(content: SaleContent, presale: boolean): string | null {
  if (content.type === 'state-change') {
    return format(t.bubble.stateChange, { status: statusLabel(content.status ?? '') });
  }
  if (content.type === 'cancellation') {
    return presale ? t.bubble.presaleCancellation : t.bubble.cancellation;
  }
  const field = content.change?.field;
  if (field === 'seller') return t.bubble.sellerChanged;
  if (field === 'saleDate') return t.bubble.saleDateChanged;
  if (field) return t.bubble.fieldChanged;
  return null;
}

/**
 * A sale item on the timeline (03 §3, §9): its template's bubble title, what happened (a state
 * change, a cancellation with its reason or 'Sin razón especificada'), three of its fields
 * ('Fecha de ingreso', 'Fecha de venta', 'Nombre', 'Cedula', 'Estado', 'Producto', 'Categoría',
 * 'Precio') with the rest and the product lines behind 'Ver más', and its total (Σ value ×
 * quantity, '$' and two decimals). It links to the sale report with its id for those who open
 * reports.
 */
export function SaleBubble({ content }: { content: SaleContent }) {
  const money = useMoney();
  const trpc = useTRPC();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const config = useQuery({ ...trpc.receipt.config.queryOptions(), staleTime: 5 * 60_000 });
  const sale = (content.sale ?? null) as StoredSale | null;
  const presale = sale?.kind === 'presale';
  const template = presale
    ? (config.data?.presaleTemplate ?? undefined)
    : templateOf(config.data?.templates ?? [], sale?.type);
  const title = template?.bubbleTitle || (presale ? t.bubble.presale : t.bubble.sale);
  const what = headline(content, presale);
  if (!sale) {
    return (
      <Text size="sm" fw={600}>
        {what ?? title}
      </Text>
    );
  }
  const fields = saleBubbleFields(sale, statusLabel, money, template?.hiddenFields ?? []).filter(
    // The total is shown on its own line.
    (field) => field.field !== 'value',
  );
  const shown = open ? fields : fields.slice(0, SALE_BUBBLE_COLLAPSED_FIELDS);
  const lines = sale.productLines ?? [];
  const hasMore = fields.length > SALE_BUBBLE_COLLAPSED_FIELDS || lines.length > 0;
  const total = money(saleTotal({ value: sale.value ?? null, productLines: lines }));
  const mayOpenReport = me !== null && canOpen(guardUserOf(me), SALE_REPORT_PATH);
  return (
    <Stack gap={4} data-testid="sale-bubble" miw={220}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700}>
          {title}
        </Text>
        {sale.ticket_id && (
          <Text size="xs" c="dimmed">
            {format(t.bubble.ticket, { ticket: sale.ticket_id })}
          </Text>
        )}
      </Group>
      {what && (
        <Text size="sm" fw={600} c={content.type === 'cancellation' ? 'red.8' : undefined}>
          {what}
        </Text>
      )}
      {content.type === 'cancellation' && (
        <Text size="sm" c="dimmed" data-testid="sale-cancel-reason">
          {content.cancelReason
            ? format(t.bubble.reason, { reason: content.cancelReason })
            : t.bubble.noReason}
        </Text>
      )}
      <Stack gap={0} component="dl" m={0}>
        {shown.map((field) => (
          <Group key={field.field} gap={6} wrap="nowrap" align="baseline">
            <Text component="dt" size="xs" c="dimmed" miw={100}>
              {t.fields[field.field]}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-word' }}>
              {field.value}
            </Text>
          </Group>
        ))}
      </Stack>
      {open && lines.length > 0 && (
        <DataTable
          plain
          items={lines.map((line, index) => ({ ...line, key: String(index) }))}
          rowKey={(line) => line.key}
          label={t.manual.lines}
          empty={null}
          columns={[
            { key: 'name', header: t.fields.product, cell: (line) => line.name },
            {
              key: 'quantity',
              header: t.bubble.quantity,
              align: 'right',
              cell: (line) => line.quantity ?? 1,
            },
            {
              key: 'value',
              header: t.fields.value,
              align: 'right',
              cell: (line) => money(line.value ?? 0),
            },
          ]}
        />
      )}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700} data-testid="sale-total">
          {t.bubble.total} {total}
        </Text>
        {hasMore && (
          <UnstyledButton
            fz="xs"
            c="blue.7"
            onClick={() => setOpen((now) => !now)}
            aria-expanded={open}
          >
            {open ? t.bubble.less : t.bubble.more}
          </UnstyledButton>
        )}
      </Group>
      {mayOpenReport && (
        <Anchor
          size="xs"
          renderRoot={(props) => (
            <Link to={SALE_REPORT_PATH} search={{ id: sale._id }} {...props} />
          )}
        >
          {t.bubble.open}
        </Anchor>
      )}
    </Stack>
  );
}
