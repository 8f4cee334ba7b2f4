import { useState } from 'react';
import { Badge, Button, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import {
  DataTable,
  EditRemoveActions,
  RowAction,
  type Column,
  type TableQuery,
} from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { NpsConfigDialog, type NpsConfig } from './nps-config-dialog';
import { NpsSendDialog } from './nps-send-dialog';
import { NpsStatisticsPanel } from './nps-statistics';
import { MessagesIcon } from '../../ui/icons';

const t = es.nps;

/**
 * 'NPS' (/comercial/netpromoterscore, issue #42 item 1): the figures of the surveys and the
 * configurations that send them (project managers and comercial).
 */
export function NpsPage() {
  const trpc = useTRPC();
  const configs = useQuery(trpc.nps.list.queryOptions());
  const [tab, setTab] = useState<string | null>('statistics');
  return (
    <Stack gap="md">
      <PageHeader title={t.title} intro={t.subtitle} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="statistics">{t.tabs.statistics}</Tabs.Tab>
          <Tabs.Tab value="configs">{t.tabs.configs}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="statistics" pt="md">
          <NpsStatisticsPanel configs={configs.data ?? []} />
        </Tabs.Panel>
        <Tabs.Panel value="configs" pt="md">
          <NpsConfigs query={configs} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function NpsConfigs({ query }: { query: TableQuery & { data?: NpsConfig[] | undefined } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<NpsConfig | 'new' | null>(null);
  const [removing, setRemoving] = useState<NpsConfig | null>(null);
  const [sending, setSending] = useState<NpsConfig | null>(null);
  const remove = useMutation(
    trpc.nps.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.nps.pathFilter());
        notifications.show({ color: 'teal', message: t.configs.removed });
        setRemoving(null);
      },
    }),
  );
  const columns: Column<NpsConfig>[] = [
    { key: 'name', header: t.configs.fields.name, cell: (config) => config.name },
    {
      key: 'trigger',
      header: t.configs.fields.trigger,
      cell: (config) => t.configs.triggers[config.trigger],
    },
    {
      key: 'channel',
      header: t.configs.fields.channel,
      visibleFrom: 'sm',
      cell: (config) => (
        <Text size="sm">
          {config.channelName ?? '–'}
          <Text span size="xs" c="dimmed">
            {' · '}
            {config.templateName}
          </Text>
        </Text>
      ),
    },
    {
      key: 'days',
      header: t.configs.fields.minDaysBetween,
      visibleFrom: 'md',
      align: 'right',
      cell: (config) => config.minDaysBetween,
    },
    {
      key: 'active',
      header: t.configs.fields.active,
      cell: (config) => (
        <Badge variant="light" color={config.active ? 'teal' : 'gray'}>
          {config.active ? t.configs.active : t.configs.inactive}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <div>
        <Button onClick={() => setEditing('new')}>{t.configs.add}</Button>
      </div>
      <DataTable
        query={query}
        items={query.data ?? []}
        rowKey={(config) => config.id}
        columns={columns}
        label={t.tabs.configs}
        testId="nps-configs"
        empty={
          <Stack gap={4} align="center" py="lg">
            <Text fw={600}>{t.configs.empty}</Text>
            <Text size="sm" c="dimmed">
              {t.configs.emptyHint}
            </Text>
          </Stack>
        }
        actions={{
          cell: (config) => (
            <>
              {config.active && (
                <RowAction
                  label={`${t.send.action} ${config.name}`}
                  icon={<MessagesIcon size={16} />}
                  onClick={() => setSending(config)}
                />
              )}
              <EditRemoveActions
                editLabel={`${t.configs.edit} ${config.name}`}
                removeLabel={`${t.configs.remove} ${config.name}`}
                onEdit={() => setEditing(config)}
                onRemove={() => setRemoving(config)}
              />
            </>
          ),
          width: 120,
        }}
      />
      {editing && (
        <NpsConfigDialog
          key={editing === 'new' ? 'new' : editing.id}
          config={editing === 'new' ? undefined : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {sending && (
        <NpsSendDialog key={sending.id} config={sending} onClose={() => setSending(null)} />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t.configs.remove}
        confirmLabel={t.configs.remove}
        action={remove}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        {removing ? format(t.configs.removeConfirm, { name: removing.name }) : null}
      </ConfirmDialog>
    </Stack>
  );
}
