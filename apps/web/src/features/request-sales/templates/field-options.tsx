import { Group, MultiSelect, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { isListField, type FieldOption, type RequestField } from '@cartera/domain/request-sales';
import { AddRow, RemoveRow } from './row-buttons';

const texts = es.requestSalesOffice.field;

/** A field's default value: among its options for a select or a list, else free text. */
export function DefaultInput({
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

/** A field's options: key and title, and the user field and values that filter who sees each. */
export function OptionsEditor({
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
