import { useId, type ReactNode } from 'react';
import {
  Box,
  Button,
  Group,
  Input,
  Loader,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { CustomFieldEntity } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { AlertIcon, CheckIcon } from '../../ui/icons';
import { AddressInput } from '../places/address-input';
import { CompanyPicker, ContactPicker } from '../pickers/entity-pickers';
import { CustomFieldValue } from './custom-field-read';
import {
  asIds,
  asList,
  asText,
  dateInputText,
  isDirection,
  numberInputText,
  type FormField,
  type FormValue,
} from './field-values';
import { PhoneListInput } from './phone-list-input';
import { SharedOptionsInput } from './shared-options-input';
import type { CustomFieldsForm, UniqueState } from './use-custom-fields-form';

export interface CustomFieldInputProps {
  field: FormField;
  entity: CustomFieldEntity;
  /** 'read' shows the value as text, badges or links; 'edit' the input of its type. */
  mode: 'edit' | 'read';
  value: FormValue;
  onChange?: (value: FormValue) => void;
  onBlur?: () => void;
  error?: string | null;
  unique?: UniqueState;
  /** The record the form edits: a company never picks itself. */
  recordId?: string;
}

/**
 * The one renderer of configurable fields (02 §3 types), in read and edit mode. Every form that
 * shows configurable fields (company dialog, company page, contact sheet) draws them with this.
 */
export function CustomFieldInput(props: CustomFieldInputProps) {
  if (props.mode === 'read') return <CustomFieldValue {...props} />;
  return <CustomFieldEditor {...props} />;
}

function CustomFieldEditor({
  field,
  entity,
  value,
  onChange = () => undefined,
  onBlur = () => undefined,
  error,
  unique,
  recordId,
}: CustomFieldInputProps) {
  const id = useId();
  const common = {
    id,
    label: field.name,
    withAsterisk: field.required,
    error: error ?? (unique?.status === 'error' ? unique.message : undefined),
    onBlur,
  };
  const placeholder = field.placeholder || undefined;
  const uniqueSection = unique ? <UniqueMark state={unique} /> : undefined;

  let input: ReactNode;
  switch (field.type) {
    case 'string':
      input = (
        <TextInput
          {...common}
          placeholder={placeholder}
          value={asText(value)}
          rightSection={uniqueSection}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
      break;
    case 'number':
      input = (
        <TextInput
          {...common}
          placeholder={placeholder}
          inputMode="numeric"
          value={asText(value)}
          rightSection={uniqueSection}
          onChange={(event) => onChange(numberInputText(event.currentTarget.value))}
        />
      );
      break;
    case 'date':
      input = (
        <TextInput
          {...common}
          placeholder={placeholder ?? es.fields.datePlaceholder}
          inputMode="numeric"
          maxLength={10}
          value={asText(value)}
          rightSection={uniqueSection}
          onChange={(event) => onChange(dateInputText(event.currentTarget.value))}
        />
      );
      break;
    case 'select':
      input = (
        <Select
          {...common}
          placeholder={placeholder ?? es.fields.selectPlaceholder}
          data={field.options.map((option) => option.name)}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(next)}
          searchable
          clearable
          nothingFoundMessage={es.fields.noResults}
          comboboxProps={{ withinPortal: true }}
        />
      );
      break;
    case 'multiselect':
      input = (
        <MultiSelect
          {...common}
          placeholder={
            asList(value).length ? undefined : (placeholder ?? es.fields.selectPlaceholder)
          }
          data={field.options.map((option) => option.name)}
          value={asList(value)}
          onChange={(next) => onChange(next)}
          searchable
          clearable
          nothingFoundMessage={es.fields.noResults}
          comboboxProps={{ withinPortal: true }}
        />
      );
      break;
    case 'phonenumbers':
      input = (
        <PhoneListInput
          id={id}
          label={field.name}
          required={field.required}
          error={common.error}
          placeholder={placeholder}
          value={asList(value)}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
      break;
    case 'selectcontact':
    case 'multiplecontact':
      input = (
        <ContactPicker
          label={field.name}
          required={field.required}
          error={common.error}
          placeholder={placeholder}
          multiple={field.type === 'multiplecontact'}
          value={asIds(value)}
          onChange={(ids) => onChange(field.type === 'multiplecontact' ? ids : (ids[0] ?? null))}
          onBlur={onBlur}
        />
      );
      break;
    case 'selectcompany':
    case 'multiplecompany':
      input = (
        <CompanyPicker
          label={field.name}
          required={field.required}
          error={common.error}
          placeholder={placeholder}
          multiple={field.type === 'multiplecompany'}
          excludeId={entity === 'company' ? recordId : undefined}
          value={asIds(value)}
          onChange={(ids) => onChange(field.type === 'multiplecompany' ? ids : (ids[0] ?? null))}
          onBlur={onBlur}
        />
      );
      break;
    case 'sharedmultioptions':
      input = (
        <SharedOptionsInput
          id={id}
          field={field}
          label={field.name}
          required={field.required}
          error={common.error}
          value={asList(value)}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
      break;
    case 'direction':
      input = (
        <AddressInput
          id={id}
          label={field.name}
          required={field.required}
          error={common.error}
          placeholder={placeholder}
          value={isDirection(value) ? value : null}
          onChange={onChange}
          onBlur={onBlur}
        />
      );
      break;
    default:
      input = <UnknownField name={common.label} />;
  }

  return (
    <Stack gap={4} data-field={field.code}>
      {input}
      {unique?.status === 'error' &&
        unique.itsMine &&
        unique.existingId &&
        entity === 'contact' && (
          <Group>
            <Button
              component="a"
              href={`/contact?inbox=me&id=${encodeURIComponent(unique.existingId)}`}
              size="compact-xs"
              variant="light"
            >
              {es.fields.goToContact}
            </Button>
          </Group>
        )}
    </Stack>
  );
}

/** idle: nothing; loading: a spinner; success: a check; error: a mark (the text goes below). */
function UniqueMark({ state }: { state: UniqueState }) {
  switch (state.status) {
    case 'loading':
      return <Loader size={14} aria-label={es.fields.checking} />;
    case 'success':
      return (
        <span role="img" aria-label={es.fields.uniqueAvailable} style={{ display: 'flex' }}>
          <CheckIcon size={16} color="var(--mantine-color-teal-7)" />
        </span>
      );
    case 'error':
      return <AlertIcon size={16} color="var(--mantine-color-red-7)" />;
    default:
      return null;
  }
}

function UnknownField({ name }: { name: string }) {
  return (
    <Input.Wrapper label={name}>
      <Text size="sm" c="red.7" role="alert">
        {es.fields.unknownKind}
      </Text>
    </Input.Wrapper>
  );
}

/** Every configurable field of a form, in the definitions' order, each with its state. */
export function CustomFieldsInputs({
  form,
  entity,
  recordId,
}: {
  form: CustomFieldsForm;
  entity: CustomFieldEntity;
  recordId?: string;
}) {
  const fullRow = fullRowFields(form.fields);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      {form.fields.map((field) => (
        <Box key={field.id} style={fullRow.has(field.code) ? FULL_ROW : undefined}>
          <CustomFieldInput
            field={field}
            entity={entity}
            mode={form.isReadOnly(field) ? 'read' : 'edit'}
            recordId={recordId}
            value={form.valueOf(field.code)}
            onChange={(next) => form.setValue(field.code, next)}
            onBlur={() => form.blur(field.code)}
            error={form.errorOf(field.code)}
            unique={field.uniqueField ? form.uniqueOf(field.code) : undefined}
          />
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** Short values (text, numbers, dates, one option) go two to a row; everything else alone. */
const SHORT_TYPES = new Set<string>(['string', 'number', 'date', 'select']);
const FULL_ROW = { gridColumn: '1 / -1' } as const;

/** Fields that take a whole row: the long ones, and a short one that would be left alone. */
function fullRowFields(fields: FormField[]): Set<string> {
  const full = new Set<string>();
  let column = 0;
  fields.forEach((field, index) => {
    const next = fields[index + 1];
    const short = SHORT_TYPES.has(field.type);
    if (!short || (column === 0 && (!next || !SHORT_TYPES.has(next.type)))) {
      full.add(field.code);
      column = 0;
    } else {
      column = column === 0 ? 1 : 0;
    }
  });
  return full;
}
