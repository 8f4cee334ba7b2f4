import {
  MultiSelect,
  NumberInput,
  Select,
  SegmentedControl,
  Input,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import {
  NPS_CHANNEL_TYPES,
  NPS_DEFAULT_DAYS_BETWEEN,
  NPS_MODES,
  NPS_TRIGGERS,
  ZNpsConfigInput,
  type NpsMode,
  type NpsTrigger,
} from '@cartera/domain/nps';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.nps.configs;

export type NpsConfig = RouterOutputs['nps']['list'][number];

interface Values {
  name: string;
  question: string;
  channelId: string;
  /** `name|language` of the chosen template. */
  template: string;
  trigger: NpsTrigger;
  archivingReasons: string[];
  mode: NpsMode;
  minDaysBetween: number | string;
  active: boolean;
}

const templateKey = (name: string, language: string) => `${name}|${language}`;

/**
 * Create or edit an NPS configuration (issue #42 item 1): its name and question, one of the
 * company's WhatsApp channels and an approved template of it, when it is sent (after a sale,
 * after archiving with the chosen reasons, by hand), how the customer answers and the days
 * between two surveys to one contact.
 */
export function NpsConfigDialog({
  config,
  opened,
  onClose,
}: {
  config: NpsConfig | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm({
    initial: (): Values => ({
      name: config?.name ?? '',
      question: config?.question ?? '',
      channelId: config?.channelId ?? '',
      template: config ? templateKey(config.templateName, config.templateLanguage) : '',
      trigger: config?.trigger ?? 'archiving',
      archivingReasons: config?.archivingReasons ?? [],
      mode: config?.mode ?? 'text',
      minDaysBetween: config?.minDaysBetween ?? NPS_DEFAULT_DAYS_BETWEEN,
      active: config?.active ?? true,
    }),
    schema: ZNpsConfigInput,
    input: (values) => {
      const [templateName = '', templateLanguage = ''] = values.template.split('|');
      return {
        name: values.name,
        question: values.question,
        channelId: values.channelId,
        templateName,
        templateLanguage,
        trigger: values.trigger,
        archivingReasons: values.trigger === 'archiving' ? values.archivingReasons : [],
        mode: values.mode,
        minDaysBetween: Number(values.minDaysBetween),
        active: values.active,
      };
    },
    place: (path) => {
      const field = String(path[0] ?? '');
      return field === 'templateName' || field === 'templateLanguage' ? 'template' : field;
    },
  });
  const { values } = form;
  const channels = useQuery({
    ...trpc.channel.list.queryOptions(),
    enabled: opened,
    select: (list) =>
      list.filter((channel) => (NPS_CHANNEL_TYPES as readonly string[]).includes(channel.type)),
  });
  const templates = useQuery({
    ...trpc.channel.templates.queryOptions({ channelId: values.channelId }),
    enabled: opened && Boolean(values.channelId),
    select: (list) => list.filter((template) => template.status === 'APPROVED'),
  });
  const reasons = useQuery({
    ...trpc.catalog.allArchivingReasons.queryOptions(),
    enabled: opened,
  });
  const options = {
    onSuccess: () => {
      void queryClient.invalidateQueries(trpc.nps.pathFilter());
      notifications.show({ color: 'teal', message: t.saved });
      onClose();
    },
    onError: form.onError,
  };
  const create = useMutation(trpc.nps.create.mutationOptions(options));
  const update = useMutation(trpc.nps.update.mutationOptions(options));

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={config ? t.edit : t.add}
      size={620}
      form={form}
      saving={create.isPending || update.isPending}
      onSubmit={() =>
        form.submit((data) => {
          if (config) update.mutate({ ...data, id: config.id });
          else create.mutate(data);
        })
      }
    >
      <TextInput
        label={t.fields.name}
        withAsterisk
        value={values.name}
        maxLength={120}
        onChange={(event) => form.set('name', event.currentTarget.value)}
        error={form.errorOf('name')}
        data-autofocus
      />
      <Textarea
        label={t.fields.question}
        description={t.fields.questionHint}
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={values.question}
        onChange={(event) => form.set('question', event.currentTarget.value)}
        error={form.errorOf('question')}
      />
      <Select
        label={t.fields.channel}
        withAsterisk
        data={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
        value={values.channelId || null}
        onChange={(value) => form.change({ channelId: value ?? '', template: '' }, 'template')}
        error={form.errorOf('channelId')}
        disabled={channels.isPending}
        allowDeselect={false}
      />
      <Select
        label={t.fields.template}
        description={t.fields.templateHint}
        withAsterisk
        data={(templates.data ?? []).map((template) => ({
          value: templateKey(template.name, template.language),
          label: `${template.name} (${template.language})`,
        }))}
        value={values.template || null}
        onChange={(value) => form.set('template', value ?? '')}
        error={
          form.errorOf('template') ??
          (values.channelId && templates.data?.length === 0 ? t.fields.noTemplates : null)
        }
        disabled={!values.channelId || templates.isPending}
        allowDeselect={false}
      />
      <Input.Wrapper label={t.fields.trigger} labelElement="div">
        <SegmentedControl
          mt={4}
          fullWidth
          aria-label={t.fields.trigger}
          value={values.trigger}
          onChange={(value) => form.set('trigger', value as NpsTrigger)}
          data={NPS_TRIGGERS.map((trigger) => ({ value: trigger, label: t.triggers[trigger] }))}
        />
      </Input.Wrapper>
      {values.trigger === 'archiving' && (
        <MultiSelect
          label={t.fields.reasons}
          description={t.fields.reasonsHint}
          data={(reasons.data ?? []).map((reason) => ({ value: reason.code, label: reason.name }))}
          value={values.archivingReasons}
          onChange={(value) => form.set('archivingReasons', value)}
          error={form.errorOf('archivingReasons')}
          searchable
          clearable
        />
      )}
      <Select
        label={t.fields.mode}
        data={NPS_MODES.map((mode) => ({ value: mode, label: t.modes[mode] }))}
        value={values.mode}
        onChange={(value) => form.set('mode', (value ?? 'text') as NpsMode)}
        error={form.errorOf('mode')}
        allowDeselect={false}
      />
      <NumberInput
        label={t.fields.minDaysBetween}
        min={1}
        max={3650}
        allowDecimal={false}
        value={values.minDaysBetween}
        onChange={(value) => form.set('minDaysBetween', value)}
        error={form.errorOf('minDaysBetween')}
      />
      <Switch
        label={t.fields.active}
        checked={values.active}
        onChange={(event) => form.set('active', event.currentTarget.checked)}
      />
    </EntityDialog>
  );
}
