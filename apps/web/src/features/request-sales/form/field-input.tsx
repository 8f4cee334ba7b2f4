import {
  Autocomplete,
  MultiSelect,
  Select,
  TextInput,
  Textarea,
  type ComboboxItem,
} from '@mantine/core';
import {
  REQUEST_MULTILINE_ROWS,
  optionsFor,
  requestDateTime,
  requestDay,
  type RequestField,
  type RequestViewer,
} from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { FileField } from './file-field';
import { SearchField } from './search-field';
import { shownDay } from './field-format';

const t = es.requestSales;

/** A text longer than this shows as a multiline box (collapsed to 6 rows, 02 §9). */
const LONG_TEXT = 120;

export interface FieldInputProps {
  field: RequestField;
  value: unknown;
  onChange: (value: unknown) => void;
  viewer: RequestViewer;
  /** Locked for the user's flow, the form is read-only, or an autoincrement id. */
  disabled: boolean;
  error: string | null;
  /** The template's id: the `search` field asks the server's proxy with it (null in a preview). */
  templateId: string | null;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** One field of a request template (02 §3 Template field types), by its type. */
export function FieldInput({
  field,
  value,
  onChange,
  viewer,
  disabled,
  error,
  templateId,
}: FieldInputProps) {
  const label = field.title || field.field;
  const common = {
    label,
    required: field.required,
    disabled,
    error: error ?? undefined,
    'data-field': field.field,
  };
  switch (field.type) {
    case 'string': {
      const current = text(value);
      if (field.autocompletable && field.options.length > 0)
        return (
          <Autocomplete
            {...common}
            value={current}
            onChange={onChange}
            data={field.options.map((option) => option.title)}
          />
        );
      if ((field.maxLength ?? 0) > LONG_TEXT || current.length > LONG_TEXT)
        return (
          <Textarea
            {...common}
            value={current}
            onChange={(event) => onChange(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={REQUEST_MULTILINE_ROWS}
          />
        );
      return (
        <TextInput
          {...common}
          value={current}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    }
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value.replace(/\D+/g, ''))}
        />
      );
    case 'select': {
      const data: ComboboxItem[] = optionsFor(field, viewer).map((option) => ({
        value: option.key,
        label: option.title,
      }));
      return (
        <Select
          {...common}
          data={data}
          value={text(value) || null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
          searchable={data.length > 8}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'selectmultiple':
    case 'multiselectarray':
      return (
        <MultiSelect
          {...common}
          data={optionsFor(field, viewer).map((option) => ({
            value: option.key,
            label: option.title,
          }))}
          value={list(value)}
          onChange={onChange}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'date':
    case 'datetime': {
      const day = field.type === 'date';
      return (
        <TextInput
          {...common}
          placeholder={day ? t.datePlaceholder : t.dateTimePlaceholder}
          value={shownDay(text(value))}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            // A complete date is kept as the server stores it; a half-typed one as typed.
            onChange((day ? requestDay(typed) : requestDateTime(typed)) ?? typed);
          }}
        />
      );
    }
    case 'image':
    case 'multiplefile':
      return (
        <FileField
          label={label}
          required={field.required}
          multiple={field.type === 'multiplefile'}
          accept={field.type === 'image' ? 'image/*' : undefined}
          value={value}
          onChange={onChange}
          disabled={disabled}
          error={error}
          code={field.field}
        />
      );
    case 'search':
      return (
        <SearchField
          label={label}
          required={field.required}
          value={value}
          onChange={onChange}
          disabled={disabled}
          error={error}
          code={field.field}
          templateId={templateId}
        />
      );
    case 'autoincrementid':
      return (
        <TextInput
          {...common}
          readOnly
          disabled
          required={false}
          value={text(value)}
          placeholder={t.autoincrement}
        />
      );
    case 'divider':
      return null;
  }
}
