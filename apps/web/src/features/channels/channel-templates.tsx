import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_NAME_PATTERN,
  type TemplateCategory,
} from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import type { ManagedChannel } from './channels-page';

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
  const [removing, setRemoving] = useState<Template | null>(null);
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
        setRemoving(null);
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
      {templates.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={es.app.loading} />
        </Group>
      ) : templates.isError ? (
        <QueryError query={templates} />
      ) : templates.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {text.empty}
        </Text>
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="xs" horizontalSpacing="md" aria-labelledby="channel-templates">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{text.columnName}</Table.Th>
                  <Table.Th>{text.columnLanguage}</Table.Th>
                  <Table.Th>{text.columnCategory}</Table.Th>
                  <Table.Th>{text.columnStatus}</Table.Th>
                  <Table.Th>{text.columnBody}</Table.Th>
                  <Table.Th w={56}>
                    <VisuallyHidden>{es.channels.columnActions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {templates.data.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Td>
                      <Text size="sm" fw={600} ff="monospace">
                        {template.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{languageLabel(template.language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{categoryLabel(template.category)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[template.shownStatus]}>
                        {text.status[template.shownStatus]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} maw={320}>
                        {template.body}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip label={format(text.remove, { name: template.name })} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={format(text.remove, { name: template.name })}
                          onClick={() => {
                            remove.reset();
                            setRemoving(template);
                          }}
                        >
                          <TrashIcon size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

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
        opened={removing !== null}
        title={text.removeTitle}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing?.name ?? '' })}</Text>
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

type Field = 'name' | 'language' | 'category' | 'body';

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
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('es');
  const [category, setCategory] = useState<TemplateCategory>('UTILITY');
  const [body, setBody] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useMutation(
    trpc.channel.createTemplate.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: text.created });
        onCreated();
      },
      onError: (error) =>
        setServerErrors(
          placeFieldErrors(fieldErrorsOf(error), ([field]) =>
            field === 'name' || field === 'language' || field === 'category' || field === 'body'
              ? field
              : null,
          ).fields,
        ),
    }),
  );
  const clientErrors: Partial<Record<Field, string>> = {};
  if (!TEMPLATE_NAME_PATTERN.test(name.trim())) clientErrors.name = text.invalidName;
  if (!body.trim()) clientErrors.body = text.bodyRequired;
  const errorOf = (field: Field) =>
    serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const failedWithoutFields =
    create.error && Object.keys(serverErrors).length === 0 ? userMessageOf(create.error) : null;

  return (
    <Modal opened onClose={onClose} title={text.createTitle} size={560} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          setServerErrors({});
          if (Object.keys(clientErrors).length > 0) return;
          create.mutate({ channelId, name: name.trim(), language, category, body: body.trim() });
        }}
      >
        <Stack gap="md">
          <TextInput
            label={text.name}
            description={text.nameHint}
            withAsterisk
            value={name}
            maxLength={512}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errorOf('name')}
            data-autofocus
          />
          <SimpleGrid cols={2} spacing="sm">
            <Select
              label={text.language}
              data={Object.entries(text.languages).map(([value, label]) => ({ value, label }))}
              value={language}
              onChange={(value) => value && setLanguage(value)}
              allowDeselect={false}
              error={errorOf('language')}
            />
            <Select
              label={text.category}
              data={TEMPLATE_CATEGORIES.map((value) => ({
                value,
                label: text.categories[value],
              }))}
              value={category}
              onChange={(value) => value && setCategory(value as TemplateCategory)}
              allowDeselect={false}
              error={errorOf('category')}
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
            onChange={(event) => setBody(event.currentTarget.value)}
            error={errorOf('body')}
          />
          {failedWithoutFields && (
            <Alert color="red" variant="light" role="alert">
              {failedWithoutFields}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.channels.cancel}
            onCancel={onClose}
            submitLabel={text.create}
            loading={create.isPending}
            cancelDisabled={create.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
