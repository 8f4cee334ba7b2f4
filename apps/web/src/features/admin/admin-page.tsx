import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { PageHeader } from '../../ui/page-header';
import { AdminTabs } from './admin-tabs';
import { AuditLog } from './audit-log';
import { PlatformDeadLetters } from './platform-dead-letters';
import { ClientDialog } from './client-dialog';
import { GroupDialog } from './group-dialog';
import { GroupFlags } from './group-flags';
import { GroupBadges } from './group-badges';
import { GroupSettings } from './group-settings';
import { GroupUsers } from './group-users';
import type { AdminGroup } from './admin-types';

const text = es.admin;

type Tab = 'settings' | 'flags' | 'users' | 'audit';

/** 01 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * '/grupos' 'Administración' (01 §2; admins only, slug groups): the company's group tree with the
 * search of 01 §5, and the chosen group's panel: its settings, its feature flags, its users and
 * the audit log of its changes. The chosen group and tab live in the address.
 */
export function AdminPage() {
  const trpc = useTRPC();
  const search = useSearch({ from: '/_app/grupos' });
  const navigate = useNavigate({ from: '/grupos' });
  const [term, setTerm] = useState('');
  const debounced = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const all = useQuery(trpc.admin.groups.queryOptions({}));
  const found = useQuery({
    ...trpc.admin.groups.queryOptions({ search: debounced }),
    enabled: debounced.length > 0,
  });
  const [creating, setCreating] = useState(false);
  const [openingClient, setOpeningClient] = useState(false);

  const groups = all.data ?? [];
  const selectedId = search.group ?? groups[0]?.id;
  const selected = groups.find((group) => group.id === selectedId);
  const tab: Tab = search.tab ?? 'settings';
  const select = (group: string, next: Tab = tab) =>
    void navigate({ search: { group, tab: next }, replace: true });

  return (
    <Stack gap="md" maw={1280}>
      <AdminTabs />
      <PageHeader
        title={text.title}
        intro={text.intro}
        actions={
          <Button variant="default" onClick={() => setOpeningClient(true)}>
            {text.client.open}
          </Button>
        }
      />
      {all.isPending ? (
        <Loader size="sm" aria-label={text.title} />
      ) : all.isError ? (
        <QueryError query={all} maw={640} />
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="sm" component="nav" aria-label={text.tree}>
              <Stack gap="xs">
                <TextInput
                  label={text.search}
                  placeholder={text.searchHint}
                  value={term}
                  onChange={(event) => setTerm(event.currentTarget.value)}
                  rightSection={found.isFetching ? <Loader size="xs" /> : null}
                />
                {debounced && found.isError ? (
                  <QueryError query={found} />
                ) : (
                  <GroupTree
                    groups={debounced ? (found.data ?? []) : groups}
                    searching={debounced.length > 0}
                    selectedId={selectedId}
                    onSelect={(id) => select(id)}
                  />
                )}
                <Button size="xs" variant="light" onClick={() => setCreating(true)}>
                  {selected ? text.newSubgroup : text.newGroup}
                </Button>
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {selected ? (
              <GroupPanel
                group={selected}
                groups={groups}
                tab={tab}
                onTab={(next) => select(selected.id, next)}
              />
            ) : (
              <Alert variant="light">{text.pickGroup}</Alert>
            )}
          </Grid.Col>
        </Grid>
      )}
      <PlatformDeadLetters />
      {openingClient && <ClientDialog onClose={() => setOpeningClient(false)} />}
      {creating && (
        <GroupDialog
          parent={selected ?? groups[0]!}
          groups={groups}
          onClose={() => setCreating(false)}
          onCreated={(group) => {
            setCreating(false);
            select(group.id, 'settings');
          }}
        />
      )}
    </Stack>
  );
}

/** The tree, drawn from the flat list by `parentId` (a search keeps the groups above a match). */
function GroupTree({
  groups,
  searching,
  selectedId,
  onSelect,
}: {
  groups: AdminGroup[];
  searching: boolean;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  if (searching && groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text.noMatches}
      </Text>
    );
  }
  const ids = new Set(groups.map((group) => group.id));
  const roots = groups.filter((group) => !group.parentId || !ids.has(group.parentId));
  const childrenOf = (id: string) => groups.filter((group) => group.parentId === id);
  const render = (group: AdminGroup) => {
    const children = childrenOf(group.id);
    return (
      <NavLink
        key={group.id}
        component="button"
        label={
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={searching && group.match ? 700 : undefined} truncate>
              {group.displayName || group.name}
            </Text>
            <GroupBadges group={group} />
          </Group>
        }
        description={`${group.countryName} · ${format(text.usersCount, { count: group.users })}`}
        active={group.id === selectedId}
        opened
        onClick={() => onSelect(group.id)}
        childrenOffset={16}
      >
        {children.length > 0 ? children.map(render) : undefined}
      </NavLink>
    );
  };
  return <div role="tree">{roots.map(render)}</div>;
}

function GroupPanel({
  group,
  groups,
  tab,
  onTab,
}: {
  group: AdminGroup;
  groups: AdminGroup[];
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="admin-group-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="admin-group-title">
            {group.displayName || group.name}
          </Title>
          {!group.parentId && (
            <Button
              size="xs"
              variant="light"
              renderRoot={(props) => (
                <Link to="/comercial/$comercial" params={{ comercial: group.id }} {...props} />
              )}
            >
              {text.company.open}
            </Button>
          )}
        </Group>
        <Tabs value={tab} onChange={(value) => value && onTab(value as Tab)} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="settings">{text.tabs.settings}</Tabs.Tab>
            <Tabs.Tab value="flags">{text.tabs.flags}</Tabs.Tab>
            <Tabs.Tab value="users">{text.tabs.users}</Tabs.Tab>
            <Tabs.Tab value="audit">{text.tabs.audit}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="settings" pt="md">
            <GroupSettings key={group.id} group={group} groups={groups} />
          </Tabs.Panel>
          <Tabs.Panel value="flags" pt="md">
            <GroupFlags group={group} groups={groups} />
          </Tabs.Panel>
          <Tabs.Panel value="users" pt="md">
            <GroupUsers group={group} groups={groups} />
          </Tabs.Panel>
          <Tabs.Panel value="audit" pt="md">
            <AuditLog group={group} groups={groups} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
