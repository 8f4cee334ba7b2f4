import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { SALE_BUBBLE_FIELDS, type SaleBubbleField } from '@cartera/domain/sales';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

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
function useSaveSaleConfig(options: { onSaved?: () => void } = {}) {
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
  titleId,
  templates,
  empty,
  onEdit,
  onRemove,
  presale = false,
}: {
  titleId: string;
  templates: Template[];
  empty: string;
  /** The presale template: alone, so never 'Por defecto'. */
  presale?: boolean;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="xs" horizontalSpacing="md" aria-labelledby={titleId}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{t.code}</Table.Th>
              <Table.Th>{t.saleTitle}</Table.Th>
              <Table.Th>{t.bubbleTitle}</Table.Th>
              <Table.Th>{t.structureType}</Table.Th>
              <Table.Th w={90}>
                <VisuallyHidden>{es.company.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              templates.map((template, index) => {
                const name = template.saleTitle || template.code;
                return (
                  <Table.Tr key={template.code}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {template.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {template.saleTitle ?? ''}
                        {template.default && !presale && (
                          <Badge size="sm" variant="light" color="teal" ml="xs">
                            {t.defaultBadge}
                          </Badge>
                        )}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{template.bubbleTitle ?? ''}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.structures[template.structureType]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={format(t.edit, { name })} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={format(t.edit, { name })}
                            onClick={() => onEdit(index)}
                          >
                            <PencilIcon size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={format(t.remove, { name })} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={format(t.remove, { name })}
                            onClick={() => onRemove(index)}
                          >
                            <TrashIcon size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
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
  const [values, setValues] = useState<TemplateValues>({
    code: template?.code ?? '',
    saleTitle: template?.saleTitle ?? '',
    bubbleTitle: template?.bubbleTitle ?? '',
    structureType: template?.structureType ?? 'simple',
    default: template?.default ?? (!presale && config.templates.length === 0),
    hiddenFields: (template?.hiddenFields ?? []).filter(isBubbleField),
  });
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveSaleConfig({ onSaved: onClose });
  const set = <K extends keyof TemplateValues>(key: K, value: TemplateValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const code = values.code.trim();
  const others = config.templates.filter((_, at) => presale || at !== index);
  const clientErrors: Partial<Record<keyof TemplateValues, string>> = {};
  if (!code) clientErrors.code = t.codeRequired;
  else if (!CODE.test(code)) clientErrors.code = t.codeInvalid;
  else if (!presale && others.some((each) => each.code === code)) clientErrors.code = t.codeTaken;
  if (values.saleTitle.trim().length > 120) clientErrors.saleTitle = t.titleTooLong;
  if (values.bubbleTitle.trim().length > 120) clientErrors.bubbleTitle = t.titleTooLong;

  // The server's field errors of this template ('templates.2.code', 'presaleTemplate.code').
  const serverErrors: Record<string, string> = {};
  const rest: string[] = [];
  if (save.error) {
    for (const [path, messages] of Object.entries(fieldErrorsOf(save.error))) {
      const parts = path.split('.');
      const own = presale
        ? parts[0] === 'presaleTemplate'
          ? parts[1]
          : undefined
        : parts[0] === 'templates' && parts[1] === String(index ?? config.templates.length)
          ? parts[2]
          : undefined;
      if (own) serverErrors[own] ??= messages[0]!;
      else rest.push(messages[0]!);
    }
  }
  const errorOf = (field: keyof TemplateValues) =>
    serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);

  function submit() {
    setSubmitted(true);
    if (Object.keys(clientErrors).length > 0) return;
    const saved = {
      code,
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
  }

  const shownFields = SALE_BUBBLE_FIELDS.filter((field) => !values.hiddenFields.includes(field));
  const previewTitle =
    values.bubbleTitle.trim() || (presale ? es.receipts.bubble.presale : es.receipts.bubble.sale);

  return (
    <Modal
      opened
      onClose={onClose}
      title={presale ? t.presaleTitle : template ? t.editTitle : t.createTitle}
      size={620}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
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
          {save.isError && (rest.length > 0 || Object.keys(serverErrors).length === 0) && (
            <Alert color="red" variant="light" role="alert">
              {rest[0] ?? userMessageOf(save.error)}
            </Alert>
          )}
          <FormActions
            cancelLabel={es.fieldsConfig.cancel}
            onCancel={onClose}
            submitLabel={t.save}
            loading={save.isPending}
            cancelDisabled={save.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
