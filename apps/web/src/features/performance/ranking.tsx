import { useMemo, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { GOAL_STATUS_COLORS, type DashboardMetric } from '@cartera/domain/metrics';
import { DataTable, type Column } from '../../ui/data-table';
import { MessagesIcon } from '../../ui/icons';
import { formatFigure, type Dashboard, type SellerRow } from './figures';
import { RecordsLink, useRecordsTarget } from './record-links';

const texts = es.goals;

const RANKING_METRICS: DashboardMetric[] = [
  'contacts',
  'contactsTaken',
  'tracing',
  'singleTracing',
  'sale',
  'messagesOut',
  'firstResponse',
  'unattended',
];

type SortKey = DashboardMetric | 'name';

/** The ranking as a workbook, for the same period and scope as on screen. */
function exportUrl(data: Dashboard) {
  const query = new URLSearchParams({ startDate: data.period.from, endDate: data.period.to });
  if (data.scope.kind === 'group') query.set('groupId', data.scope.id);
  return `/api/sellersgoals/export?${query.toString()}`;
}

const nameOf = (seller: SellerRow) => `${seller.name} ${seller.lastname}`.trim();

/** The sellers of the scope, sortable by any figure (a second click reverses the order). */
export function Ranking({ data, linkSellers }: { data: Dashboard; linkSellers: boolean }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'tracing',
    descending: true,
  });
  const rows = useMemo(() => {
    const valueOf = (seller: SellerRow) =>
      sort.key === 'name' ? `${seller.name} ${seller.lastname}` : (seller.figures[sort.key] ?? -1);
    return [...data.sellers].sort((a, b) => {
      const [x, y] = [valueOf(a), valueOf(b)];
      const order = typeof x === 'string' ? x.localeCompare(String(y), 'es') : x - (y as number);
      return sort.descending ? -order : order;
    });
  }, [data.sellers, sort]);
  /** A figure's column, sorted by a click on its header (names A to Z first, figures highest). */
  const sortBy = (key: SortKey, label: string) => ({
    active: sort.key === key,
    order: sort.descending ? ('desc' as const) : ('asc' as const),
    label: format(texts.ranking.sortBy, { metric: label }),
    onSort: () =>
      setSort((current) => ({
        key,
        descending: current.key === key ? !current.descending : key !== 'name',
      })),
  });
  const columns: Column<SellerRow>[] = [
    {
      key: 'name',
      header: texts.ranking.seller,
      sort: sortBy('name', texts.ranking.seller),
      cell: (seller) => (
        <div>
          {linkSellers ? (
            <Link
              to="/"
              search={{ 'view-user': seller.id }}
              style={{ color: 'var(--mantine-color-cyan-8)', fontWeight: 500, fontSize: 14 }}
            >
              {nameOf(seller)}
            </Link>
          ) : (
            <Text size="sm">{nameOf(seller)}</Text>
          )}
          {/* The group, and the seller's inbox in one click (issue #35 item 1), under the name:
              the columns of figures keep their room at 1366 px. */}
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {seller.groupName}
            </Text>
            <ActionIcon
              renderRoot={(props) => (
                <Link to="/contact" search={{ agent: seller.id }} {...props} />
              )}
              variant="subtle"
              size="sm"
              aria-label={format(texts.ranking.openInbox, { name: nameOf(seller) })}
              data-testid="ranking-inbox"
            >
              <MessagesIcon size={16} />
            </ActionIcon>
          </Group>
        </div>
      ),
    },
    ...RANKING_METRICS.map((metric): Column<SellerRow> => ({
      key: metric,
      header: texts.metrics[metric],
      sort: sortBy(metric, texts.metrics[metric]),
      cell: (seller) =>
        metric === 'unattended' && seller.figures.unattended ? (
          // The seller's conversations waiting over 24 hours, exactly those counted here.
          <Anchor
            renderRoot={(props) => (
              <Link to="/contact" search={{ agent: seller.id, unattended: true }} {...props} />
            )}
            size="sm"
            aria-label={format(texts.openRecords, {
              metric: `${texts.metrics.unattended} (${nameOf(seller)})`,
              value: seller.figures.unattended,
            })}
          >
            {formatFigure(metric, seller.figures[metric])}
          </Anchor>
        ) : (
          <FigureCell metric={metric} seller={seller} data={data} />
        ),
    })),
    ...(data.goalsEnabled
      ? [
          {
            key: 'goal',
            header: texts.goals.title,
            cell: (seller: SellerRow) =>
              seller.goal?.status ? (
                <Badge color={GOAL_STATUS_COLORS[seller.goal.status]} variant="light" size="xs">
                  {texts.goals.status[seller.goal.status]}
                </Badge>
              ) : (
                <Text size="xs" c="dimmed">
                  {es.goals.duration.none}
                </Text>
              ),
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="ranking-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md" id="ranking-title">
          {texts.ranking.title}
        </Title>
        <Button component="a" size="xs" variant="light" href={exportUrl(data)} download>
          {texts.ranking.export}
        </Button>
      </Group>
      <DataTable
        items={rows}
        rowKey={(seller) => seller.id}
        columns={columns}
        labelledBy="ranking-title"
        testId="ranking"
        empty={texts.ranking.empty}
        // Every column in view at 1366 px beside the sellers panel (issue #35 item 1).
        minWidth={600}
        dense
        verticalSpacing={6}
        striped
        highlightOnHover
      />
    </Paper>
  );
}

/** A seller's figure as a link to its records of the period, when it has a list (issue #35). */
function FigureCell({
  metric,
  seller,
  data,
}: {
  metric: DashboardMetric;
  seller: SellerRow;
  data: Dashboard;
}) {
  const recordsTarget = useRecordsTarget();
  const text = formatFigure(metric, seller.figures[metric]);
  const target = recordsTarget(metric, data.period, seller.id);
  if (!target || seller.figures[metric] === null) return text;
  return (
    <RecordsLink
      target={target}
      size="sm"
      label={format(texts.openRecords, {
        metric: `${texts.metrics[metric]} (${nameOf(seller)})`,
        value: text,
      })}
    >
      {text}
    </RecordsLink>
  );
}
