import { useState } from 'react';
import {
  Alert,
  Badge,
  Checkbox,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { SALE_BUBBLE_FIELDS, type SaleBubbleField } from '@cartera/domain/sales';
import type { RouterOutputs } from '../../lib/api-types';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, RowAction, type TableQuery } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import type { FieldErrors } from '../../ui/form-errors';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.fieldsConfig.sale;

type SaleConfig = RouterOutputs['receipt']['saleConfig'];
type Template = SaleConfig['templates'][number];
type Structure = Template['structureType'];

/** Which template a dialog edits: a sale template (its index; none: a new one) or the presale's. */
type Editing = { kind: 'sale'; index: number | null } | { kind: 'presale' } | null;

const CODE = /^[\w-]{1,60}$/;

const STRUCTURE_OPTIONS = (['simple', 'multiline'] as const).map((value) => ({
  value,
  label: t.structures[value],
}));

/** The save of the whole configuration, and what follows it: every screen reading it refreshed. */
function useSaveSaleConfig(
  options: { onSaved?: () => void; onError?: (error: unknown) => void } = {},
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.receipt.saveSaleConfig.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.receipt.saleConfig.queryKey(), saved);
        // The sale bubble, 'Crear preventa' and the menu's presale entry follow at once.
        void queryClient.invalidateQueries(trpc.receipt.config.queryFilter());
        void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
        notifications.show({ color: 'teal', message: t.saved });
        options.onSaved?.();
      },
      onError: options.onError,
    }),
  );
}

const isBubbleField = (field: string): field is SaleBubbleField =>
  (SALE_BUBBLE_FIELDS as readonly string[]).includes(field);

/** A stored template as the save takes it (hidden fields it does not know are dropped). */
const templateInput = (template: Template) => ({
  ...template,
  hiddenFields: template.hiddenFields.filter(isBubbleField),
});

const asInput = (config: SaleConfig) => ({
  presale: config.presale,
  templates: config.templates.map(templateInput),
  presaleTemplate: config.presaleTemplate ? templateInput(config.presaleTemplate) : null,
});

/**
 * 'Configuración de ventas' (01 §3, 03 §3; issue #17): presales on or off, the sale templates
 * (code, structure, default, sale and bubble titles, the fields the bubble hides) and the
 * presale template. Each change saves the whole configuration at once.
 */
