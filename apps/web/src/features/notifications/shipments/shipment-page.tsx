import { Anchor, Badge, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { notificationActionLabel, shipmentSetting } from '@cartera/domain/notifications';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { ArrowLeftIcon } from '../../../ui/icons';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { NotificationCard } from '../inbox/notification-card';
import { ShipmentForm } from './shipment-form';
import { ShipmentStatistics } from './shipment-statistics';
import { kindText, STATUS_COLORS, statusText } from './shipment-texts';

const texts = es.notifications;

function BackLink() {
  return (
    <Anchor component={Link} to="/grupos/notificaciones" size="sm">
      <ArrowLeftIcon size={14} style={{ verticalAlign: 'middle' }} /> {texts.admin.back}
    </Anchor>
  );
}

/** /grupos/notificaciones/nueva: a new shipment's form. */
export function NewShipmentPage() {
  return (
    <Stack gap="md" maw={1200}>
      <BackLink />
      <PageHeader title={texts.form.newTitle} />
      <ShipmentForm />
    </Stack>
  );
}

/**
 * /grupos/notificaciones/{id}: a shipment not sent yet opens its form (a scheduled one says
 * when); one sent or on its way shows its card as users see it and its statistics, live.
 */
export function ShipmentPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.notification.shipment.queryOptions({ id }));
  const shipment = query.data;
  return (
    <Stack gap="md" maw={1200}>
      <BackLink />
      {query.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={32} width="40%" />
          <Skeleton height={200} />
        </Stack>
      ) : query.isError ? (
        <QueryError query={query} maw={640} />
      ) : shipment!.status === 'draft' || shipment!.status === 'scheduled' ? (
        <>
          <PageHeader
            title={texts.form.editTitle}
            intro={
              <Badge variant="light" color={STATUS_COLORS[shipment!.status]} component="span">
                {statusText(shipment!)}
              </Badge>
            }
          />
          <ShipmentForm key={shipment!.updatedAt.toISOString()} shipment={shipment} />
        </>
      ) : (
        <>
          <PageHeader
            title={shipment!.title}
            intro={
              <Group gap="xs" component="span">
                <Badge variant="light" color={STATUS_COLORS[shipment!.status]} component="span">
                  {statusText(shipment!)}
                </Badge>
                <Text span size="sm" c="dimmed">
                  {kindText(shipment!)}
                  {shipment!.sentAt && ` · ${formatDateTime(shipment!.sentAt)}`}
                </Text>
              </Group>
            }
          />
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <ShipmentStatistics id={id} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Title order={2} fz="md">
                    {texts.form.preview}
                  </Title>
                  <NotificationCard
                    preview
                    layout={shipment!.popup ? 'right-bottom-notification' : 'banner'}
                    notification={{
                      title: shipment!.title,
                      body: shipment!.description,
                      setting: shipmentSetting(shipment!),
                      actionLabel: notificationActionLabel(shipment!.type),
                    }}
                    onClose={() => undefined}
                  />
                </Stack>
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
