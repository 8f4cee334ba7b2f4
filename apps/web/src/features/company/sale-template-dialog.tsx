import { Checkbox, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { SALE_BUBBLE_FIELDS, type SaleBubbleField } from '@cartera/domain/sales';
import { EntityDialog } from '../../ui/entity-dialog';
import type { FieldErrors } from '../../ui/form-errors';
import { useEntityForm } from '../../ui/use-entity-form';
import {
  asInput,
  isBubbleField,
  useSaveSaleConfig,
  type Editing,
  type SaleConfig,
  type Template,
} from './sale-config-save';

const t = es.fieldsConfig.sale;

type Structure = Template['structureType'];

const CODE = /^[\w-]{1,60}$/;

const STRUCTURE_OPTIONS = (['simple', 'multiline'] as const).map((value) => ({
  value,
  label: t.structures[value],
}));

interface TemplateValues {
  code: string;
  saleTitle: string;
  bubbleTitle: string;
  structureType: Structure;
  default: boolean;
  hiddenFields: SaleBubbleField[];
}

/**
 * A sale template's dialog, or the presale template's (01 §3, 03 §3): code, sale and bubble
 * titles, structure, default, the fields the bubble hides and the bubble's preview. Saving saves
 * the whole configuration with this template in its place (one default among the sale ones).
 */
export function TemplateDialog({
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
