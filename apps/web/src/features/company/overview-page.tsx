import { Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { Figure } from '../admin/company-view';
import { GroupBadges } from '../admin/group-badges';
import { ConfigPage } from './config-page';

const text = es.company.overview;
const labels = es.admin.company;

type CompanyGroup = RouterOutputs['admin']['overview']['tree'][number];

/**
 * '/company/overview', 'Resumen' of 'Mi Empresa' (issue #17): the company's figures (the ones
 * of the admin's company view, plus its active sellers) and its groups as a tree, each with its
 * number of active users. Read only: groups are changed in 'Administración'.
 */
export function OverviewPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.admin.overview.queryOptions());

  return (
    <ConfigPage title={text.title} intro={text.intro} maw={960}>
      {overview.isError && !overview.data ? (
        <QueryError query={overview} maw={640} />
      ) : overview.isPending ? (
        <Skeleton height={160} radius="md" aria-label={es.app.loading} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label={text.figures}>
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {text.figures}
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                <Figure label={labels.users} value={overview.data.activeUsers} />
                <Figure label={labels.inactiveUsers} value={overview.data.inactiveUsers} />
                <Figure label={labels.sellers} value={overview.data.sellers} />
                <Figure label={labels.contacts} value={overview.data.contacts} />
                <Figure label={labels.groups} value={overview.data.groups} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md" component="section" aria-label={text.groups}>
            <Stack gap="xs">
              <Title order={2} fz="lg">
                {text.groups}
              </Title>
              <GroupsTree groups={overview.data.tree} />
            </Stack>
          </Paper>
        </>
      )}
    </ConfigPage>
  );
}

/** The groups drawn from the flat list by `parentId`, root first, as nested lists. */
function GroupsTree({ groups }: { groups: CompanyGroup[] }) {
  const ids = new Set(groups.map((group) => group.id));
  const roots = groups.filter((group) => !group.parentId || !ids.has(group.parentId));
  const childrenOf = (id: string) => groups.filter((group) => group.parentId === id);
  const render = (group: CompanyGroup) => {
    const children = childrenOf(group.id);
    return (
      <List.Item key={group.id} aria-label={group.displayName || group.name}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {group.displayName || group.name}
          </Text>
          <GroupBadges group={group} />
          <Text size="sm" c="dimmed">
            {format(es.admin.usersCount, { count: group.users })}
          </Text>
        </Group>
        {children.length > 0 && (
          <List
            listStyleType="none"
            mt={4}
            spacing={4}
            ml={6}
            pl="md"
            style={{ borderInlineStart: '1px solid var(--mantine-color-gray-3)' }}
          >
            {children.map(render)}
          </List>
        )}
      </List.Item>
    );
  };
  return (
    <List listStyleType="none" spacing={4} aria-label={text.groups}>
      {roots.map(render)}
    </List>
  );
}
