import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  formatSaleTotal,
  RECEIPT_STATUSES,
  saleTotal,
  templateOf,
  ZReceiptCreate,
  type ReceiptCreate,
  type ReceiptKind,
} from '@cartera/domain/sales';
import type { SaleTemplate } from '@cartera/domain/tenant-settings';
import { formatDate } from '../../lib/dates';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { userMessageOf } from '../../lib/errors';
import { FormActions } from '../../ui/form-actions';
import { PlusIcon, TrashIcon } from '../../ui/icons';

const t = es.receipts.manual;
const statusLabels = es.receipts.statuses;

/** A product line as typed: numbers stay as the input gives them until the form is checked. */
interface LineValues {
  key: string;
  name: string;
  code: string;
  category: string;
  quantity: number | string;
  value: number | string;
}

interface SaleValues {
  template: string | null;
  status: string;
  ticketId: string;
  ticketSaleId: string;
  entryDate: string;
  saleDate: string;
  phone: string;
  name: string;
  govId: string;
  product: string;
  value: number | string;
  city: string;
  clientId: string;
  lines: LineValues[];
}

const emptyLine = (): LineValues => ({
  key: newId(),
  name: '',
  code: '',
  category: '',
  quantity: 1,
  value: '',
});

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** A typed number: empty is missing; anything else goes to the rules as it is (NaN included). */
function numberOf(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return undefined;
  return Number(value.replace(',', '.'));
}

export interface SaleFormDefaults {
  phone?: string;
  name?: string;
  govId?: string;
}

/**
 * The sale form of 'Venta Manual' (03 §2.2) and 'Crear preventa' (01 §2): the manual-sale fields
 * (02 §6), a product and price for a `simple` template or product lines for a `multiline` one,
 * the live total (Σ value × quantity, 03 §9). It is checked with the same rules as the server
 * (ZReceiptCreate): a negative quantity, a day that does not exist or a sold sale without sale
 * date show their Spanish error on the field and nothing is sent. One client-made id per form, so
 * sending again after a lost answer stores the sale once.
 */
