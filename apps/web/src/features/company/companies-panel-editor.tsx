import { Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_PANEL_ICONS,
  COMPANY_PANEL_LABEL_MAX,
  DEFAULT_FIELD_LABEL_MAX,
  type CompanyPanelIcon,
} from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { EntityForm } from '../../ui/entity-dialog';
import { Panel } from '../../ui/panel';
import { QueryLoading } from '../../ui/query-error';
import { COMPANY_PANEL_ICON_COMPONENTS } from '../../ui/icons';
import { useEntityForm } from '../../ui/use-entity-form';
import {
  useCompaniesSettings,
  type CompaniesSettings,
  type DefaultFieldKey,
} from '../companies/companies-settings';

const t = es.fieldsConfig.panel;

const FIELDS: readonly DefaultFieldKey[] = [
  'displayName',
  'taxCode',
  'description',
  'origin',
  'direction',
  'hasSectors',
];
/** Fields a company may require (the others are a choice or a flag). */
const REQUIRABLE: readonly DefaultFieldKey[] = [
  'displayName',
  'taxCode',
  'description',
  'direction',
];

const ICON_OPTIONS = COMPANY_PANEL_ICONS.map((value) => ({ value, label: t.icons[value] }));

type FieldSettings = { hidden: boolean; required: boolean; label: string };

/**
 * 'Panel de empresas' (issue #4, #17): the name the menu and the companies list carry, the menu
 * icon, and how each default field of the company form shows (its label, hidden, required).
 */
export function CompaniesPanelEditor() {
  const settings = useCompaniesSettings();
  return (
    <Panel titleId="company-companies-panel" title={t.title}>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {settings.data ? (
        <PanelForm key={settings.dataUpdatedAt} stored={settings.data} />
      ) : (
        <QueryLoading query={settings} />
      )}
    </Panel>
  );
}

function fieldsOf(stored: CompaniesSettings): Record<DefaultFieldKey, FieldSettings> {
  return Object.fromEntries(
    FIELDS.map((field) => {
      const current = stored.defaultFields[field];
      return [
        field,
        {
          hidden: current?.hidden === true,
          required: current?.required === true,
          label: current?.label ?? '',
        },
      ];
    }),
  ) as Record<DefaultFieldKey, FieldSettings>;
}

interface PanelValues {
  panelLabel: string;
  icon: CompanyPanelIcon;
  fields: Record<DefaultFieldKey, FieldSettings>;
}

function valuesOf(stored: CompaniesSettings): PanelValues {
  return {
    panelLabel: stored.panelLabel,
    icon: (COMPANY_PANEL_ICONS as readonly string[]).includes(stored.icon)
      ? (stored.icon as CompanyPanelIcon)
      : 'building',
    fields: fieldsOf(stored),
  };
}

function PanelForm({ stored }: { stored: CompaniesSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useEntityForm<PanelValues>({
    initial: () => valuesOf(stored),
    validate: ({ panelLabel }) =>
      panelLabel.trim().length > COMPANY_PANEL_LABEL_MAX ? { panelLabel: t.labelTooLong } : {},
    // The server's errors by their whole path ('panelLabel', 'defaultFields.taxCode.label').
    place: (parts) => parts.join('.'),
  });
  const { panelLabel, icon, fields } = form.values;
  const save = useMutation(
    trpc.company.savePanel.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.company.settings.queryKey(), saved);
        notifications.show({ color: 'teal', message: t.saved });
      },
      onError: form.onError,
    }),
  );
  // A label too long is said as it is typed.
  const labelError =
    panelLabel.trim().length > COMPANY_PANEL_LABEL_MAX
      ? t.labelTooLong
      : form.errorOf('panelLabel');
  const change = (field: DefaultFieldKey, patch: Partial<FieldSettings>) =>
    form.change(
      { fields: { ...fields, [field]: { ...fields[field], ...patch } } },
      `defaultFields.${field}.label`,
    );
  const Preview = COMPANY_PANEL_ICON_COMPONENTS[icon];

  return (
    <EntityForm
      onSubmit={() =>
        form.submit((values) =>
          save.mutate({
            panelLabel: values.panelLabel.trim(),
            icon: values.icon,
            defaultFields: Object.fromEntries(
              FIELDS.map((field) => [
                field,
                { ...values.fields[field], label: values.fields[field].label.trim() || undefined },
              ]),
            ),
          }),
        )
      }
      onCancel={() => {
        form.reset();
        save.reset();
      }}
      form={form}
      saving={save.isPending}
      submitLabel={t.save}
      cancelLabel={es.fieldsConfig.cancel}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        <TextInput
          label={t.label}
          description={t.labelHint}
          value={panelLabel}
          maxLength={COMPANY_PANEL_LABEL_MAX + 10}
          onChange={(event) => form.set('panelLabel', event.currentTarget.value)}
          error={labelError}
          w={320}
        />
        <Select
          label={t.icon}
          data={ICON_OPTIONS}
          value={icon}
          allowDeselect={false}
          onChange={(value) => value && form.set('icon', value as CompanyPanelIcon)}
          leftSection={<Preview size={18} />}
          renderOption={({ option }) => {
            const OptionIcon = COMPANY_PANEL_ICON_COMPONENTS[option.value as CompanyPanelIcon];
            return (
              <Group gap="xs" wrap="nowrap">
                <OptionIcon size={18} />
                <Text size="sm">{option.label}</Text>
              </Group>
            );
          }}
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <Text size="sm" fw={600}>
        {t.defaultFields}
      </Text>
      <DataTable
        items={FIELDS}
        rowKey={(field) => field}
        label={t.defaultFields}
        minWidth={560}
        verticalSpacing={6}
        empty={null}
        columns={[
          {
            key: 'field',
            header: t.field,
            cell: (field) => (
              <Text size="sm" fw={600} c={fields[field].hidden ? 'dimmed' : undefined}>
                {nameOf(field)}
              </Text>
            ),
          },
          {
            key: 'label',
            header: t.fieldLabel,
            cell: (field) => (
              <TextInput
                size="xs"
                aria-label={format(t.fieldLabelOf, { name: nameOf(field) })}
                placeholder={nameOf(field)}
                value={fields[field].label}
                maxLength={DEFAULT_FIELD_LABEL_MAX}
                onChange={(event) => change(field, { label: event.currentTarget.value })}
                error={form.errorOf(`defaultFields.${field}.label`)}
              />
            ),
          },
          {
            key: 'hidden',
            header: t.hidden,
            width: 90,
            cell: (field) => (
              <Switch
                checked={fields[field].hidden}
                aria-label={format(t.hiddenOf, { name: nameOf(field) })}
                onChange={(event) => change(field, { hidden: event.currentTarget.checked })}
              />
            ),
          },
          {
            key: 'required',
            header: t.required,
            width: 110,
            cell: (field) =>
              REQUIRABLE.includes(field) && (
                <Switch
                  checked={fields[field].required && !fields[field].hidden}
                  disabled={fields[field].hidden}
                  aria-label={format(t.requiredOf, { name: nameOf(field) })}
                  onChange={(event) => change(field, { required: event.currentTarget.checked })}
                />
              ),
          },
        ]}
      />
    </EntityForm>
  );

  /** The field's name: the tax code goes by its country's name ('RUT', 'CUIT'…). */
  function nameOf(field: DefaultFieldKey) {
    return field === 'taxCode' ? stored.taxCodeLabel : t.fieldNames[field];
  }
}
