import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_NAME_PATTERN,
  type TemplateCategory,
} from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, RowAction } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import type { FieldErrors } from '../../ui/form-errors';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { useEntityForm } from '../../ui/use-entity-form';
import type { ManagedChannel } from './managed-channel';

const text = es.channels.templates;

type Template = RouterOutputs['channel']['templates'][number];

const STATUS_COLORS: Record<Template['shownStatus'], string> = {
  approved: 'green',
  preapproved: 'green',
  rejected: 'red',
};

/**
 * A WhatsApp Business channel's message templates (02 §3, §4): their review status ('Aprobada'
 * and 'Pre-aprobada' in green, 'Rechazada' in red), 'Sincronizar' with the provider, a new one
 * submitted for review, and deletion (at the provider too).
 */
export function ChannelTemplates({ channel }: { channel: ManagedChannel }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.channel.templates.queryOptions({ channelId: channel.id }));
  const [creating, setCreating] = useState(false);
  const removing = useRemoval<Template>();
  const refresh = () =>
    void queryClient.invalidateQueries(
      trpc.channel.templates.queryFilter({ channelId: channel.id }),
    );

  const synchronize = useMutation(
    trpc.channel.synchronizeTemplates.mutationOptions({
      onSuccess: (list) => {
        queryClient.setQueryData(trpc.channel.templates.queryKey({ channelId: channel.id }), list);
        notifications.show({ color: 'teal', message: text.synchronized });
      },
    }),
  );
  const remove = useMutation(
    trpc.channel.removeTemplate.mutationOptions({
      onSuccess: () => {
        refresh();
        notifications.show({ color: 'teal', message: text.removed });
        removing.close();
      },
    }),
  );
  const title = format(text.title, { name: channel.name });

  return (
    <Panel titleId="channel-templates" title={title}>
      <Group justify="space-between" gap="sm" align="flex-start">
        <Text size="sm" c="dimmed" maw={560}>
          {text.intro}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={synchronize.isPending}
            onClick={() => synchronize.mutate({ channelId: channel.id })}
          >
            {text.synchronize}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<PlusIcon size={14} />}
            onClick={() => setCreating(true)}
          >
            {text.create}
          </Button>
        </Group>
      </Group>
      {!channel.config.wabaId && (
        <Alert color="yellow" variant="light">
          {text.needsWaba}
        </Alert>
      )}
      {synchronize.error && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(synchronize.error)}
        </Alert>
      )}
      <DataTable
        query={templates}
        items={templates.data ?? []}
        rowKey={(template) => template.id}
        labelledBy="channel-templates"
        empty={text.empty}
        columns={[
          {
            key: 'name',
            header: text.columnName,
            cell: (template) => (
              <Text size="sm" fw={600} ff="monospace">
                {template.name}
              </Text>
            ),
          },
          {
            key: 'language',
            header: text.columnLanguage,
            cell: (template) => <Text size="sm">{languageLabel(template.language)}</Text>,
          },
          {
            key: 'category',
            header: text.columnCategory,
            cell: (template) => <Text size="sm">{categoryLabel(template.category)}</Text>,
          },
          {
            key: 'status',
            header: text.columnStatus,
            cell: (template) => (
              <Badge variant="light" color={STATUS_COLORS[template.shownStatus]}>
                {text.status[template.shownStatus]}
              </Badge>
            ),
          },
          {
            key: 'body',
            header: text.columnBody,
            cell: (template) => (
              <Text size="sm" lineClamp={2} maw={320}>
                {template.body}
              </Text>
            ),
          },
        ]}
        actions={{
          label: es.channels.columnActions,
          cell: (template) => (
            <RowAction
              label={format(text.remove, { name: template.name })}
              icon={<TrashIcon size={16} />}
              color="red"
              onClick={() => removing.ask(template)}
            />
          ),
        }}
      />

      {creating && (
        <TemplateDialog
          channelId={channel.id}
          onClose={() => setCreating(false)}
          onCreated={() => {
            refresh();
            setCreating(false);
          }}
        />
      )}
      <ConfirmDialog
        title={text.removeTitle}
        {...removing.dialog(remove, (template) => ({ id: template.id }))}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing.item?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Panel>
  );
}

function languageLabel(code: string): string {
  return (text.languages as Record<string, string>)[code] ?? code;
}

function categoryLabel(category: string): string {
  return (text.categories as Record<string, string>)[category] ?? category;
}

interface Values {
  name: string;
  language: string;
  category: TemplateCategory;
  body: string;
}

function valuesErrors({ name, body }: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!TEMPLATE_NAME_PATTERN.test(name.trim())) errors.name = text.invalidName;
  if (!body.trim()) errors.body = text.bodyRequired;
  return errors;
}

function TemplateDialog({
  channelId,
  onClose,
  onCreated,
}: {
  channelId: string;
  onClose: () => void;
  onCreated: () => void;
}) {
  const trpc = useTRPC();
  const form = useEntityForm<Values>({
    initial: { name: '', language: 'es', category: 'UTILITY', body: '' },
    validate: valuesErrors,
    place: ([field]) =>
      field === 'name' || field === 'language' || field === 'category' || field === 'body'
        ? field
        : null,
  });
  const { name, language, category, body } = form.values;
  const create = useMutation(
    trpc.channel.createTemplate.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: text.created });
        onCreated();
      },
      onError: form.onError,
    }),
  );

  return (
    <EntityDialog
      title={text.createTitle}
      onClose={onClose}
      size={560}
      onSubmit={() =>
        form.submit((values) =>
          create.mutate({
            channelId,
            name: values.name.trim(),
            language: values.language,
            category: values.category,
            body: values.body.trim(),
          }),
        )
      }
      form={form}
      saving={create.isPending}
      submitLabel={text.create}
      cancelLabel={es.channels.cancel}
    >
      <TextInput
        label={text.name}
        description={text.nameHint}
        withAsterisk
        value={name}
        maxLength={512}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
        data-autofocus
      />
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label={text.language}
          data={Object.entries(text.languages).map(([value, label]) => ({ value, label }))}
          value={language}
          onChange={(value) => value && form.set('language', value)}
          allowDeselect={false}
          error={form.errorOf('language')}
        />
        <Select
          label={text.category}
          data={TEMPLATE_CATEGORIES.map((value) => ({
            value,
            label: text.categories[value],
          }))}
          value={category}
          onChange={(value) => value && form.set('category', value as TemplateCategory)}
          allowDeselect={false}
          error={form.errorOf('category')}
        />
      </SimpleGrid>
      <Textarea
        label={text.body}
        description={text.bodyHint}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        maxLength={1_024}
        value={body}
        onChange={(event) => form.set('body', event.currentTarget.value)}
        error={form.errorOf('body')}
      />
    </EntityDialog>
  );
}
