import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Checkbox,
  Collapse,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import {
  isListField,
  REQUEST_FIELD_TYPES,
  VISIBILITY_OPERATORS,
  type FieldOption,
  type RequestField,
  type RequestFieldType,
  type VisibilityOperator,
} from '@cartera/domain/request-sales';
import { TrashIcon } from '../../../ui/icons';
import { AddRow, RemoveRow } from './row-buttons';
import { ruleRows, rulesOf, type RuleRow } from './template-draft';

const texts = es.requestSalesOffice.field;
const typeLabels = es.requestSalesOffice.fieldTypes;

const OPTION_TYPES: ReadonlySet<RequestFieldType> = new Set([
  'select',
  'selectmultiple',
  'multiselectarray',
]);
const LENGTH_TYPES: ReadonlySet<RequestFieldType> = new Set(['string', 'number']);
const NO_DEFAULT_TYPES: ReadonlySet<RequestFieldType> = new Set([
  'image',
  'multiplefile',
  'search',
  'autoincrementid',
  'divider',
]);

/**
 * One field of the template editor: a header (title, code, type, errors; up, down, remove) that
 * folds its settings: type, code, title, required, active, default, lengths and regex, options
 * with their user filter, backoffice-only, flows, the divider's section mode, the search
 * address, and the visibility rules built from conditions joined by AND / OR.
 */
