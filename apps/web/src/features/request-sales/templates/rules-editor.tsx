import {
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import {
  VISIBILITY_OPERATORS,
  type RequestField,
  type VisibilityOperator,
} from '@cartera/domain/request-sales';
import { AddRow, RemoveRow } from './row-buttons';
import { ruleRows, rulesOf, type RuleRow } from './template-draft';

const texts = es.requestSalesOffice.field;

/**
 * The visibility rules of a field: 'Mostrar' or 'Ocultar' when they hold, then its conditions
 * (another field, equal / not equal / among, a value or values), each joined to the previous one
 * by Y (AND) or O (OR). A condition on a field with options picks among its options.
 */
export function RulesEditor({
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
