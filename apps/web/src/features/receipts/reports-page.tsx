import { useState } from 'react';
import {
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { BarChart, DonutChart } from '../../ui/charts';
import { DatePickerInput } from '../../ui/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { defaultReportPeriod, type ReceiptKind } from '@cartera/domain/sales';
import type { RouterOutputs } from '../../lib/api-types';
import { DATE_FORMAT } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { CalendarIcon } from '../../ui/icons';
import { fullNameOf } from '../auth/session';
import { monthLabel, STATUS_COLORS } from './receipt-format';
import { ReceiptDetail } from './receipt-detail';
import { useMoney } from '../../lib/use-money';

const t = es.receipts.report;
const statusLabels = es.receipts.statuses;

type Report = RouterOutputs['receipt']['report'];

/**
 * 'Reportes' (01 §2 /reportes/receipts): counts and totals of sales (or presales) per seller,
 * per status and per month of entry over a period (the last six months by default), as figures,
 * charts and tables, from receipt.report (grouped in SQL, the list's scope). A timeline sale
 * item opens this page with `id`: that sale's detail shows over it (03 §2.1).
 */
export function ReportsPage({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}) {
  const trpc = useTRPC();
  const [kind, setKind] = useState<ReceiptKind>('receipt');
  const [period, setPeriod] = useState(defaultReportPeriod);
  const report = useQuery({
    ...trpc.receipt.report.queryOptions({ kind, from: period.from, to: period.to }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end">
          <SegmentedControl
            size="xs"
            aria-label={t.kind}
            value={kind}
            onChange={(value) => setKind(value as ReceiptKind)}
            data={[
              { value: 'receipt', label: t.kinds.receipt! },
              { value: 'presale', label: t.kinds.presale! },
            ]}
          />
          <DatePickerInput
            size="xs"
            w={130}
            label={t.from}
            value={period.from}
            valueFormat={DATE_FORMAT}
            maxDate={period.to}
            onChange={(value) => value && setPeriod((now) => ({ ...now, from: String(value) }))}
            leftSection={<CalendarIcon size={14} />}
          />
          <DatePickerInput
            size="xs"
            w={130}
            label={t.to}
            value={period.to}
            valueFormat={DATE_FORMAT}
            minDate={period.from}
            onChange={(value) => value && setPeriod((now) => ({ ...now, to: String(value) }))}
            leftSection={<CalendarIcon size={14} />}
          />
        </Group>
      </Group>
      {report.isPending ? (
        <Skeleton height={360} radius="md" aria-busy="true" />
      ) : report.isError ? (
        <QueryError query={report} />
      ) : (
        <ReportFigures report={report.data} />
      )}
      <ReceiptDetail id={selectedId} onClose={() => onSelect(null)} />
    </Stack>
  );
}

function ReportFigures({ report }: { report: Report }) {
  const money = useMoney();
  const { overall } = report;
  const cards: Array<[string, string]> = [
    [t.cards.count, String(overall.count)],
    [t.cards.total, money(overall.total)],
    [t.cards.soldCount, String(overall.soldCount)],
    [t.cards.soldTotal, money(overall.soldTotal)],
    [t.cards.canceledCount, String(overall.canceledCount)],
  ];
  const empty = overall.count === 0 && overall.canceledCount === 0;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {cards.map(([label, value]) => (
          <Paper key={label} withBorder radius="md" p="sm" data-testid="report-card">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg">
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {empty ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            {t.empty}
          </Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
            <Paper withBorder radius="md" p="md" style={{ gridColumn: 'span 2' }}>
              <Text fw={600} mb="sm">
                {t.totalsChart}
              </Text>
              <BarChart
                h={240}
                data={report.byMonth.map((row) => ({ ...row, label: monthLabel(row.month) }))}
                dataKey="label"
                withLegend
                valueFormatter={money}
                series={[
                  { name: 'total', label: t.total, color: 'blue.5' },
                  { name: 'soldTotal', label: t.soldTotal, color: 'teal.6' },
                ]}
              />
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={600} mb="sm">
                {t.byStatus}
              </Text>
              <Group justify="center">
                <DonutChart
                  size={160}
                  thickness={26}
                  withTooltip
                  withLabels
                  withLabelsLine
                  labelsType="percent"
                  tooltipDataSource="segment"
                  data={report.byStatus
                    .filter((row) => row.count > 0)
                    .map((row) => ({
                      name: statusLabels[row.status] ?? row.status,
                      value: row.count,
                      color: `${STATUS_COLORS[row.status] ?? 'gray'}.6`,
                    }))}
                />
              </Group>
            </Paper>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            <FigureTable
              title={t.bySeller}
              first={t.seller}
              rows={report.bySeller.map((row) => ({
                key: row.sellerId ?? 'none',
                label: row.sellerId ? fullNameOf(row) : t.noSeller,
                ...row,
              }))}
            />
            <Stack gap="sm">
              <Paper withBorder radius="md" p="md" component="section" aria-label={t.byStatus}>
                <Text fw={600} mb="xs">
                  {t.byStatus}
                </Text>
                <DataTable
                  items={report.byStatus}
                  rowKey={(row) => row.status}
                  label={t.byStatus}
                  testId="report-by-status"
                  minWidth={0}
                  striped
                  empty={t.empty}
                  columns={[
                    {
                      key: 'status',
                      header: t.status,
                      cell: (row) => statusLabels[row.status] ?? row.status,
                    },
                    { key: 'count', header: t.count, align: 'right', cell: (row) => row.count },
                    {
                      key: 'total',
                      header: t.total,
                      align: 'right',
                      cell: (row) => money(row.total),
                    },
                  ]}
                />
              </Paper>
              <FigureTable
                title={t.byMonth}
                first={t.month}
                rows={report.byMonth.map((row) => ({
                  key: row.month,
                  label: monthLabel(row.month),
                  ...row,
                }))}
              />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** A table of count, total, sold and sold total per seller or per month. */
function FigureTable({
  title,
  first,
  rows,
}: {
  title: string;
  first: string;
  rows: Array<{
    key: string;
    label: string;
    count: number;
    total: number;
    soldCount: number;
    soldTotal: number;
  }>;
}) {
  const money = useMoney();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <DataTable
        items={rows}
        rowKey={(row) => row.key}
        label={title}
        minWidth={420}
        striped
        empty={t.empty}
        columns={[
          { key: 'label', header: first, cell: (row) => row.label },
          { key: 'count', header: t.count, align: 'right', cell: (row) => row.count },
          {
            key: 'total',
            header: t.total,
            align: 'right',
            cell: (row) => money(row.total),
          },
          { key: 'soldCount', header: t.soldCount, align: 'right', cell: (row) => row.soldCount },
          {
            key: 'soldTotal',
            header: t.soldTotal,
            align: 'right',
            cell: (row) => money(row.soldTotal),
          },
        ]}
      />
    </Paper>
  );
}
