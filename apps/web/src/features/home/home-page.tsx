import { Alert, Badge, Box, Flex, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { ROLE_LABELS } from '@cartera/domain/roles';
import { can } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { FolderIcon, UserIcon, UsersIcon } from '../../ui/icons';
import { PropertyTable } from '../../ui/property-table';
import { UserAvatar } from '../../ui/user-avatar';
import { fullNameOf, type Me } from '../auth/session';
import { SellersPanel, type SellersSelection } from '../sellers/sellers-panel';
import { findGroup, findSeller, type SellersPanelData } from '../sellers/sellers-tree';
import { QueryError } from '../../ui/query-error';

/** The dashboard and its charts load apart from the app frame (recharts is large). */
const LazyDashboard = lazy(() =>
  import('../performance/performance-dashboard').then((module) => ({
    default: module.PerformanceDashboard,
  })),
);

function PerformanceDashboard(props: Parameters<typeof LazyDashboard>[0]) {
  return (
    <Suspense fallback={<Skeleton height={320} radius="md" aria-busy="true" />}>
      <LazyDashboard {...props} />
    </Suspense>
  );
}

/**
 * '/' 'Rendimiento': supervisors and commercial users get the sellers panel, what they chose in
 * it and its performance dashboard; everybody else a welcome card and their own dashboard (a
 * seller's own figures, the company's for the tenant-wide roles).
 */
export function HomePage({ me, selection }: { me: Me; selection: SellersSelection }) {
  if (can(me.user, 'superviseSellers')) return <SellersHome selection={selection} />;
  return (
    <Stack gap="lg">
      <WelcomeCard me={me} />
      <PerformanceDashboard selection={{}} linkSellers={false} />
    </Stack>
  );
}

function SellersHome({ selection }: { selection: SellersSelection }) {
  const trpc = useTRPC();
  const panel = useQuery(trpc.seller.panel.queryOptions());

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {es.menu.entries.performance}
      </Title>
      {panel.isPending ? (
        <Flex gap="md" direction={{ base: 'column', sm: 'row' }} aria-busy="true">
          <Skeleton height={320} w={{ base: '100%', sm: 280, lg: 300 }} radius="md" />
          <Skeleton height={120} radius="md" style={{ flex: 1 }} />
        </Flex>
      ) : panel.isError ? (
        <QueryError
          error={panel.error}
          onRetry={() => void panel.refetch()}
          retrying={panel.isFetching}
          maw={560}
        />
      ) : (
        <Flex gap="md" direction={{ base: 'column', sm: 'row' }} align="flex-start">
          <Box w={{ base: '100%', sm: 280, lg: 300 }} style={{ flexShrink: 0 }}>
            <SellersPanel data={panel.data} selection={selection} />
          </Box>
          <Stack gap="md" style={{ flex: 1, minWidth: 0 }} w="100%">
            <SelectionSummary data={panel.data} selection={selection} />
            {selectionExists(panel.data, selection) && (
              <PerformanceDashboard selection={selection} linkSellers />
            )}
          </Stack>
        </Flex>
      )}
    </Stack>
  );
}

/** A chosen seller or group that is not in the panel shows 'not found' and no dashboard. */
function selectionExists(data: SellersPanelData, selection: SellersSelection) {
  if (selection.viewUser) return findSeller(data.root, selection.viewUser) !== undefined;
  if (selection.viewGroup) return findGroup(data.root, selection.viewGroup) !== undefined;
  return true;
}

function countText(n: number) {
  return n === 1 ? es.sellers.countOne : format(es.sellers.countMany, { n });
}

/** The chosen seller's or group's name and how many sellers it covers. */
function SelectionSummary({
  data,
  selection,
}: {
  data: SellersPanelData;
  selection: SellersSelection;
}) {
  if (selection.viewUser) {
    const found = findSeller(data.root, selection.viewUser);
    if (!found) return <NotFound />;
    const name = `${found.seller.name} ${found.seller.lastname}`.trim();
    return (
      <Summary
        kind={es.sellers.seller}
        icon={<UserIcon size={22} />}
        title={name}
        details={[found.seller.email, `${es.sellers.groupLabel}: ${found.group.name}`]}
        count={countText(1)}
      />
    );
  }
  if (selection.viewGroup) {
    const group = findGroup(data.root, selection.viewGroup);
    if (!group) return <NotFound />;
    return (
      <Summary
        kind={es.sellers.groupLabel}
        icon={<FolderIcon size={22} />}
        title={group.name}
        count={countText(group.count)}
      />
    );
  }
  return (
    <Summary
      kind={es.sellers.title}
      icon={<UsersIcon size={22} />}
      title={es.sellers.allTitle}
      count={countText(data.total)}
    />
  );
}

function Summary({
  kind,
  icon,
  title,
  details = [],
  count,
}: {
  kind: string;
  icon: React.ReactNode;
  title: string;
  details?: string[];
  count: string;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="selection-summary">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Box
          c="cyan.7"
          bg="cyan.0"
          p={10}
          style={{ borderRadius: 12, display: 'flex', flexShrink: 0 }}
        >
          {icon}
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
            {kind}
          </Text>
          <Title order={2} fz="h3" lh={1.2}>
            {title}
          </Title>
          {details.map((detail) => (
            <Text key={detail} size="sm" c="dimmed">
              {detail}
            </Text>
          ))}
          <Badge variant="light" size="lg" radius="sm" mt={6} tt="none">
            {count}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}

function NotFound() {
  return (
    <Alert color="yellow" variant="light">
      {es.sellers.notFound}
    </Alert>
  );
}

/** Roles without the sellers panel: who they are, in which company and group. */
function WelcomeCard({ me }: { me: Me }) {
  const rows: Array<[string, string]> = [
    [es.home.company, me.tenant.name],
    [es.home.group, me.group.name],
    [es.home.role, me.user.roles.map((role) => ROLE_LABELS[role]).join(', ')],
  ];
  return (
    <Paper withBorder radius="lg" p="xl" maw={560}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={me.user} name={fullNameOf(me.user)} size={56} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz="h2" lh={1.2}>
              {format(es.home.welcome, { name: me.user.name })}
            </Title>
            <Text c="dimmed">{es.home.intro}</Text>
          </Stack>
        </Group>
        <PropertyTable labelWidth={120} rows={rows.map(([label, value]) => ({ label, value }))} />
      </Stack>
    </Paper>
  );
}