export function FieldEditor({
  field,
  index,
  count,
  body,
  errors,
  initiallyOpen,
  onChange,
  onMove,
  onRemove,
}: {
  field: RequestField;
  index: number;
  count: number;
  /** Every field of the template (the rules name them). */
  body: readonly RequestField[];
  /** The draft's errors by path ('body.<index>.<attribute>'). */
  errors: Record<string, string>;
  initiallyOpen: boolean;
  onChange: (field: RequestField) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const at = (path: string) => errors[`body.${index}.${path}`];
  const set = (patch: Partial<RequestField>) => onChange({ ...field, ...patch });
  const name = field.title || field.field || texts.untitled;
  const hasError = Object.keys(errors).some((key) => key.startsWith(`body.${index}.`));

  return (
    <Paper withBorder radius="md" p="sm" data-testid="template-field">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton onClick={() => setOpen(!open)} aria-expanded={open} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <Badge size="xs" variant="light" color={field.type === 'divider' ? 'gray' : 'blue'}>
              {typeLabels[field.type]}
            </Badge>
            {field.required && (
              <Badge size="xs" variant="outline">
                {texts.required}
              </Badge>
            )}
            {field.visibilityRules.length > 0 && (
              <Badge size="xs" variant="outline" color="grape">
                {texts.rules}
              </Badge>
            )}
            {hasError && (
              <Badge size="xs" color="red">
                !
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={index === 0}
            aria-label={format(texts.moveUp, { name })}
            onClick={() => onMove(-1)}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={index === count - 1}
            aria-label={format(texts.moveDown, { name })}
            onClick={() => onMove(1)}
          >
            ↓
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={format(texts.remove, { name })}
            onClick={onRemove}
          >
            <TrashIcon size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="sm" pt="sm">
          <Group grow align="flex-start">
            <Select
              label={texts.type}
              data={REQUEST_FIELD_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
              value={field.type}
              onChange={(next) => next && set({ type: next as RequestFieldType, default: null })}
              allowDeselect={false}
            />
            <TextInput
              label={texts.code}
              value={field.field}
              onChange={(event) => set({ field: event.currentTarget.value })}
              error={at('field')}
            />
          </Group>
          <TextInput
            label={texts.title}
            value={field.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={at('title')}
          />
          {field.type !== 'divider' && (
            <Group gap="lg">
              <Checkbox
                label={texts.required}
                checked={field.required}
                onChange={(event) => set({ required: event.currentTarget.checked })}
              />
              <Checkbox
                label={texts.editBackoffice}
                checked={field.editBackoffice}
                onChange={(event) => set({ editBackoffice: event.currentTarget.checked })}
              />
              {field.type === 'string' && (
                <Checkbox
                  label={texts.autocompletable}
                  checked={field.autocompletable}
                  onChange={(event) => set({ autocompletable: event.currentTarget.checked })}
                />
              )}
            </Group>
          )}
          <Checkbox
            label={texts.active}
            checked={field.active}
            onChange={(event) => set({ active: event.currentTarget.checked })}
          />
          {field.type === 'divider' && (
            <Select
              label={texts.closeMode}
              data={(['open', 'closed'] as const).map((mode) => ({
                value: mode,
                label: texts.closeModes[mode],
              }))}
              value={field.closeMode}
              onChange={(next) => next && set({ closeMode: next as 'open' | 'closed' })}
              allowDeselect={false}
            />
          )}
          {field.type === 'search' && (
            <TextInput
              label={texts.endpointUrl}
              description={texts.endpointHint}
              placeholder="https://"
              value={field.endpointUrl ?? ''}
              onChange={(event) => set({ endpointUrl: event.currentTarget.value || null })}
              error={at('endpointUrl')}
            />
          )}
          {LENGTH_TYPES.has(field.type) && (
            <Group grow align="flex-start">
              <NumberInput
                label={texts.minLength}
                min={0}
                allowDecimal={false}
                value={field.minLength ?? ''}
                onChange={(next) => set({ minLength: typeof next === 'number' ? next : null })}
                error={at('minLength')}
              />
              <NumberInput
                label={texts.maxLength}
                min={0}
                allowDecimal={false}
                value={field.maxLength ?? ''}
                onChange={(next) => set({ maxLength: typeof next === 'number' ? next : null })}
                error={at('maxLength')}
              />
              <TextInput
                label={texts.regex}
                value={field.regex ?? ''}
                onChange={(event) => set({ regex: event.currentTarget.value || null })}
                error={at('regex')}
              />
            </Group>
          )}
          {OPTION_TYPES.has(field.type) && (
            <OptionsEditor
              options={field.options}
              errorAt={(path) => at(`options.${path}`)}
              onChange={(options) => set({ options })}
            />
          )}
          {!NO_DEFAULT_TYPES.has(field.type) && <DefaultInput field={field} onChange={set} />}
          {field.type !== 'divider' && (
            <TagsInput
              label={texts.flow}
              description={texts.flowHint}
              value={field.flow}
              onChange={(flow) => set({ flow })}
              clearable
            />
          )}
          <RulesEditor
            field={field}
            body={body}
            errorAt={(path) => at(`visibilityRules.${path}`)}
            onChange={set}
          />
        </Stack>
      </Collapse>
    </Paper>
  );
}

function DefaultInput({
  field,
  onChange,
}: {
  field: RequestField;
  onChange: (patch: Partial<RequestField>) => void;
}) {
  const data = field.options.map((option) => ({ value: option.key, label: option.title }));
  if (isListField(field))
    return (
      <MultiSelect
        label={texts.default}
        data={data}
        value={Array.isArray(field.default) ? field.default : []}
        onChange={(next) => onChange({ default: next.length > 0 ? next : null })}
        clearable
      />
    );
  if (field.type === 'select')
    return (
      <Select
        label={texts.default}
        data={data}
        value={typeof field.default === 'string' ? field.default : null}
        onChange={(next) => onChange({ default: next })}
        clearable
      />
    );
  return (
    <TextInput
      label={texts.default}
      value={field.default === null || field.default === undefined ? '' : String(field.default)}
      onChange={(event) => onChange({ default: event.currentTarget.value || null })}
    />
  );
}

function OptionsEditor({
  options,
  errorAt,
  onChange,
}: {
  options: FieldOption[];
  errorAt: (path: string) => string | undefined;
  onChange: (options: FieldOption[]) => void;
}) {
  const set = (index: number, patch: Partial<FieldOption>) =>
    onChange(options.map((option, each) => (each === index ? { ...option, ...patch } : option)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {texts.options}
      </Text>
      {options.map((option, index) => (
        <Stack key={index} gap={4} data-testid="field-option">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={texts.optionKey}
              placeholder={texts.optionKey}
              value={option.key}
              onChange={(event) => set(index, { key: event.currentTarget.value })}
              error={errorAt(`${index}.key`)}
              w={130}
            />
            <TextInput
              aria-label={texts.optionTitle}
              placeholder={texts.optionTitle}
              value={option.title}
              onChange={(event) => set(index, { title: event.currentTarget.value })}
              error={errorAt(`${index}.title`)}
              style={{ flex: 1 }}
            />
            <RemoveRow
              label={texts.removeOption}
              onClick={() => onChange(options.filter((_, each) => each !== index))}
            />
          </Group>
          <Group gap="xs" align="flex-start" wrap="nowrap" pr={36}>
            <TextInput
              size="xs"
              aria-label={texts.optionFilterField}
              placeholder={texts.optionFilterField}
              value={option.userFieldFilter?.field ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                set(index, {
                  userFieldFilter: value
                    ? { field: value, values: option.userFieldFilter?.values ?? [] }
                    : null,
                });
              }}
              w={130}
            />
            <TagsInput
              size="xs"
              aria-label={texts.optionFilterValues}
              placeholder={texts.optionFilterValues}
              disabled={!option.userFieldFilter}
              value={option.userFieldFilter?.values ?? []}
              onChange={(values) =>
                option.userFieldFilter &&
                set(index, { userFieldFilter: { ...option.userFieldFilter, values } })
              }
              style={{ flex: 1 }}
            />
          </Group>
        </Stack>
      ))}
      <AddRow
        label={texts.addOption}
        onClick={() => onChange([...options, { key: '', title: '', userFieldFilter: null }])}
      />
    </Stack>
  );
}

/**
 * The visibility rules of a field: 'Mostrar' or 'Ocultar' when they hold, then its conditions
 * (another field, equal / not equal / among, a value or values), each joined to the previous one
 * by Y (AND) or O (OR). A condition on a field with options picks among its options.
 */
function RulesEditor({
  field,
  body,
  errorAt,
  onChange,
}: {
  field: RequestField;
  body: readonly RequestField[];
  errorAt: (path: string) => string | undefined;
  onChange: (patch: Partial<RequestField>) => void;
}) {
  const rows = ruleRows(field.visibilityRules);
  const others = body.filter((each) => each.field !== field.field && each.type !== 'divider');
  const setRows = (next: RuleRow[]) => onChange({ visibilityRules: rulesOf(next) });
  const setRow = (index: number, patch: Partial<RuleRow['condition']>, join?: 'AND' | 'OR') =>
    setRows(
      rows.map((row, each) =>
        each === index
          ? { join: join ?? row.join, condition: { ...row.condition, ...patch } }
          : row,
      ),
    );
  return (
    <Stack gap={6} data-testid="field-rules">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {texts.rules}
        </Text>
        {rows.length > 0 && (
          <SegmentedControl
            size="xs"
            aria-label={texts.ruleType}
            data={(['show', 'hide'] as const).map((type) => ({
              value: type,
              label: texts.ruleTypes[type],
            }))}
            value={field.visibilityRuleType}
            onChange={(next) => onChange({ visibilityRuleType: next as 'show' | 'hide' })}
          />
        )}
      </Group>
      {rows.length === 0 && (
        <Text size="xs" c="dimmed">
          {texts.rulesHint}
        </Text>
      )}
      {rows.map((row, index) => {
        const target = body.find((each) => each.field === row.condition.field);
        const choices = target?.options.map((option) => ({
          value: option.key,
          label: option.title,
        }));
        const values = Array.isArray(row.condition.value)
          ? row.condition.value
          : row.condition.value
            ? [row.condition.value]
            : [];
        const single = Array.isArray(row.condition.value)
          ? (row.condition.value[0] ?? '')
          : row.condition.value;
        // Rules are stored with their position among the joins: condition i is at 2i.
        const error = errorAt(`${index * 2}.field`) ?? errorAt(`${index * 2}.value`);
        return (
          <Stack key={index} gap={4} data-testid="field-rule">
            {index > 0 && (
              <SegmentedControl
                size="xs"
                w={110}
                aria-label={texts.ruleJoin}
                data={[
                  { value: 'AND', label: 'Y' },
                  { value: 'OR', label: 'O' },
                ]}
                value={row.join}
                onChange={(next) => setRow(index, {}, next as 'AND' | 'OR')}
              />
            )}
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Select
                aria-label={texts.ruleField}
                placeholder={texts.ruleField}
                data={others.map((each) => ({
                  value: each.field,
                  label: each.title ? `${each.title} (${each.field})` : each.field,
                }))}
                value={row.condition.field || null}
                onChange={(next) => setRow(index, { field: next ?? '' })}
                error={error}
                searchable
                w={200}
              />
              <Select
                aria-label={texts.ruleOperator}
                data={VISIBILITY_OPERATORS.map((operator) => ({
                  value: operator,
                  label: texts.operators[operator],
                }))}
                value={row.condition.operator}
                onChange={(next) => {
                  const operator = (next ?? 'equal') as VisibilityOperator;
                  setRow(index, {
                    operator,
                    value: operator === 'in' ? values : single,
                  });
                }}
                allowDeselect={false}
                w={140}
              />
              {row.condition.operator === 'in' ? (
                choices && choices.length > 0 ? (
                  <MultiSelect
                    aria-label={texts.ruleValues}
                    data={choices}
                    value={values}
                    onChange={(next) => setRow(index, { value: next })}
                    style={{ flex: 1 }}
                  />
                ) : (
                  <TagsInput
                    aria-label={texts.ruleValues}
                    value={values}
                    onChange={(next) => setRow(index, { value: next })}
                    style={{ flex: 1 }}
                  />
                )
              ) : choices && choices.length > 0 ? (
                <Select
                  aria-label={texts.ruleValue}
                  data={choices}
                  value={single || null}
                  onChange={(next) => setRow(index, { value: next ?? '' })}
                  clearable
                  style={{ flex: 1 }}
                />
              ) : (
                <TextInput
                  aria-label={texts.ruleValue}
                  value={single}
                  onChange={(event) => setRow(index, { value: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
              )}
              <RemoveRow
                label={texts.removeRule}
                onClick={() => setRows(rows.filter((_, each) => each !== index))}
              />
            </Group>
          </Stack>
        );
      })}
      <AddRow
        label={texts.addRule}
        disabled={others.length === 0}
        onClick={() =>
          setRows([
            ...rows,
            {
              join: 'AND',
              condition: { field: others[0]?.field ?? '', operator: 'equal', value: '' },
            },
          ])
        }
      />
    </Stack>
  );
}
