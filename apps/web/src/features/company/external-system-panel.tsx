import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  ZExternalSystemInput,
  type ExternalSystemInput,
  type ExternalSystemView,
  type ExternalTestResult,
} from '@cartera/domain/security';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EntityDialog } from '../../ui/entity-dialog';
import { Panel } from '../../ui/panel';
import { PropertyTable } from '../../ui/property-table';
import { QueryError } from '../../ui/query-error';
import { useEntityForm } from '../../ui/use-entity-form';

const text = es.security;
const t = text.external;

const URL_FIELDS = ['validateUrl', 'createUrl', 'updateUrl'] as const;
const URL_HINTS = {
  validateUrl: t.validateUrlHint,
  createUrl: t.createUrlHint,
  updateUrl: t.updateUrlHint,
} as const;
type Field = 'name' | (typeof URL_FIELDS)[number] | 'statsUrl' | 'token';
/** The statistics address (issue #43 item 3), optional. */
const stats = es.conversationPanels;

/**
 * 'Sistema externo de contactos' (02 §4, §7; issue #17): the company's system that validates,
 * creates and updates contacts. Its token is never shown: the screen knows only that one is
 * set ('Cambiar' replaces it). 'Probar conexión' asks the system through the server (and its
 * outbound guard) and says what happened.
 */
export function ExternalSystemPanel() {
  const trpc = useTRPC();
  const query = useQuery(trpc.security.externalIntegrations.queryOptions());
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const system = query.data?.externalSystem ?? null;
  return (
    <Panel
      titleId="company-external-system"
      title={t.title}
      action={
        query.isSuccess && !system
          ? { label: t.connect, onClick: () => setEditing(true) }
          : undefined
      }
    >
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={t.title} />
      ) : query.isError ? (
        <QueryError query={query} />
      ) : system ? (
        <SavedSystem
          // A changed system drops the result of testing the previous one.
          key={JSON.stringify(system)}
          system={system}
          onEdit={() => setEditing(true)}
          onRemove={() => setRemoving(true)}
        />
      ) : (
        <Text size="sm">{t.none}</Text>
      )}
      {editing && <SystemDialog saved={system} onClose={() => setEditing(false)} />}
      {removing && system && <RemoveDialog name={system.name} onClose={() => setRemoving(false)} />}
    </Panel>
  );
}

