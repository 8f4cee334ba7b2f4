import { useState } from 'react';
import { Alert, Badge, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { formatSaleTotal, showDay } from '@cartera/domain/sales';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { fullNameOf } from '../auth/session';
import { STATUS_COLORS } from './receipt-format';
import { SaleForm } from './sale-form';

const t = es.receipts.presale;
/** The newest presales shown under the form. */
const RECENT_PRESALES = 10;

/**
 * 'Crear preventa' (01 §2 /presale; comercial, when the company's sale config has presale): a
 * presale typed with the company's presale template (its structure, title and hidden fields) for
 * a seller, and the newest presales below.
 */
export function PresalePage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const config = useQuery(trpc.receipt.config.queryOptions());
  const sellers = useQuery(trpc.receipt.sellers.queryOptions());
  const recent = useQuery(
    trpc.receipt.list.queryOptions({ kind: 'presale', limit: RECENT_PRESALES }),
  );
  const create = useMutation(trpc.receipt.create.mutationOptions());
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
            <Select
              label={t.seller}
              placeholder={t.sellerPlaceholder}
              required
              searchable
              data={sellers.data.map((seller) => ({
                value: seller.id,
                label: `${fullNameOf(seller)} · ${seller.groupName}`,
              }))}
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
              onSubmit={(input) => create.mutateAsync(input)}
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
        {recent.isPending ? (
          <Skeleton height={120} radius="sm" />
        ) : recent.isError ? (
          <QueryError query={recent} />
        ) : recent.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.recentEmpty}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="recent-presales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{es.receipts.manual.ticketId}</Table.Th>
                  <Table.Th>{es.receipts.manual.name}</Table.Th>
                  <Table.Th>{t.seller}</Table.Th>
                  <Table.Th>{es.receipts.fields.date}</Table.Th>
                  <Table.Th>{es.receipts.fields.status}</Table.Th>
                  <Table.Th ta="right">{es.receipts.bubble.total}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.data.items.map((presale) => (
                  <Table.Tr key={presale.id}>
                    <Table.Td>{presale.ticketId}</Table.Td>
                    <Table.Td>{presale.name}</Table.Td>
                    <Table.Td>{presale.seller ? fullNameOf(presale.seller) : ''}</Table.Td>
                    <Table.Td>{showDay(presale.entryDate)}</Table.Td>
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        color={STATUS_COLORS[presale.status] ?? 'gray'}
                      >
                        {es.receipts.statuses[presale.status] ?? presale.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{formatSaleTotal(presale.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
