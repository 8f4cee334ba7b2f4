import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Checkbox,
  Collapse,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import {
  REQUEST_FIELD_TYPES,
  type RequestField,
  type RequestFieldType,
} from '@cartera/domain/request-sales';
import { TrashIcon } from '../../../ui/icons';
import { DefaultInput, OptionsEditor } from './field-options';
import { RulesEditor } from './rules-editor';

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
 * address, and the visibility rules built from conditions joined by AND / OR (field-options
 * and rules-editor hold the options, the default and the rules).
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
