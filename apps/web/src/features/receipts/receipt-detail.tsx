import { Badge, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { formatSaleTotal, showDay } from '@cartera/domain/sales';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { fullNameOf } from '../auth/session';
import { STATUS_COLORS } from './receipt-format';

const t = es.receipts;

/**
 * One sale as a timeline item leads to it (03 §2.1: the sale report with `id`): its fields,
 * product lines, total, seller and, when canceled, its reason or 'Sin razón especificada'.
 */
export function ReceiptDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
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
            <Table withRowBorders={false} verticalSpacing={2}>
              <Table.Tbody>
                {(
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
                  .map(([label, value]) => (
                    <Table.Tr key={label}>
                      <Table.Th w={160} fw={500} c="dimmed">
                        {label}
                      </Table.Th>
                      <Table.Td>{value}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            {data.productLines.length > 0 && (
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.fields.product}</Table.Th>
                    <Table.Th>{t.fields.category}</Table.Th>
                    <Table.Th ta="right">{t.bubble.quantity}</Table.Th>
                    <Table.Th ta="right">{t.fields.value}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.productLines.map((line, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td>{line.category ?? ''}</Table.Td>
                      <Table.Td ta="right">{line.quantity}</Table.Td>
                      <Table.Td ta="right">{formatSaleTotal(line.value)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
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
              {t.bubble.total} {formatSaleTotal(data.total)}
            </Text>
          </Stack>
        )
      )}
    </Modal>
  );
}
