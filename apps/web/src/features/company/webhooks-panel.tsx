import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  WEBHOOK_EVENT_TYPES,
  ZWebhookCreateInput,
  type WebhookDeliveryView,
  type WebhookSubscriptionView,
} from '@cartera/domain/webhooks';
import { userMessageOf } from '../../lib/errors';
import { formatDateTimeSeconds } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import { Panel } from '../../ui/panel';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.webhooks;

function typeLabel(type: string) {
  return (t.types as Record<string, string>)[type] ?? type;
}

/**
 * 'Webhooks' of 'Seguridad e integraciones' (issue #36 item 4): the company's subscriptions, a
 * new one (its signing secret shown once), pausing, resuming, removing, and a subscription's last
 * deliveries with the receiver's status codes, a test event and resending.
 */
export function WebhooksPanel() {
  const trpc = useTRPC();
  const query = useQuery(trpc.webhook.list.queryOptions());
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookSubscriptionView | null>(null);
  const subscriptions = query.data ?? [];
  const shown = subscriptions.find((each) => each.id === shownId) ?? null;
  return (
    <Panel
      titleId="company-webhooks"
      title={t.title}
      action={{ label: t.add, onClick: () => setCreating(true) }}
    >
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <DataTable
        query={query}
        items={subscriptions}
        rowKey={(item) => item.id}
        label={t.title}
        testId="webhook-subscriptions"
        empty={t.none}
        columns={[
          {
            key: 'url',
            header: t.url,
            cell: (item) => (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {item.url}
              </Text>
            ),
          },
          {
            key: 'types',
            header: t.eventTypes,
            cell: (item) => item.eventTypes.map(typeLabel).join(', '),
          },
          {
            key: 'state',
            header: t.state,
            cell: (item) => (
              <Badge variant="light" color={item.state === 'active' ? 'teal' : 'gray'}>
                {item.state === 'active' ? t.active : t.paused}
              </Badge>
            ),
          },
        ]}
        actions={{
          label: t.actions,
          cell: (item) => (
            <SubscriptionActions
              subscription={item}
              onShow={() => setShownId(item.id)}
              onRemove={() => setRemoving(item)}
            />
          ),
        }}
      />
      {shown && <Deliveries subscription={shown} />}
      <CreateDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          setShownId(created.id);
          setSecret(created.secret);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      {removing && (
        <RemoveDialog
          subscription={removing}
          onClose={() => {
            if (removing.id === shownId) setShownId(null);
            setRemoving(null);
          }}
        />
      )}
    </Panel>
  );
}

function SubscriptionActions({
  subscription,
  onShow,
  onRemove,
}: {
  subscription: WebhookSubscriptionView;
  onShow: () => void;
  onRemove: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.webhook.update.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.webhook.list.queryFilter()),
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  const active = subscription.state === 'active';
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={onShow}>
        {t.showDeliveries}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        loading={update.isPending}
        onClick={() => update.mutate({ id: subscription.id, state: active ? 'paused' : 'active' })}
      >
        {active ? t.pause : t.resume}
      </Button>
      <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove}>
        {t.remove}
      </Button>
    </Group>
  );
}

function Deliveries({ subscription }: { subscription: WebhookSubscriptionView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.webhook.deliveries.queryOptions({ id: subscription.id }),
    // Pending deliveries are being sent: read them again until they settle.
    refetchInterval: (current) =>
      current.state.data?.some((each) => each.state === 'pending') ? 1_000 : false,
  });
  const refresh = () =>
    void queryClient.invalidateQueries(
      trpc.webhook.deliveries.queryFilter({ id: subscription.id }),
    );
  const sendTest = useMutation(
    trpc.webhook.sendTest.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t.testSent });
        refresh();
      },
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  const resend = useMutation(
    trpc.webhook.resend.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t.resent });
        refresh();
      },
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  const title = format(t.deliveriesOf, { url: subscription.url });
  return (
    <Stack gap="sm" mt="md">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Button
          variant="default"
          loading={sendTest.isPending}
          onClick={() => sendTest.mutate({ id: subscription.id })}
        >
          {t.sendTest}
        </Button>
      </Group>
      <DataTable<WebhookDeliveryView>
        query={query}
        items={query.data ?? []}
        rowKey={(item) => item.id}
        label={title}
        testId="webhook-deliveries"
        empty={t.noDeliveries}
        columns={[
          { key: 'when', header: t.when, cell: (item) => formatDateTimeSeconds(item.createdAt) },
          { key: 'event', header: t.event, cell: (item) => typeLabel(item.type) },
          {
            key: 'state',
            header: t.state,
            cell: (item) => (
              <Badge
                variant="light"
                color={
                  item.state === 'delivered' ? 'teal' : item.state === 'failed' ? 'red' : 'yellow'
                }
              >
                {t.deliveryState[item.state]}
              </Badge>
            ),
          },
          {
            key: 'status',
            header: t.statusCode,
            cell: (item) => item.lastStatusCode ?? item.lastError ?? '—',
          },
          { key: 'attempts', header: t.attempts, cell: (item) => item.attempts },
        ]}
        actions={{
          label: t.actions,
          cell: (item) => (
            <Button
              size="compact-sm"
              variant="light"
              loading={resend.isPending && resend.variables?.deliveryId === item.id}
              onClick={() =>
                resend.mutate({ subscriptionId: subscription.id, deliveryId: item.id })
              }
            >
              {t.resend}
            </Button>
          ),
        }}
      />
    </Stack>
  );
}

interface Draft {
  url: string;
  eventTypes: string[];
}

function CreateDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: { id: string; secret: string }) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm<Draft>({
    initial: { url: '', eventTypes: [] },
    schema: ZWebhookCreateInput,
  });
  const create = useMutation(
    trpc.webhook.create.mutationOptions({
      onSuccess: (created) => {
        void queryClient.invalidateQueries(trpc.webhook.list.queryFilter());
        form.reset();
        onCreated(created);
      },
      onError: form.onError,
    }),
  );
  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={t.add}
      onSubmit={() =>
        form.submit((values) =>
          create.mutate({
            url: values.url,
            eventTypes: values.eventTypes as Array<(typeof WEBHOOK_EVENT_TYPES)[number]>,
          }),
        )
      }
      form={form}
      saving={create.isPending}
      submitLabel={t.create}
      cancelLabel={t.cancel}
      size={600}
    >
      <TextInput
        label={t.url}
        withAsterisk
        type="url"
        placeholder="https://"
        value={form.values.url}
        onChange={(event) => form.set('url', event.currentTarget.value)}
        error={form.errorOf('url')}
        data-autofocus
      />
      <Checkbox.Group
        label={t.eventTypes}
        withAsterisk
        value={form.values.eventTypes}
        onChange={(value) => form.set('eventTypes', value)}
        error={form.errorOf('eventTypes')}
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox key={type} value={type} label={typeLabel(type)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </EntityDialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t.secretTitle} centered>
      <Stack gap="sm">
        <Alert color="yellow" variant="light">
          {t.secretOnce}
        </Alert>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end" gap="sm">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t.done}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RemoveDialog({
  subscription,
  onClose,
}: {
  subscription: WebhookSubscriptionView;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.webhook.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.webhook.list.queryFilter());
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
      onConfirm={() => remove.mutate({ id: subscription.id })}
      onClose={onClose}
    >
      <Text size="sm">{format(t.removeConfirm, { url: subscription.url })}</Text>
    </ConfirmDialog>
  );
}