export function SaleForm({
  kind,
  templates,
  defaults = {},
  hiddenFields = [],
  extra,
  submitLabel,
  onSubmit,
  onCancel,
  onDone,
}: {
  kind: ReceiptKind;
  /** The company's sale templates (or the presale template); none = a simple sale. */
  templates: readonly SaleTemplate[];
  defaults?: SaleFormDefaults;
  /** Fields the template hides (03 §3 hiddenFields): 'date_sale', 'gov_id', 'category'. */
  hiddenFields?: readonly string[];
  /** More of the create call (contactId, sellerId); `null` while something it needs is missing. */
  extra: { values: Partial<ReceiptCreate> | null; error?: string | undefined };
  submitLabel: string;
  onSubmit: (input: ReceiptCreate) => Promise<unknown>;
  onCancel?: () => void;
  onDone: () => void;
}) {
  const initialTemplate = templateOf(templates)?.code ?? null;
  const [values, setValues] = useState<SaleValues>(() => ({
    template: initialTemplate,
    status: 'new',
    ticketId: '',
    ticketSaleId: '',
    entryDate: formatDate(new Date()),
    saleDate: '',
    phone: defaults.phone ?? '',
    name: defaults.name ?? '',
    govId: defaults.govId ?? '',
    product: '',
    value: '',
    city: '',
    clientId: '',
    lines: [emptyLine()],
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [id] = useState(newId);
  const template = templateOf(templates, values.template);
  const multiline = template?.structureType === 'multiline';
  const hidden = new Set([...hiddenFields, ...(template?.hiddenFields ?? [])]);

  const set = <K extends keyof SaleValues>(key: K, value: SaleValues[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => {
      if (!(key in now)) return now;
      const { [key]: _, ...rest } = now;
      return rest;
    });
  };
  const setLine = (index: number, patch: Partial<LineValues>) => {
    setValues((now) => ({
      ...now,
      lines: now.lines.map((line, at) => (at === index ? { ...line, ...patch } : line)),
    }));
    setErrors((now) => {
      const rest = { ...now };
      for (const key of Object.keys(patch)) delete rest[`lines.${index}.${key}`];
      return rest;
    });
  };

  const input = useMemo((): ReceiptCreate => {
    const lines = values.lines.map((line) => ({
      name: line.name,
      code: optional(line.code),
      category: optional(line.category),
      quantity: numberOf(line.quantity) ?? 1,
      value: numberOf(line.value) as number,
    }));
    return {
      id,
      kind,
      status: values.status as ReceiptCreate['status'],
      ticketId: values.ticketId,
      ticketSaleId: optional(values.ticketSaleId),
      entryDate: optional(values.entryDate),
      saleDate: optional(values.saleDate),
      phone: values.phone,
      name: values.name,
      govId: optional(values.govId),
      city: optional(values.city),
      clientId: optional(values.clientId),
      type: template?.code,
      saleStructureType: multiline ? 'multiline' : 'simple',
      ...(multiline
        ? { productLines: lines }
        : { product: optional(values.product), value: numberOf(values.value), productLines: [] }),
      ...extra.values,
    };
  }, [id, values, kind, template, multiline, extra.values]);

  const total = formatSaleTotal(
    saleTotal({
      value: multiline ? null : (numberOf(values.value) ?? null),
      productLines: multiline
        ? values.lines.map((line) => ({
            value: numberOf(line.value) || 0,
            quantity: numberOf(line.quantity) ?? 1,
          }))
        : [],
    }),
  );

  /** A rule's path ('productLines', 0, 'quantity') as the form names its field. */
  const fieldOf = (parts: ReadonlyArray<string | number | symbol>) => {
    const [first, index, key] = parts.map(String);
    if (first === 'productLines')
      return index !== undefined && key ? `lines.${index}.${key}` : 'lines';
    return first ?? null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZReceiptCreate.safeParse(input);
    if (!parsed.success || extra.values === null) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) {
        const field = fieldOf(issue.path);
        if (field) found[field] ??= issue.message;
      }
      setErrors(found);
      setFailure(extra.error ?? t.fixErrors);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(input);
      onDone();
    } catch (error) {
      const placed = placeFieldErrors(fieldErrorsOf(error), (parts) => fieldOf(parts));
      setErrors(placed.fields);
      setFailure(placed.rest[0] ?? userMessageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const text = (key: keyof SaleValues & string, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={values[key] as string}
      onChange={(event) => set(key, event.currentTarget.value as never)}
      error={errors[key]}
    />
  );
  const day = (key: 'entryDate' | 'saleDate', label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      placeholder={t.datePlaceholder}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={errors[key]}
      inputMode="numeric"
    />
  );
  const sold = values.status === 'sold';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.title}>
      <Stack gap="sm">
        {templates.length > 1 && (
          <Select
            label={t.template}
            data={templates.map((each) => ({
              value: each.code,
              label: each.saleTitle || each.code,
            }))}
            value={values.template}
            onChange={(value) => set('template', value)}
            allowDeselect={false}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label={t.status}
            required
            data={RECEIPT_STATUSES.filter((status) => status !== 'canceled').map((status) => ({
              value: status,
              label: statusLabels[status] ?? status,
            }))}
            value={values.status}
            onChange={(value) => value && set('status', value)}
            allowDeselect={false}
            error={errors.status}
          />
          {text('ticketId', t.ticketId, true)}
          {day('entryDate', t.entryDate)}
          {(!hidden.has('date_sale') || sold) && day('saleDate', t.saleDate, sold)}
          {text('ticketSaleId', t.ticketSaleId, sold)}
          {text('phone', t.phone, true)}
          {text('name', t.name, true)}
          {!hidden.has('gov_id') && text('govId', t.govId)}
          {text('city', t.city)}
          {text('clientId', t.clientId)}
          {!multiline && text('product', t.product)}
          {!multiline && (
            <NumberInput
              label={t.value}
              value={values.value}
              onChange={(value) => set('value', value)}
              error={errors.value}
              decimalScale={2}
              prefix="$"
              hideControls
            />
          )}
        </SimpleGrid>
        {multiline && (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              {t.lines}
            </Text>
            {errors.lines && (
              <Text size="xs" c="red.7">
                {errors.lines}
              </Text>
            )}
            {values.lines.map((line, index) => (
              <Paper key={line.key} withBorder p="xs" radius="sm" data-testid="sale-line">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" style={{ flex: 1 }}>
                    <TextInput
                      label={t.lineName}
                      required
                      value={line.name}
                      onChange={(event) => setLine(index, { name: event.currentTarget.value })}
                      error={errors[`lines.${index}.name`]}
                    />
                    <TextInput
                      label={t.lineCode}
                      value={line.code}
                      onChange={(event) => setLine(index, { code: event.currentTarget.value })}
                      error={errors[`lines.${index}.code`]}
                    />
                    {!hidden.has('category') ? (
                      <TextInput
                        label={t.lineCategory}
                        value={line.category}
                        onChange={(event) =>
                          setLine(index, { category: event.currentTarget.value })
                        }
                        error={errors[`lines.${index}.category`]}
                      />
                    ) : (
                      <span />
                    )}
                    <NumberInput
                      label={t.lineQuantity}
                      value={line.quantity}
                      onChange={(value) => setLine(index, { quantity: value })}
                      error={errors[`lines.${index}.quantity`]}
                      hideControls
                    />
                    <NumberInput
                      label={t.lineValue}
                      required
                      value={line.value}
                      onChange={(value) => setLine(index, { value })}
                      error={errors[`lines.${index}.value`]}
                      decimalScale={2}
                      prefix="$"
                      hideControls
                    />
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    aria-label={t.removeLine}
                    title={t.removeLine}
                    disabled={values.lines.length === 1}
                    onClick={() =>
                      setValues((now) => ({
                        ...now,
                        lines: now.lines.filter((_, at) => at !== index),
                      }))
                    }
                  >
                    <TrashIcon size={16} />
                  </ActionIcon>
                </Group>
              </Paper>
            ))}
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<PlusIcon size={14} />}
                onClick={() => setValues((now) => ({ ...now, lines: [...now.lines, emptyLine()] }))}
              >
                {t.addLine}
              </Button>
            </Group>
          </Stack>
        )}
        <Text fw={700} ta="right" data-testid="sale-form-total">
          {format(t.total, { total })}
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        {onCancel ? (
          <FormActions
            cancelLabel={t.cancel}
            onCancel={onCancel}
            submitLabel={submitLabel}
            loading={saving}
            cancelDisabled={saving}
          />
        ) : (
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
