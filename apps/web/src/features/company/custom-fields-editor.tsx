import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BOUNDED_FIELD_TYPES,
  CUSTOM_FIELD_CODE_PATTERN,
  CUSTOM_FIELD_TYPES,
  definitionErrors,
  OPTION_FIELD_TYPES,
  type CustomFieldEntity,
  type CustomFieldOption,
  type CustomFieldType,
} from '@cartera/domain/custom-fields';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { OptionBadge, SharedOptionDialog } from '../custom-fields/shared-option-dialog';
import type { SharedOptionView } from '../custom-fields/field-values';
import { ConfigDialog, useConfigDialogForm } from './config-dialog';
import { ConfigTable, type ConfigDialogProps } from './config-table';
import { useConfigSaved } from './use-catalog-saved';

const text = es.company;
const t = es.fieldsConfig.fields;

type Field = RouterOutputs['customField']['list'][number];

const TYPE_OPTIONS = CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t.types[value] }));

/** What follows a saved field: every field query read again (editors and forms) and a notice. */
const useFieldsSaved = () => useConfigSaved((trpc) => [trpc.customField.pathFilter()]);

/**
 * 'Campos de contactos' / 'Campos de empresas' (02 §3, §5; issue #17): the configurable fields of
 * one entity, active or not, with their type; 'Activo' takes a field out of every form at once
 * (stored values stay). The dialog edits the definition, its options and shared options.
 */
export function CustomFieldsEditor({ entity }: { entity: CustomFieldEntity }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.customField.list.queryOptions({ entity }));
  const toggle = useMutation(trpc.customField.update.mutationOptions(useFieldsSaved().toggled));
  const togglingId = toggle.isPending ? (toggle.variables?.id ?? null) : null;
  return (
    <ConfigTable
      titleId={`company-fields-${entity}`}
      texts={{ ...t, title: entity === 'contact' ? t.contactTitle : t.companyTitle }}
      query={list}
      togglingCode={list.data?.find((field) => field.id === togglingId)?.code ?? null}
      onToggle={(field, active) => toggle.mutate({ id: field.id, data: { active } })}
      columns={[
        {
          label: t.type,
          render: (field) => (
            <Text size="sm">
              {t.types[field.type]}
              {field.required && (
                <Badge size="sm" variant="light" color="orange" ml="xs">
                  {t.requiredBadge}
                </Badge>
              )}
            </Text>
          ),
        },
      ]}
      dialog={(props) => <FieldDialog entity={entity} {...props} />}
    />
  );
}

interface Values {
  code: string;
  name: string;
  type: CustomFieldType;
  options: CustomFieldOption[];
  placeholder: string;
  required: boolean;
  uniqueField: boolean;
  onlyRead: boolean;
  disableForUsers: boolean;
  requiredOnSale: boolean;
  showOnProspectHeader: boolean;
  minChars: number | '';
  maxChars: number | '';
  position: number | '';
}

function initialValues(field: Field | undefined): Values {
  return {
    code: field?.code ?? '',
    name: field?.name ?? '',
    type: field?.type ?? 'string',
    options: field?.options ?? [],
    placeholder: field?.placeholder ?? '',
    required: field?.required ?? false,
    uniqueField: field?.uniqueField ?? false,
    onlyRead: field?.onlyRead ?? false,
    disableForUsers: field?.disableForUsers ?? false,
    requiredOnSale: field?.requiredOnSale ?? false,
    showOnProspectHeader: field?.showOnProspectHeader ?? false,
    minChars: field?.minChars ?? '',
    maxChars: field?.maxChars ?? '',
    position: field?.position ?? 0,
  };
}

const bound = (value: number | '') => (value === '' ? null : value);

