import { Anchor, Badge, Button, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { NOTIFICATION_PAGE_SIZE } from '@cartera/domain/notifications';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { DataTable, RowAction } from '../../../ui/data-table';
import { ChartBarIcon, PencilIcon, PlusIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { AdminTabs } from '../../admin/admin-tabs';
import {
  editLabel,
  kindText,
  statisticsLabel,
  STATUS_COLORS,
  statusText,
  type Shipment,
} from './shipment-texts';

const texts = es.notifications.admin;

/** A shipment still to be sent opens its form; one sent (or on its way), its statistics. */
const editable = (shipment: Shipment) =>
  shipment.status === 'draft' || shipment.status === 'scheduled';

/**
 * 'Administración' › 'Notificaciones' (/grupos/notificaciones; platform admins, issue #41): the
 * shipments of the admins' company, newest first, 10 a page, with their status; each opens its
 * form while not sent, else its statistics. 'Nueva notificación' writes another.
 */
export function ShipmentsPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const query = useQuery({
    ...trpc.notification.shipments.queryOptions({ page, size: NOTIFICATION_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const pages = query.data ? Math.ceil(query.data.total / NOTIFICATION_PAGE_SIZE) : 0;
  const open = (shipment: Shipment) =>
    void navigate({ to: '/grupos/notificaciones/$id', params: { id: shipment.id } });

  return (
    <Stack gap="md" maw={1100}>
      <AdminTabs />
      <PageHeader
        title={texts.title}
        intro={texts.intro}
        actions={
          <Button
            component={Link}
            to="/grupos/notificaciones/nueva"
            leftSection={<PlusIcon size={16} />}
          >
            {texts.create}
          </Button>
        }
      />
      <DataTable<Shipment>
        query={query}
        items={query.data?.items ?? []}
        rowKey={(shipment) => shipment.id}
        label={texts.table}
        testId="shipments-table"
        empty={texts.empty}
        highlightOnHover
        radius="md"
        columns={[
          {
            key: 'title',
            header: texts.columns.title,
            cell: (shipment) => (
              <Anchor
                component={Link}
                to={`/grupos/notificaciones/${shipment.id}`}
                size="sm"
                fw={600}
                style={{ overflowWrap: 'anywhere' }}
              >
                {shipment.title}
              </Anchor>
            ),
          },
          {
            key: 'kind',
            header: texts.columns.kind,
            visibleFrom: 'sm',
            cell: (shipment) => <Text size="sm">{kindText(shipment)}</Text>,
          },
          {
            key: 'status',
            header: texts.columns.status,
            cell: (shipment) => (
              <Badge variant="light" color={STATUS_COLORS[shipment.status]}>
                {statusText(shipment)}
              </Badge>
            ),
          },
          {
            key: 'delivered',
            header: texts.columns.delivered,
            align: 'right',
            width: 110,
            cell: (shipment) => <Text size="sm">{shipment.delivered}</Text>,
          },
          {
            key: 'date',
            header: texts.columns.date,
            width: 150,
            visibleFrom: 'md',
            cell: (shipment) => (
              <Text size="sm">{formatDateTime(shipment.sentAt ?? shipment.createdAt)}</Text>
            ),
          },
        ]}
        actions={{
          cell: (shipment) =>
            editable(shipment) ? (
              <RowAction
                label={editLabel(shipment.title)}
                icon={<PencilIcon size={16} />}
                onClick={() => open(shipment)}
              />
            ) : (
              <RowAction
                label={statisticsLabel(shipment.title)}
                icon={<ChartBarIcon size={16} />}
                onClick={() => open(shipment)}
              />
            ),
        }}
      />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) =>
            void navigate({ to: '/grupos/notificaciones', search: { page: next } })
          }
          size="sm"
        />
      )}
    </Stack>
  );
}
