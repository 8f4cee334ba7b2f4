import { useState } from 'react';
import { Alert, Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { showDay } from '@cartera/domain/sales';
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { fullNameOf } from '../auth/session';
import { SellerSelect } from '../pickers/seller-select';
import { STATUS_COLORS } from './receipt-format';
import { SaleForm } from '../sales/sale-form';
import { useMoney } from '../../lib/use-money';

const t = es.receipts.presale;
/** The newest presales shown under the form. */
const RECENT_PRESALES = 10;

/**
 * 'Crear preventa' (01 §2 /presale; comercial, when the company's sale config has presale): a
 * presale typed with the company's presale template (its structure, title and hidden fields) for
 * a seller, and the newest presales below.
 */
export function PresalePage() {
  const money = useMoney();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.receipt.config.queryOptions());
  const sellers = useQuery(trpc.receipt.sellers.queryOptions());
  const recent = useQuery(
    trpc.receipt.list.queryOptions({ kind: 'presale', limit: RECENT_PRESALES }),
  );
  const [sellerId, setSellerId] = useState<string | null>(null);
  // A new form after each presale: its fields, and its client-made id, start again.
  const [round, setRound] = useState(0);

  const template = config.data?.presaleTemplate ?? null;
  return (
    <Stack gap="md" maw={980}>
      <Stack gap={2}>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {template?.saleTitle ? `${template.saleTitle}. ${t.intro}` : t.intro}
        </Text>
      </Stack>
      {config.isPending || sellers.isPending ? (
        <Skeleton height={320} radius="md" />
      ) : config.isError ? (
        <QueryError query={config} />
      ) : sellers.isError ? (
        <QueryError query={sellers} />
      ) : !config.data.presale ? (
        <Alert color="yellow" variant="light">
          {t.disabled}
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <SellerSelect
              label={t.seller}
              placeholder={t.sellerPlaceholder}
              required
              sellers={sellers.data}
              withGroup
              value={sellerId}
              onChange={setSellerId}
              maw={420}
            />
            <SaleForm
              key={round}
              kind="presale"
              templates={template ? [template] : []}
              extra={
                sellerId ? { values: { sellerId } } : { values: null, error: t.sellerRequired }
              }
              submitLabel={t.submit}
              onDone={() => {
                notifications.show({ color: 'teal', message: t.created });
                void queryClient.invalidateQueries(trpc.receipt.list.pathFilter());
                setRound((now) => now + 1);
              }}
            />
          </Stack>
        </Paper>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-label={t.recent}>
        <Text fw={600} mb="xs">
          {t.recent}
        </Text>
        <DataTable
          query={recent}
          items={recent.data?.items ?? []}
          rowKey={(presale) => presale.id}
          label={t.recent}
          testId="recent-presales"
          minWidth={560}
          striped
          empty={t.recentEmpty}
          columns={[
            {
              key: 'ticket',
              header: es.receipts.manual.ticketId,
              cell: (presale) => presale.ticketId,
            },
            { key: 'name', header: es.receipts.manual.name, cell: (presale) => presale.name },
            {
              key: 'seller',
              header: t.seller,
              cell: (presale) => (presale.seller ? fullNameOf(presale.seller) : ''),
            },
            {
              key: 'date',
              header: es.receipts.fields.date,
              cell: (presale) => showDay(presale.entryDate),
            },
            {
              key: 'status',
              header: es.receipts.fields.status,
              cell: (presale) => (
                <Badge size="sm" variant="light" color={STATUS_COLORS[presale.status] ?? 'gray'}>
                  {es.receipts.statuses[presale.status] ?? presale.status}
                </Badge>
              ),
            },
            {
              key: 'total',
              header: es.receipts.bubble.total,
              align: 'right',
              cell: (presale) => money(presale.total),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
