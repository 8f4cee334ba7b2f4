import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

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
      {tokens.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={es.app.loading} />
        </Group>
      ) : tokens.isError ? (
        <QueryError query={tokens} />
      ) : tokens.data.length === 0 ? (
        <Text size="sm">{texts.empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-labelledby="api-tokens-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.name}</Table.Th>
                <Table.Th>{texts.scope}</Table.Th>
                <Table.Th>{texts.createdAt}</Table.Th>
                <Table.Th>{texts.lastUsedAt}</Table.Th>
                <Table.Th>{texts.state}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.data.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{texts.scopes[token.scope]}</Table.Td>
                  <Table.Td>{formatDateTime(token.createdAt)}</Table.Td>
                  <Table.Td>
                    {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : texts.never}
                  </Table.Td>
                  <Table.Td>
                    {token.revokedAt ? (
                      <Badge color="gray" variant="light">
                        {format(texts.revoked, { date: formatDateTime(token.revokedAt) })}
                      </Badge>
                    ) : (
                      <Badge color="green" variant="light">
                        {texts.active}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!token.revokedAt && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRevoking(token)}
                        aria-label={`${texts.revoke} ${token.name}`}
                      >
                        {texts.revoke}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read');
  const create = useMutation(
    trpc.apiToken.create.mutationOptions({
      onSuccess: (created) => {
        void queryClient.invalidateQueries(trpc.apiToken.list.queryFilter());
        setName('');
        setScope('read');
        onCreated(created.token);
      },
    }),
  );
  const nameError = create.error ? fieldErrorsOf(create.error)?.name?.[0] : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={texts.create} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, scope });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={texts.name}
            placeholder={texts.namePlaceholder}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={80}
            required
            data-autofocus
            error={nameError}
          />
          <Select
            label={texts.scope}
            data={SCOPES.map((value) => ({ value, label: texts.scopes[value] }))}
            value={scope}
            onChange={(value) => value && setScope(value as Scope)}
            allowDeselect={false}
          />
          {create.error && !nameError && (
            <Alert color="red" variant="light" role="alert">
              {userMessageOf(create.error)}
            </Alert>
          )}
          <FormActions
            cancelLabel={texts.cancel}
            onCancel={onClose}
            submitLabel={texts.create}
            loading={create.isPending}
            cancelDisabled={create.isPending}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
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