export function SaleConfigEditor() {
  const trpc = useTRPC();
  const config = useQuery(trpc.receipt.saleConfig.queryOptions());
  const toggle = useSaveSaleConfig();
  const [removing, setRemoving] = useState<NonNullable<Editing> | null>(null);
  const removal = useSaveSaleConfig({ onSaved: () => setRemoving(null) });
  const [editing, setEditing] = useState<Editing>(null);
  const data = config.data;

  if (config.isError && !data) {
    return (
      <Panel titleId="company-sale-config" title={t.title}>
        <QueryError query={config} maw={560} />
      </Panel>
    );
  }
  if (!data) {
    return (
      <Panel titleId="company-sale-config" title={t.title}>
        <Stack gap="xs">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={12} radius="sm" />
          ))}
        </Stack>
      </Panel>
    );
  }
  const failure = toggle.error;
  const removed =
    removing?.kind === 'presale'
      ? data.presaleTemplate
      : removing?.index != null
        ? data.templates[removing.index]
        : undefined;
  function remove() {
    if (!data || !removing) return;
    if (removing.kind === 'presale') removal.mutate({ ...asInput(data), presaleTemplate: null });
    else {
      removal.mutate({
        ...asInput(data),
        templates: asInput(data).templates.filter((_, at) => at !== removing.index),
      });
    }
  }
  return (
    <>
      <Panel titleId="company-sale-config" title={t.title}>
        <Switch
          label={t.presale}
          description={t.presaleHint}
          checked={data.presale}
          disabled={toggle.isPending}
          onChange={(event) =>
            toggle.mutate({ ...asInput(data), presale: event.currentTarget.checked })
          }
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(failure)}
          </Alert>
        )}
      </Panel>
      <Panel
        titleId="company-sale-templates"
        title={t.templatesTitle}
        action={{
          label: t.createTemplate,
          onClick: () => setEditing({ kind: 'sale', index: null }),
        }}
      >
        <Text size="sm" c="dimmed">
          {t.templatesIntro}
        </Text>
        <TemplatesTable
          query={config}
          titleId="company-sale-templates"
          templates={data.templates}
          empty={t.empty}
          onEdit={(index) => setEditing({ kind: 'sale', index })}
          onRemove={(index) => setRemoving({ kind: 'sale', index })}
        />
      </Panel>
      <Panel
        titleId="company-presale-template"
        title={t.presaleTemplateTitle}
        action={
          data.presaleTemplate
            ? undefined
            : { label: t.createPresaleTemplate, onClick: () => setEditing({ kind: 'presale' }) }
        }
      >
        {data.presaleTemplate ? (
          <TemplatesTable
            query={config}
            titleId="company-presale-template"
            templates={[data.presaleTemplate]}
            presale
            empty={t.noPresaleTemplate}
            onEdit={() => setEditing({ kind: 'presale' })}
            onRemove={() => setRemoving({ kind: 'presale' })}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t.noPresaleTemplate}
          </Text>
        )}
      </Panel>
      <ConfirmDialog
        opened={removing !== null}
        title={format(t.remove, { name: removed?.saleTitle || removed?.code || '' })}
        confirmLabel={es.fields.delete}
        reversible
        loading={removal.isPending}
        error={removal.error ? userMessageOf(removal.error) : null}
        onConfirm={remove}
        onClose={() => {
          setRemoving(null);
          removal.reset();
        }}
      >
        <Text size="sm">{t.removeHint}</Text>
      </ConfirmDialog>
      {editing && (
        <TemplateDialog
          key={editing.kind === 'sale' ? `sale:${editing.index ?? 'new'}` : 'presale'}
          config={data}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

function TemplatesTable({
  query,
  titleId,
  templates,
  empty,
  onEdit,
  onRemove,
  presale = false,
}: {
  query: TableQuery;
  titleId: string;
  templates: Template[];
  empty: string;
  /** The presale template: alone, so never 'Por defecto'. */
  presale?: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <DataTable
      query={query}
      items={templates}
      rowKey={(template) => template.code}
      labelledBy={titleId}
      minWidth={560}
      empty={empty}
      columns={[
        {
          key: 'code',
          header: t.code,
          cell: (template) => (
            <Text size="sm" ff="monospace">
              {template.code}
            </Text>
          ),
        },
        {
          key: 'saleTitle',
          header: t.saleTitle,
          cell: (template) => (
            <Text size="sm" fw={600}>
              {template.saleTitle ?? ''}
              {template.default && !presale && (
                <Badge size="sm" variant="light" color="teal" ml="xs">
                  {t.defaultBadge}
                </Badge>
              )}
            </Text>
          ),
        },
        {
          key: 'bubbleTitle',
          header: t.bubbleTitle,
          cell: (template) => <Text size="sm">{template.bubbleTitle ?? ''}</Text>,
        },
        {
          key: 'structureType',
          header: t.structureType,
          cell: (template) => <Text size="sm">{t.structures[template.structureType]}</Text>,
        },
      ]}
      actions={{
        label: es.company.actions,
        width: 90,
        cell: (template) => {
          const name = template.saleTitle || template.code;
          const index = templates.indexOf(template);
          return (
            <>
              <RowAction
                label={format(t.edit, { name })}
                icon={<PencilIcon size={16} />}
                onClick={() => onEdit(index)}
              />
              <RowAction
                label={format(t.remove, { name })}
                icon={<TrashIcon size={16} />}
                color="red"
                onClick={() => onRemove(index)}
              />
            </>
          );
        },
      }}
    />
  );
}

interface TemplateValues {
  code: string;
  saleTitle: string;
  bubbleTitle: string;
  structureType: Structure;
  default: boolean;
  hiddenFields: SaleBubbleField[];
}

function TemplateDialog({
  config,
  editing,
  onClose,
}: {
  config: SaleConfig;
  editing: NonNullable<Editing>;
  onClose: () => void;
}) {
  const presale = editing.kind === 'presale';
  const index = editing.kind === 'sale' ? editing.index : null;
  const template = presale
    ? (config.presaleTemplate ?? undefined)
    : index === null
      ? undefined
      : config.templates[index];
  const others = config.templates.filter((_, at) => presale || at !== index);
  const form = useEntityForm<TemplateValues>({
    initial: {
      code: template?.code ?? '',
      saleTitle: template?.saleTitle ?? '',
      bubbleTitle: template?.bubbleTitle ?? '',
      structureType: template?.structureType ?? 'simple',
      default: template?.default ?? (!presale && config.templates.length === 0),
      hiddenFields: (template?.hiddenFields ?? []).filter(isBubbleField),
    },
    validate: (values) => {
      const code = values.code.trim();
      const errors: FieldErrors = {};
      if (!code) errors.code = t.codeRequired;
      else if (!CODE.test(code)) errors.code = t.codeInvalid;
      else if (!presale && others.some((each) => each.code === code)) errors.code = t.codeTaken;
      if (values.saleTitle.trim().length > 120) errors.saleTitle = t.titleTooLong;
      if (values.bubbleTitle.trim().length > 120) errors.bubbleTitle = t.titleTooLong;
      return errors;
    },
    // The server's field errors of this template ('templates.2.code', 'presaleTemplate.code').
    place: (parts) =>
      (presale
        ? parts[0] === 'presaleTemplate'
          ? parts[1]
          : undefined
        : parts[0] === 'templates' && parts[1] === String(index ?? config.templates.length)
          ? parts[2]
          : undefined) ?? null,
  });
  const save = useSaveSaleConfig({ onSaved: onClose, onError: form.onError });
  const { values, set, errorOf } = form;

  const send = (values: TemplateValues) => {
    const saved = {
      code: values.code.trim(),
      saleTitle: values.saleTitle.trim(),
      bubbleTitle: values.bubbleTitle.trim(),
      structureType: values.structureType,
      default: presale ? true : values.default,
      hiddenFields: values.hiddenFields,
    };
    if (presale) {
      save.mutate({ ...asInput(config), presaleTemplate: saved });
      return;
    }
    // One default: choosing this one takes it from the others.
    const templates = asInput(config).templates.map((each) =>
      saved.default ? { ...each, default: false } : each,
    );
    if (index === null) templates.push(saved);
    else templates[index] = saved;
    save.mutate({ ...asInput(config), templates });
  };

  const shownFields = SALE_BUBBLE_FIELDS.filter((field) => !values.hiddenFields.includes(field));
  const previewTitle =
    values.bubbleTitle.trim() || (presale ? es.receipts.bubble.presale : es.receipts.bubble.sale);

  return (
    <EntityDialog
      onClose={onClose}
      title={presale ? t.presaleTitle : template ? t.editTitle : t.createTitle}
      size={620}
      onSubmit={() => form.submit(send)}
      form={form}
      saving={save.isPending}
      submitLabel={t.save}
      cancelLabel={es.fieldsConfig.cancel}
    >
      <TextInput
        label={t.code}
        description={template ? undefined : t.codeHint}
        withAsterisk={!template}
        disabled={!!template}
        value={values.code}
        maxLength={60}
        onChange={(event) => set('code', event.currentTarget.value)}
        error={errorOf('code')}
        data-autofocus={template ? undefined : true}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t.saleTitle}
          description={t.saleTitleHint}
          value={values.saleTitle}
          onChange={(event) => set('saleTitle', event.currentTarget.value)}
          error={errorOf('saleTitle')}
        />
        <TextInput
          label={t.bubbleTitle}
          description={t.bubbleTitleHint}
          value={values.bubbleTitle}
          onChange={(event) => set('bubbleTitle', event.currentTarget.value)}
          error={errorOf('bubbleTitle')}
        />
      </SimpleGrid>
      <Select
        label={t.structureType}
        data={STRUCTURE_OPTIONS}
        value={values.structureType}
        allowDeselect={false}
        onChange={(value) => value && set('structureType', value as Structure)}
        comboboxProps={{ withinPortal: true }}
      />
      {!presale && (
        <Checkbox
          label={t.default}
          checked={values.default}
          onChange={(event) => set('default', event.currentTarget.checked)}
          error={errorOf('default')}
        />
      )}
      <Checkbox.Group
        label={t.hiddenFields}
        value={values.hiddenFields}
        onChange={(fields) => set('hiddenFields', fields as SaleBubbleField[])}
      >
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs" mt={6}>
          {SALE_BUBBLE_FIELDS.map((field) => (
            <Checkbox key={field} value={field} label={t.bubbleFields[field]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label={t.preview}>
        <Text size="xs" c="dimmed" mb={4}>
          {t.preview}
        </Text>
        <Text size="sm" fw={700}>
          {previewTitle}
        </Text>
        <Text size="sm" c="dimmed">
          {shownFields.map((field) => t.bubbleFields[field]).join(' · ')}
        </Text>
      </Paper>
    </EntityDialog>
  );
}