function SavedSystem({
  system,
  onEdit,
  onRemove,
}: {
  system: ExternalSystemView;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const trpc = useTRPC();
  const test = useMutation(trpc.security.testExternalIntegration.mutationOptions());
  return (
    <Stack gap="sm">
      <PropertyTable
        labelWidth={220}
        maw={760}
        rows={[
          { label: t.name, value: system.name },
          ...URL_FIELDS.map((field) => ({ label: t[field], value: system[field], breakAll: true })),
          ...(system.statsUrl
            ? [{ label: stats.statsUrl, value: system.statsUrl, breakAll: true }]
            : []),
          {
            label: t.token,
            value: (
              <Badge variant="light" color={system.tokenSet ? 'teal' : 'red'}>
                {system.tokenSet ? t.tokenSet : t.tokenRequired}
              </Badge>
            ),
          },
        ]}
      />
      <Group gap="sm">
        <Button variant="light" onClick={onEdit}>
          {t.edit}
        </Button>
        <Button variant="default" loading={test.isPending} onClick={() => test.mutate({})}>
          {t.test}
        </Button>
        <Button variant="subtle" color="red" onClick={onRemove}>
          {t.remove}
        </Button>
      </Group>
      <TestOutcome result={test.data} error={test.error} pending={test.isPending} />
    </Stack>
  );
}

/** What 'Probar conexión' found, announced to assistive technology as it arrives. */
function TestOutcome({
  result,
  error,
  pending,
}: {
  result: ExternalTestResult | undefined;
  error: unknown;
  pending: boolean;
}) {
  if (pending) {
    return (
      <Text size="sm" role="status">
        {t.testing}
      </Text>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {userMessageOf(error)}
      </Alert>
    );
  }
  if (!result) return null;
  return (
    <Alert
      color={result.outcome === 'ok' ? 'teal' : 'red'}
      variant="light"
      role="status"
      data-outcome={result.outcome}
    >
      {result.message}
    </Alert>
  );
}

type Draft = Record<Exclude<Field, 'token'>, string> & { token: string };

function SystemDialog({
  saved,
  onClose,
}: {
  saved: ExternalSystemView | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // With a token saved, it is kept unless the user asks to change it.
  const [changingToken, setChangingToken] = useState(!saved?.tokenSet);
  const form = useEntityForm<Draft, ExternalSystemInput>({
    initial: {
      name: saved?.name ?? '',
      validateUrl: saved?.validateUrl ?? '',
      createUrl: saved?.createUrl ?? '',
      updateUrl: saved?.updateUrl ?? '',
      statsUrl: saved?.statsUrl ?? '',
      token: '',
    },
    schema: ZExternalSystemInput,
    input: (values): ExternalSystemInput => ({
      name: values.name,
      validateUrl: values.validateUrl,
      createUrl: values.createUrl,
      updateUrl: values.updateUrl,
      statsUrl: values.statsUrl,
      ...(changingToken ? { token: values.token } : {}),
    }),
    within: 'externalSystem',
    place: ([field]) =>
      field &&
      ['name', 'validateUrl', 'createUrl', 'updateUrl', 'statsUrl', 'token'].includes(field)
        ? field
        : null,
  });
  const draft = form.values;
  const errorOf = form.errorOf;

  const save = useMutation(
    trpc.security.updateExternalIntegrations.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.security.externalIntegrations.queryKey(), answer);
        void queryClient.invalidateQueries(trpc.contact.form.queryFilter());
        notifications.show({ color: 'teal', message: text.saved });
        onClose();
      },
      onError: form.onError,
    }),
  );
  const test = useMutation(trpc.security.testExternalIntegration.mutationOptions());

  function set(field: Field, value: string) {
    form.set(field, value);
    if (test.data || test.error) test.reset();
  }

  return (
    <EntityDialog
      title={t.dialogTitle}
      onClose={onClose}
      size={600}
      onSubmit={() => form.submit((data) => save.mutate({ externalSystem: data }))}
      form={form}
      saving={save.isPending}
      submitLabel={text.save}
      cancelLabel={text.cancel}
    >
      <TextInput
        label={t.name}
        description={t.nameHint}
        withAsterisk
        maxLength={80}
        value={draft.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errorOf('name')}
        data-autofocus
      />
      {URL_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t[field]}
          description={URL_HINTS[field]}
          withAsterisk
          type="url"
          placeholder="https://"
          value={draft[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
          error={errorOf(field)}
        />
      ))}
      <TextInput
        label={stats.statsUrl}
        description={stats.statsUrlHint}
        type="url"
        placeholder="https://"
        value={draft.statsUrl}
        onChange={(event) => set('statsUrl', event.currentTarget.value)}
        error={errorOf('statsUrl')}
      />
      {changingToken ? (
        <PasswordInput
          label={t.token}
          description={t.tokenHint}
          withAsterisk
          autoComplete="off"
          value={draft.token}
          onChange={(event) => set('token', event.currentTarget.value)}
          error={errorOf('token')}
        />
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t.token}
          </Text>
          <Group gap="sm">
            <Badge variant="light" color="teal">
              {t.tokenSet}
            </Badge>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setChangingToken(true)}
            >
              {t.tokenChange}
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            {t.tokenKeep}
          </Text>
        </Stack>
      )}
      {changingToken && saved?.tokenSet && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setChangingToken(false);
            set('token', '');
          }}
        >
          {t.tokenKeepAction}
        </Anchor>
      )}
      <Group>
        <Button
          variant="default"
          loading={test.isPending}
          onClick={() => {
            form.submit((data) => test.mutate({ externalSystem: data }, { onError: form.onError }));
          }}
        >
          {t.test}
        </Button>
      </Group>
      <TestOutcome result={test.data} error={null} pending={test.isPending} />
    </EntityDialog>
  );
}

function RemoveDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.security.updateExternalIntegrations.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.security.externalIntegrations.queryKey(), answer);
        void queryClient.invalidateQueries(trpc.contact.form.queryFilter());
        notifications.show({ color: 'teal', message: t.removed });
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      opened
      title={t.removeTitle}
      confirmLabel={t.remove}
      action={remove}
      onConfirm={() => remove.mutate({ externalSystem: null })}
      onClose={onClose}
    >
      <Text size="sm">{format(t.removeConfirm, { name })}</Text>
    </ConfirmDialog>
  );
}