/** The client's checks: the same rules and texts as the server's. */
function clientErrors(values: Values, creating: boolean): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  const code = values.code.trim();
  if (creating) {
    if (!code) errors.code = text.codeRequired;
    else if (!CUSTOM_FIELD_CODE_PATTERN.test(code)) errors.code = t.codeInvalid;
  }
  if (!values.name.trim()) errors.name = t.nameRequired;
  const bounded = BOUNDED_FIELD_TYPES.includes(values.type);
  Object.assign(
    errors,
    definitionErrors({
      type: values.type,
      options: values.options,
      minChars: bounded ? bound(values.minChars) : null,
      maxChars: bounded ? bound(values.maxChars) : null,
    }),
  );
  if (values.options.some((option) => !option.name.trim())) {
    errors.options = es.companies.optionNameRequired;
  }
  return errors;
}

function FieldDialog({
  entity,
  item: field,
  opened,
  onClose,
}: ConfigDialogProps<Field> & { entity: CustomFieldEntity }) {
  const trpc = useTRPC();
  const form = useConfigDialogForm<Values>(
    () => initialValues(field),
    useFieldsSaved().saved(onClose),
    (values) => clientErrors(values, !field),
  );
  const { values, errors } = form;
  const create = useMutation(trpc.customField.create.mutationOptions(form.options));
  const update = useMutation(trpc.customField.update.mutationOptions(form.options));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    form.set({ [key]: value } as Partial<Values>);
    errors.clear(key);
  };
  const withOptions = OPTION_FIELD_TYPES.includes(values.type);
  const bounded = BOUNDED_FIELD_TYPES.includes(values.type);

  function submit() {
    if (!errors.submit()) return;
    const data = {
      name: values.name.trim(),
      options: withOptions
        ? values.options.map((option) => ({ ...option, name: option.name.trim() }))
        : [],
      placeholder: values.placeholder.trim(),
      required: values.required,
      uniqueField: values.uniqueField,
      onlyRead: values.onlyRead,
      disableForUsers: values.disableForUsers,
      requiredOnSale: values.requiredOnSale,
      showOnProspectHeader: values.showOnProspectHeader,
      minChars: bounded ? bound(values.minChars) : null,
      maxChars: bounded ? bound(values.maxChars) : null,
      position: values.position === '' ? 0 : values.position,
    };
    if (field) update.mutate({ id: field.id, data });
    else create.mutate({ ...data, entity, code: values.code.trim(), type: values.type });
  }

  return (
    <ConfigDialog
      title={field ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      creating={!field}
      form={form}
      codeHint={t.codeHint}
      onClose={onClose}
      onSubmit={submit}
    >
      <Select
        label={t.type}
        description={field ? undefined : t.typeHint}
        data={TYPE_OPTIONS}
        value={values.type}
        allowDeselect={false}
        disabled={!!field}
        onChange={(value) => value && set('type', value as CustomFieldType)}
        comboboxProps={{ withinPortal: true }}
      />
      {withOptions && (
        <OptionsInput
          options={values.options}
          error={errors.errorOf('options')}
          onChange={(next) => set('options', next)}
        />
      )}
      {values.type === 'sharedmultioptions' &&
        (field ? (
          <SharedOptionsEditor entity={entity} fieldId={field.id} />
        ) : (
          <Text size="xs" c="dimmed">
            {t.sharedOptionsLater}
          </Text>
        ))}
      <TextInput
        label={t.placeholder}
        value={values.placeholder}
        maxLength={200}
        onChange={(event) => set('placeholder', event.currentTarget.value)}
        error={errors.errorOf('placeholder')}
      />
      {bounded && (
        <SimpleGrid cols={2} spacing="md">
          <NumberInput
            label={t.minChars}
            value={values.minChars}
            min={0}
            max={5000}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => set('minChars', typeof value === 'number' ? value : '')}
            error={errors.errorOf('minChars')}
          />
          <NumberInput
            label={t.maxChars}
            value={values.maxChars}
            min={1}
            max={5000}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => set('maxChars', typeof value === 'number' ? value : '')}
            error={errors.errorOf('maxChars')}
          />
        </SimpleGrid>
      )}
      <NumberInput
        label={t.position}
        description={t.positionHint}
        value={values.position}
        min={0}
        max={10_000}
        allowDecimal={false}
        allowNegative={false}
        onChange={(value) => set('position', typeof value === 'number' ? value : '')}
        error={errors.errorOf('position')}
      />
      <Stack gap="xs">
        <Checkbox
          label={t.required}
          checked={values.required}
          onChange={(event) => set('required', event.currentTarget.checked)}
        />
        <Checkbox
          label={t.uniqueField}
          description={t.uniqueFieldHint}
          checked={values.uniqueField}
          onChange={(event) => set('uniqueField', event.currentTarget.checked)}
        />
        <Checkbox
          label={t.onlyRead}
          description={t.onlyReadHint}
          checked={values.onlyRead}
          onChange={(event) => set('onlyRead', event.currentTarget.checked)}
        />
        <Checkbox
          label={t.disableForUsers}
          checked={values.disableForUsers}
          onChange={(event) => set('disableForUsers', event.currentTarget.checked)}
        />
        {entity === 'contact' && (
          <>
            <Checkbox
              label={t.requiredOnSale}
              checked={values.requiredOnSale}
              onChange={(event) => set('requiredOnSale', event.currentTarget.checked)}
            />
            <Checkbox
              label={t.showOnProspectHeader}
              checked={values.showOnProspectHeader}
              onChange={(event) => set('showOnProspectHeader', event.currentTarget.checked)}
            />
          </>
        )}
      </Stack>
      {field && field.optionsFilters.length > 0 && (
        <Text size="xs" c="dimmed">
          {text.filtersKept}
        </Text>
      )}
    </ConfigDialog>
  );
}

