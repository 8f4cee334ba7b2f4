import type { ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Image,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { formatDateTime } from '../lib/dates';
import { userMessageOf } from '../lib/errors';
import { useTRPC } from '../lib/trpc';
import { CenteredPage } from '../shell/centered-page';
import type { RouterOutputs } from '@cartera/server/router';

type SystemInfo = RouterOutputs['system']['info'];

/**
 * Temporary start page: proves the web, the API and the database are wired together. It gives
 * way to the login and dashboard screens.
 */
export const Route = createFileRoute('/')({
  component: StartPage,
});

function StartPage() {
  const trpc = useTRPC();
  const info = useQuery(trpc.system.info.queryOptions());

  return (
    <CenteredPage>
      <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
        {info.isPending ? (
          <LoadingState />
        ) : info.isError ? (
          <Stack gap="lg">
            <Brand name={es.app.name} />
            <Alert color="red" variant="light">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{userMessageOf(info.error)}</Text>
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  loading={info.isFetching}
                  onClick={() => void info.refetch()}
                >
                  {es.app.retry}
                </Button>
              </Stack>
            </Alert>
          </Stack>
        ) : (
          <ServerStatus info={info.data} />
        )}
      </Paper>
    </CenteredPage>
  );
}

function Brand({ name, status }: { name: string; status?: ReactNode }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Image src="/brand/cartera.svg" alt="" w={48} h={48} />
      <Title order={1} fz={28} lh={1.2} style={{ flex: 1 }}>
        {name}
      </Title>
      {status}
    </Group>
  );
}

function LoadingState() {
  return (
    <Stack gap="lg" aria-busy="true">
      <Group gap="md" wrap="nowrap">
        <Skeleton circle height={48} width={48} />
        <Skeleton height={24} width="45%" />
      </Group>
      <Group gap="xs" c="dimmed">
        <Loader size="xs" />
        <Text size="sm">{es.app.loading}</Text>
      </Group>
      <Stack gap="xs">
        <Skeleton height={14} />
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    </Stack>
  );
}

function ServerStatus({ info }: { info: SystemInfo }) {
  const database = info.database === 'pglite' ? es.app.databasePglite : es.app.databasePostgres;
  return (
    <Stack gap="lg">
      <Brand
        name={info.name}
        status={
          <Badge color="teal" variant="light" size="lg" radius="sm">
            {es.app.connected}
          </Badge>
        }
      />
      <Stack gap={6}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.5}>
          {es.app.serverStatus}
        </Text>
        <Table variant="vertical" layout="fixed" withTableBorder verticalSpacing="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={170}>{es.app.version}</Table.Th>
              <Table.Td>{info.version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{es.app.database}</Table.Th>
              <Table.Td>{database}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{es.app.serverTime}</Table.Th>
              <Table.Td>{formatDateTime(info.serverTime)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Stack>
  );
}
