import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import { Panel } from '../../ui/panel';
import { useEntityForm } from '../../ui/use-entity-form';

type Token = RouterOutputs['apiToken']['list'][number];
type Scope = Token['scope'];

const texts = es.settings;
const SCOPES: Scope[] = ['read', 'write', 'admin'];

/**
 * 'Tokens de API' (issue #19 §2): the user's personal tokens for integrations, made with a name
 * and a scope, shown once, revoked at will.
 */
export function ApiTokensPanel() {
  const trpc = useTRPC();
  const tokens = useQuery(trpc.apiToken.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);

  return (
    <Panel
      titleId="api-tokens-title"
      title={texts.apiTokens}
      action={{ label: texts.create, onClick: () => setCreating(true) }}
    >
      <Text size="sm" c="dimmed">
        {texts.apiTokensIntro}
      </Text>
      <DataTable
        query={tokens}
        items={tokens.data ?? []}
        rowKey={(token) => token.id}
        labelledBy="api-tokens-title"
        empty={texts.empty}
        columns={[
          { key: 'name', header: texts.name, cell: (token) => token.name },
          { key: 'scope', header: texts.scope, cell: (token) => texts.scopes[token.scope] },
          {
            key: 'createdAt',
            header: texts.createdAt,
            cell: (token) => formatDateTime(token.createdAt),
          },
          {
            key: 'lastUsedAt',
            header: texts.lastUsedAt,
            cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : texts.never),
          },
          {
            key: 'state',
            header: texts.state,
            cell: (token) =>
              token.revokedAt ? (
                <Badge color="gray" variant="light">
                  {format(texts.revoked, { date: formatDateTime(token.revokedAt) })}
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  {texts.active}
                </Badge>
              ),
          },
        ]}
        actions={{
          width: 110,
          cell: (token) =>
            !token.revokedAt && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setRevoking(token)}
                aria-label={`${texts.revoke} ${token.name}`}
              >
                {texts.revoke}
              </Button>
            ),
        }}
      />
      <CreateTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </Panel>
  );
}

function CreateTokenDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (token: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm<{ name: string; scope: Scope }>({
    initial: { name: '', scope: 'read' },
  });
  const create = useMutation(
    trpc.apiToken.create.mutationOptions({
      onSuccess: (created) => {
        void queryClient.invalidateQueries(trpc.apiToken.list.queryFilter());
        form.reset();
        onCreated(created.token);
      },
      onError: form.onError,
    }),
  );
  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={texts.create}
      onSubmit={() => form.submit((values) => create.mutate(values))}
      form={form}
      saving={create.isPending}
      submitLabel={texts.create}
      cancelLabel={texts.cancel}
      gap="sm"
    >
      <TextInput
        label={texts.name}
        placeholder={texts.namePlaceholder}
        value={form.values.name}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        maxLength={80}
        withAsterisk
        data-autofocus
        error={form.errorOf('name')}
      />
      <Select
        label={texts.scope}
        data={SCOPES.map((value) => ({ value, label: texts.scopes[value] }))}
        value={form.values.scope}
        onChange={(value) => value && form.set('scope', value as Scope)}
        allowDeselect={false}
      />
    </EntityDialog>
  );
}

function CreatedTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  return (
    <Modal opened={token !== null} onClose={onClose} title={texts.createdTitle} centered>
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {texts.createdWarning}
        </Alert>
        <Code block data-testid="created-token">
          {token}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={token ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? texts.copied : texts.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{texts.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: Token | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiToken.revoke.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.apiToken.list.queryFilter());
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      opened={token !== null}
      title={format(texts.revokeTitle, { name: token?.name ?? '' })}
      confirmLabel={texts.revoke}
      loading={revoke.isPending}
      error={revoke.error ? userMessageOf(revoke.error) : null}
      onConfirm={() => token && revoke.mutate({ id: token.id })}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
    />
  );
}