/** The options of a 'Opción' or 'Opción múltiple' field, one text each, in order. */
function OptionsInput({
  options,
  error,
  onChange,
}: {
  options: CustomFieldOption[];
  error: string | null | undefined;
  onChange: (options: CustomFieldOption[]) => void;
}) {
  return (
    <Input.Wrapper label={t.options} withAsterisk error={error}>
      <Stack gap="xs" mt={4} mb={error ? 4 : 0}>
        {options.map((option, index) => (
          <Group key={index} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={format(t.option, { n: index + 1 })}
              placeholder={format(t.option, { n: index + 1 })}
              value={option.name}
              maxLength={200}
              onChange={(event) => {
                const name = event.currentTarget.value;
                onChange(options.map((each, at) => (at === index ? { ...each, name } : each)));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={format(t.removeOption, { n: index + 1 })}
              onClick={() => onChange(options.filter((_, at) => at !== index))}
            >
              <TrashIcon size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          w="fit-content"
          leftSection={<PlusIcon size={14} />}
          onClick={() => onChange([...options, { name: '' }])}
        >
          {t.addOption}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * The shared options of a saved 'Opciones compartidas' field (02 screen 8), read live from the
 * list: each badge opens 'Editar opción', 'Crear opción' adds one.
 */
function SharedOptionsEditor({ entity, fieldId }: { entity: CustomFieldEntity; fieldId: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.customField.list.queryOptions({ entity }));
  const shared = list.data?.find((each) => each.id === fieldId)?.sharedOptions ?? [];
  const [editing, setEditing] = useState<SharedOptionView | 'new' | null>(null);
  return (
    <Input.Wrapper label={t.sharedOptions}>
      <Group gap="xs" mt={4}>
        {shared.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.noSharedOptions}
          </Text>
        )}
        {shared.map((option) => (
          <UnstyledButton
            key={option.code}
            aria-label={format(es.fields.editOptionNamed, { name: option.name })}
            onClick={() => setEditing(option)}
          >
            <OptionBadge option={option} />
          </UnstyledButton>
        ))}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<PlusIcon size={14} />}
          onClick={() => setEditing('new')}
        >
          {es.fields.createOption}
        </Button>
      </Group>
      {editing !== null && (
        <SharedOptionDialog
          fieldId={fieldId}
          option={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => undefined}
          onDeleted={() => undefined}
        />
      )}
    </Input.Wrapper>
  );
}
