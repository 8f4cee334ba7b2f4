import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EntityDialog } from '../../ui/entity-dialog';
import { TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { PropertyTable } from '../../ui/property-table';
import { QueryError } from '../../ui/query-error';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.phone;

/**
 * 'Teléfono' of 'Mi Empresa' › 'Seguridad e integraciones' (issue #39): the company's Aircall
 * account. Its API id and token are never shown again: the screen knows only that they are set.
 */
export function PhoneProviderPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.phone.connection.queryOptions());
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const disconnect = useMutation(
    trpc.phone.disconnect.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.phone.connection.queryKey(), answer);
        void queryClient.invalidateQueries(trpc.phone.providers.queryFilter());
        notifications.show({ color: 'teal', message: t.company.disconnectedToast });
        setRemoving(false);
      },
    }),
  );
  const view = query.data;
  return (
    <Panel
      titleId="company-phone"
      title={t.company.title}
      action={
        view && !view.connected
          ? { label: t.company.connect, onClick: () => setEditing(true) }
          : undefined
      }
    >
      <Text size="sm" c="dimmed">
        {t.company.intro}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={t.company.title} />
      ) : query.isError ? (
        <QueryError query={query} />
      ) : view?.connected ? (
        <Stack gap="sm">
          <PropertyTable
            labelWidth={180}
            maw={760}
            rows={[
              { label: t.providerName, value: view.name ?? t.providerName },
              { label: t.company.webhookUrl, value: view.webhookUrl ?? '', breakAll: true },
              {
                label: t.company.apiToken,
                value: (
                  <Badge variant="light" color="teal">
                    {t.company.secretsHidden}
                  </Badge>
                ),
              },
            ]}
          />
          {!view.sandbox && (
            <Group gap="sm">
              <Button variant="light" onClick={() => setEditing(true)}>
                {t.company.reconnect}
              </Button>
              <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
                {t.company.disconnect}
              </Button>
            </Group>
          )}
        </Stack>
      ) : (
        <Text size="sm">{t.company.notConnected}</Text>
      )}
      {editing && <ConnectDialog onClose={() => setEditing(false)} />}
      {removing && (
        <ConfirmDialog
          opened
          title={t.company.disconnect}
          confirmLabel={t.company.disconnect}
          action={disconnect}
          onConfirm={() => disconnect.mutate()}
          onClose={() => setRemoving(false)}
        >
          {t.company.disconnectQuestion}
        </ConfirmDialog>
      )}
    </Panel>
  );
}

const ZConnect = z.object({
  apiId: z.string().trim().min(1, es.validation.required),
  apiToken: z.string().trim().min(1, es.validation.required),
});

function ConnectDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm({ initial: { apiId: '', apiToken: '' }, schema: ZConnect });
  const connect = useMutation(
    trpc.phone.connect.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.phone.connection.queryKey(), answer);
        void queryClient.invalidateQueries(trpc.phone.providers.queryFilter());
        notifications.show({ color: 'teal', message: t.company.connectedToast });
        onClose();
      },
      onError: form.onError,
    }),
  );
  return (
    <EntityDialog
      title={t.company.connect}
      onClose={onClose}
      onSubmit={() => form.submit((data) => connect.mutate(data))}
      form={form}
      saving={connect.isPending}
      submitLabel={t.company.connect}
    >
      <TextInput
        label={t.company.apiId}
        withAsterisk
        autoComplete="off"
        value={form.values.apiId}
        onChange={(event) => form.set('apiId', event.currentTarget.value)}
        error={form.errorOf('apiId')}
        data-autofocus
      />
      <PasswordInput
        label={t.company.apiToken}
        description={t.company.secretsHidden}
        withAsterisk
        autoComplete="off"
        value={form.values.apiToken}
        onChange={(event) => form.set('apiToken', event.currentTarget.value)}
        error={form.errorOf('apiToken')}
      />
    </EntityDialog>
  );
}

/** 'Números restringidos' (issue #39): no chat nor call with them; audited. */
export function BlockedNumbersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.phone.blockedNumbers.queryOptions());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const remove = useMutation(
    trpc.phone.unblockNumber.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.phone.blockedNumbers.queryFilter());
        void queryClient.invalidateQueries(trpc.phone.numberStates.queryFilter());
        notifications.show({ color: 'teal', message: t.blocked.removed });
        setRemoving(null);
      },
    }),
  );
  return (
    <Panel
      titleId="company-blocked-numbers"
      title={t.blocked.title}
      action={{ label: t.blocked.add, onClick: () => setAdding(true) }}
    >
      <Text size="sm" c="dimmed">
        {t.blocked.intro}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={t.blocked.title} />
      ) : query.isError ? (
        <QueryError query={query} />
      ) : query.data.length === 0 ? (
        <Text size="sm">{t.blocked.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-labelledby="company-blocked-numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.blocked.phone}</Table.Th>
                <Table.Th>{t.blocked.reason}</Table.Th>
                <Table.Th>{t.blocked.createdAt}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.map((row) => (
                <Table.Tr key={row.phone}>
                  <Table.Td>{row.phone}</Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={format(t.blocked.removeLabel, { phone: row.phone })}
                      onClick={() => setRemoving(row.phone)}
                    >
                      <TrashIcon size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding && <BlockDialog onClose={() => setAdding(false)} />}
      {removing && (
        <ConfirmDialog
          opened
          title={t.blocked.remove}
          confirmLabel={t.blocked.remove}
          reversible
          action={remove}
          onConfirm={() => remove.mutate({ phone: removing })}
          onClose={() => setRemoving(null)}
        >
          {format(t.blocked.removeLabel, { phone: removing })}
        </ConfirmDialog>
      )}
    </Panel>
  );
}

const ZBlock = z.object({
  phone: z.string().trim().min(4, t.numberInvalid),
  reason: z.string().trim().min(1, es.validation.required).max(300),
});

function BlockDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm({ initial: { phone: '', reason: '' }, schema: ZBlock });
  const block = useMutation(
    trpc.phone.blockNumber.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.phone.blockedNumbers.queryFilter());
        void queryClient.invalidateQueries(trpc.phone.numberStates.queryFilter());
        notifications.show({ color: 'teal', message: t.blocked.added });
        onClose();
      },
      onError: form.onError,
    }),
  );
  return (
    <EntityDialog
      title={t.blocked.add}
      onClose={onClose}
      onSubmit={() => form.submit((data) => block.mutate(data))}
      form={form}
      saving={block.isPending}
      submitLabel={t.blocked.add}
    >
      <TextInput
        label={t.blocked.phone}
        withAsterisk
        type="tel"
        value={form.values.phone}
        onChange={(event) => form.set('phone', event.currentTarget.value)}
        error={form.errorOf('phone')}
        data-autofocus
      />
      <TextInput
        label={t.blocked.reason}
        withAsterisk
        maxLength={300}
        value={form.values.reason}
        onChange={(event) => form.set('reason', event.currentTarget.value)}
        error={form.errorOf('reason')}
      />
    </EntityDialog>
  );
}
