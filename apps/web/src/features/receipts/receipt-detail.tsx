import { Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { showDay } from '@cartera/domain/sales';
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { PropertyTable } from '../../ui/property-table';
import { QueryError } from '../../ui/query-error';
import { fullNameOf } from '../auth/session';
import { STATUS_COLORS } from './receipt-format';
import { useMoney } from '../../lib/use-money';

const t = es.receipts;

/**
 * One sale as a timeline item leads to it (03 §2.1: the sale report with `id`): its fields,
 * product lines, total, seller and, when canceled, its reason or 'Sin razón especificada'.
 */
export function ReceiptDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const money = useMoney();
  const trpc = useTRPC();
  const receipt = useQuery({
    ...trpc.receipt.get.queryOptions({ id: id ?? '' }),
    enabled: id !== null,
  });
  const data = receipt.data;
  const title = data
    ? format(data.kind === 'presale' ? t.report.presale : t.report.sale, { ticket: data.ticketId })
    : t.bubble.sale;
  return (
    <Modal opened={id !== null} onClose={onClose} title={title} size="lg" centered>
      {receipt.isPending ? (
        <Skeleton height={160} radius="sm" />
      ) : receipt.isError ? (
        <QueryError query={receipt} />
      ) : (
        data && (
          <Stack gap="sm" data-testid="receipt-detail">
            <Group gap="xs">
              <Badge color={STATUS_COLORS[data.status] ?? 'gray'} variant="light">
                {t.statuses[data.status] ?? data.status}
              </Badge>
              {data.seller && (
                <Text size="sm" c="dimmed">
                  {format(t.report.sellerOf, { name: fullNameOf(data.seller) })}
                </Text>
              )}
            </Group>
            <PropertyTable
              plain
              labelWidth={160}
              rows={(
                [
                  [t.fields.date, showDay(data.entryDate)],
                  [t.fields.date_sale, showDay(data.saleDate)],
                  [t.report.ticketSaleId, data.ticketSaleId ?? ''],
                  [t.fields.name, data.name],
                  [t.fields.gov_id, data.govId ?? ''],
                  [t.report.phone, data.phone],
                  [t.report.city, data.city ?? ''],
                  [t.fields.product, data.product ?? ''],
                ] as const
              )
                .filter(([, value]) => value !== '')
                .map(([label, value]) => ({ label, value }))}
            />
            {data.productLines.length > 0 && (
              <DataTable
                items={data.productLines}
                rowKey={(line) => String(data.productLines.indexOf(line))}
                label={t.fields.product}
                minWidth={0}
                striped
                empty={null}
                columns={[
                  { key: 'name', header: t.fields.product, cell: (line) => line.name },
                  {
                    key: 'category',
                    header: t.fields.category,
                    cell: (line) => line.category ?? '',
                  },
                  {
                    key: 'quantity',
                    header: t.bubble.quantity,
                    align: 'right',
                    cell: (line) => line.quantity,
                  },
                  {
                    key: 'value',
                    header: t.fields.value,
                    align: 'right',
                    cell: (line) => money(line.value),
                  },
                ]}
              />
            )}
            {data.status === 'canceled' && (
              <Text size="sm">
                <Text span c="dimmed">
                  {t.report.cancelReason}:{' '}
                </Text>
                {data.cancelReason || t.bubble.noReason}
              </Text>
            )}
            <Text fw={700} ta="right" data-testid="receipt-detail-total">
              {t.bubble.total} {money(data.total)}
            </Text>
          </Stack>
        )
      )}
    </Modal>
  );
}
