import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { ROLE_LABELS, type Role } from '@cartera/domain/roles';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { DataTable } from '../../../ui/data-table';
import { useLiveEvents } from '../../live/live-events';

type Statistics = RouterOutputs['notification']['statistics'];
type Figures = Pick<Statistics, 'delivered' | 'viewed' | 'opened' | 'closed'>;

const texts = es.notifications.statistics;

/** While the job delivers, the figures are read again this often (deliveries are not announced to admins). */
const SENDING_REFRESH_MS = 3_000;

const FIGURES = ['delivered', 'viewed', 'opened', 'closed'] as const;

/**
 * A shipment's statistics (01 §7 'statistics'; issue #41): its audience and the notifications
 * delivered, viewed, opened and closed, in all, by company and by role, read again as its users
 * act (`notification.tracked`, live) and while it is being delivered.
 */
export function ShipmentStatistics({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.notification.statistics.queryOptions({ id }),
    refetchInterval: (current) =>
      current.state.data?.status === 'sending' ? SENDING_REFRESH_MS : false,
  });
  const refresh = () =>
    void queryClient.invalidateQueries(trpc.notification.statistics.queryFilter({ id }));
  useLiveEvents({
    topics: ['notification-shipments'],
    types: ['notification.tracked'],
    delayMs: 300,
    onStarted: refresh,
    onEvents: (events) => {
      if (events.some((event) => event.payload.shipmentId === id)) refresh();
    },
  });
  const data = query.data;
  const figureColumns = FIGURES.map((figure) => ({
    key: figure,
    header: texts[figure],
    align: 'right' as const,
    width: 100,
    cell: (row: Figures) => row[figure],
  }));

  return (
    <Stack gap="md" component="section" aria-labelledby="shipment-statistics">
      <div>
        <Title order={2} fz="lg" id="shipment-statistics">
          {texts.title}
        </Title>
        <Text size="sm" c="dimmed">
          {texts.live}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-busy={query.isFetching || undefined}>
        <Figure label={texts.audience} value={data?.audience} testId="stat-audience" />
        {FIGURES.map((figure) => (
          <Figure
            key={figure}
            label={texts[figure]}
            value={data?.[figure]}
            testId={`stat-${figure}`}
          />
        ))}
      </SimpleGrid>
      <Title order={3} fz="md">
        {texts.byCompany}
      </Title>
      <DataTable
        query={query}
        items={data?.byCompany ?? []}
        rowKey={(row) => row.companyId}
        label={texts.byCompany}
        testId="stat-by-company"
        empty={texts.empty}
        minWidth={560}
        striped
        columns={[
          { key: 'company', header: texts.company, cell: (row) => row.company },
          ...figureColumns,
        ]}
      />
      <Title order={3} fz="md">
        {texts.byRole}
      </Title>
      <DataTable
        query={query}
        items={data?.byRole ?? []}
        rowKey={(row) => row.role}
        label={texts.byRole}
        testId="stat-by-role"
        empty={texts.empty}
        minWidth={560}
        striped
        columns={[
          {
            key: 'role',
            header: texts.role,
            cell: (row) => ROLE_LABELS[row.role as Role] ?? row.role,
          },
          ...figureColumns,
        ]}
      />
    </Stack>
  );
}

function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: number | undefined;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}
