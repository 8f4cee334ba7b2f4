import { useState } from 'react';
import { Button, Group, Pill, Popover, Select, Stack, TextInput } from '@mantine/core';
import { formatDisplayDate, parseDisplayDate } from '@cartera/domain/custom-fields';
import { es, format } from '@cartera/domain/i18n';
import { FilterIcon } from '../../ui/icons';
import { dateInputText, numberInputText, type FormField } from '../custom-fields/field-values';

/** A filter on a configurable field, as companies.list takes it. */
export interface FieldFilter {
  code: string;
  /** The value, optionally prefixed `not:`, `gt:` or `lt:` (02 §7 Lists). */
  value: string;
}

type Operator = 'equal' | 'not' | 'gt' | 'lt';
const PREFIX: Record<Operator, string> = { equal: '', not: 'not:', gt: 'gt:', lt: 'lt:' };

/** Fields whose values can be typed or chosen in a filter (not references nor addresses). */
const FILTERABLE = new Set<FormField['type']>([
  'string',
  'number',
  'select',
  'multiselect',
  'date',
  'phonenumbers',
  'sharedmultioptions',
]);
/** Greater / less than make sense for these. */
const ORDERED = new Set<FormField['type']>(['string', 'number', 'date']);

export function parseFilter(filter: FieldFilter): { operator: Operator; value: string } {
  const match = /^(not|gt|lt):(.*)$/s.exec(filter.value);
  return match
    ? { operator: match[1] as Operator, value: match[2]! }
    : { operator: 'equal', value: filter.value };
}

/** 'Rubro igual Agro', 'Cliente desde mayor que 01/01/2020'. */
export function filterLabel(filter: FieldFilter, fields: FormField[]): string {
  const field = fields.find((each) => each.code === filter.code);
  const { operator, value } = parseFilter(filter);
  let shown = value;
  if (field?.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) shown = formatDisplayDate(value);
  if (field?.type === 'sharedmultioptions') {
    shown = field.sharedOptions.find((option) => option.code === value)?.name ?? value;
  }
  return `${field?.name ?? filter.code} ${es.companies.operators[operator]} ${shown}`;
}

/**
 * Filters of the companies list on configurable fields (02 §7): the active ones as removable
 * chips, and 'Agregar filtro' with the field, the operator (igual, distinto, mayor que, menor
 * que) and the value.
 */
export function CompanyFilters({
  fields,
  filters,
  onChange,
}: {
  fields: FormField[];
  filters: FieldFilter[];
  onChange: (filters: FieldFilter[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const filterable = fields.filter((field) => FILTERABLE.has(field.type));

  return (
    <Group gap="xs" wrap="wrap">
      {filters.map((filter, index) => {
        const label = filterLabel(filter, fields);
        return (
          <Pill
            key={`${filter.code}-${filter.value}`}
            size="lg"
            withRemoveButton
            onRemove={() => onChange(filters.filter((_, at) => at !== index))}
            // Mantine hides the remove button from assistive technology; a filter chip needs it.
            removeButtonProps={{
              'aria-label': format(es.companies.removeFilter, { label }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
            bg="cyan.0"
            c="cyan.9"
          >
            {label}
          </Pill>
        );
      })}
      {filters.length > 1 && (
        <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onChange([])}>
          {es.companies.clearFilters}
        </Button>
      )}
      {filterable.length > 0 && (
        <Popover
          opened={opened}
          onChange={setOpened}
          position="bottom-start"
          shadow="md"
          withinPortal
          trapFocus
        >
          <Popover.Target>
            <Button
              variant="light"
              leftSection={<FilterIcon size={16} />}
              onClick={() => setOpened((now) => !now)}
            >
              {es.companies.addFilter}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {opened && (
              <FilterForm
                fields={filterable}
                onApply={(filter) => {
                  onChange([...filters, filter]);
                  setOpened(false);
                }}
              />
            )}
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}

function FilterForm({
  fields,
  onApply,
}: {
  fields: FormField[];
  onApply: (filter: FieldFilter) => void;
}) {
  const [code, setCode] = useState<string | null>(null);
  const [operator, setOperator] = useState<Operator>('equal');
  const [value, setValue] = useState('');
  const field = fields.find((each) => each.code === code);
  const ordered = field ? ORDERED.has(field.type) : true;
  const operators = (['equal', 'not', 'gt', 'lt'] as const).filter(
    (each) => ordered || each === 'equal' || each === 'not',
  );

  // What the server compares: ISO dates, the option's code for shared options.
  const stored = field?.type === 'date' ? parseDisplayDate(value) : value.trim();
  const dateError =
    field?.type === 'date' && value.trim() !== '' && !stored ? es.fields.invalidDate : null;
  const ready = Boolean(field && stored);
  const noPortal = { withinPortal: false };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (field && stored) onApply({ code: field.code, value: `${PREFIX[operator]}${stored}` });
      }}
    >
      <Stack gap="sm" w={280}>
        <Select
          label={es.companies.filterField}
          data={fields.map((each) => ({ value: each.code, label: each.name }))}
          value={code}
          onChange={(next) => {
            setCode(next);
            setValue('');
            setOperator('equal');
          }}
          searchable
          comboboxProps={noPortal}
          data-autofocus
        />
        <Select
          label={es.companies.filterOperator}
          data={operators.map((each) => ({ value: each, label: es.companies.operators[each] }))}
          value={operator}
          onChange={(next) => setOperator((next as Operator | null) ?? 'equal')}
          allowDeselect={false}
          comboboxProps={noPortal}
        />
        {field?.type === 'select' || field?.type === 'multiselect' ? (
          <Select
            label={es.companies.filterValue}
            data={field.options.map((option) => option.name)}
            value={value || null}
            onChange={(next) => setValue(next ?? '')}
            searchable
            comboboxProps={noPortal}
          />
        ) : field?.type === 'sharedmultioptions' ? (
          <Select
            label={es.companies.filterValue}
            data={field.sharedOptions.map((option) => ({ value: option.code, label: option.name }))}
            value={value || null}
            onChange={(next) => setValue(next ?? '')}
            searchable
            comboboxProps={noPortal}
          />
        ) : (
          <TextInput
            label={es.companies.filterValue}
            placeholder={field?.type === 'date' ? es.fields.datePlaceholder : undefined}
            value={value}
            disabled={!field}
            error={dateError}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setValue(
                field?.type === 'date'
                  ? dateInputText(text)
                  : field?.type === 'number'
                    ? numberInputText(text)
                    : text,
              );
            }}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" size="sm" disabled={!ready}>
            {es.companies.applyFilter}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
