import { useState } from 'react';
import {
  Alert,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  COMPANY_PANEL_ICONS,
  COMPANY_PANEL_LABEL_MAX,
  DEFAULT_FIELD_LABEL_MAX,
  type CompanyPanelIcon,
} from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { COMPANY_PANEL_ICON_COMPONENTS } from '../../ui/icons';
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
      {settings.isError && !settings.data ? (
        <QueryError query={settings} maw={560} />
      ) : settings.data ? (
        <PanelForm key={settings.dataUpdatedAt} stored={settings.data} />
      ) : (
        <Stack gap="xs">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={12} radius="sm" />
          ))}
        </Stack>
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

function PanelForm({ stored }: { stored: CompaniesSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [panelLabel, setPanelLabel] = useState(stored.panelLabel);
  const [icon, setIcon] = useState<CompanyPanelIcon>(
    (COMPANY_PANEL_ICONS as readonly string[]).includes(stored.icon)
      ? (stored.icon as CompanyPanelIcon)
      : 'building',
  );
  const [fields, setFields] = useState(() => fieldsOf(stored));
  const save = useMutation(
    trpc.company.savePanel.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.company.settings.queryKey(), saved);
        notifications.show({ color: 'teal', message: t.saved });
      },
    }),
  );
  const placed = save.error
    ? placeFieldErrors(fieldErrorsOf(save.error), (parts) => parts.join('.'))
    : { fields: {} as Record<string, string>, rest: [] as string[] };
  const labelError =
    panelLabel.trim().length > COMPANY_PANEL_LABEL_MAX ? t.labelTooLong : placed.fields.panelLabel;
  const change = (field: DefaultFieldKey, patch: Partial<FieldSettings>) =>
    setFields((current) => ({ ...current, [field]: { ...current[field], ...patch } }));
  const Preview = COMPANY_PANEL_ICON_COMPONENTS[icon];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (labelError) return;
        save.mutate({
          panelLabel: panelLabel.trim(),
          icon,
          defaultFields: Object.fromEntries(
            FIELDS.map((field) => [
              field,
              { ...fields[field], label: fields[field].label.trim() || undefined },
            ]),
          ),
        });
      }}
    >
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t.label}
            description={t.labelHint}
            value={panelLabel}
            maxLength={COMPANY_PANEL_LABEL_MAX + 10}
            onChange={(event) => setPanelLabel(event.currentTarget.value)}
            error={labelError}
            w={320}
          />
          <Select
            label={t.icon}
            data={ICON_OPTIONS}
            value={icon}
            allowDeselect={false}
            onChange={(value) => value && setIcon(value as CompanyPanelIcon)}
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
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table verticalSpacing={6} horizontalSpacing="md">
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{t.field}</Table.Th>
                  <Table.Th>{t.fieldLabel}</Table.Th>
                  <Table.Th w={90}>{t.hidden}</Table.Th>
                  <Table.Th w={110}>{t.required}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {FIELDS.map((field) => {
                  // The tax code goes by its country's name ('RUT', 'CUIT'…).
                  const name = field === 'taxCode' ? stored.taxCodeLabel : t.fieldNames[field];
                  const settings = fields[field];
                  return (
                    <Table.Tr key={field}>
                      <Table.Td>
                        <Text size="sm" fw={600} c={settings.hidden ? 'dimmed' : undefined}>
                          {name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={format(t.fieldLabelOf, { name })}
                          placeholder={name}
                          value={settings.label}
                          maxLength={DEFAULT_FIELD_LABEL_MAX}
                          onChange={(event) => change(field, { label: event.currentTarget.value })}
                          error={placed.fields[`defaultFields.${field}.label`]}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={settings.hidden}
                          aria-label={format(t.hiddenOf, { name })}
                          onChange={(event) =>
                            change(field, { hidden: event.currentTarget.checked })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        {REQUIRABLE.includes(field) && (
                          <Switch
                            checked={settings.required && !settings.hidden}
                            disabled={settings.hidden}
                            aria-label={format(t.requiredOf, { name })}
                            onChange={(event) =>
                              change(field, { required: event.currentTarget.checked })
                            }
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {save.isError && Object.keys(placed.fields).length === 0 && (
          <Alert color="red" variant="light" role="alert">
            {placed.rest[0] ?? userMessageOf(save.error)}
          </Alert>
        )}
        <FormActions
          cancelLabel={es.fieldsConfig.cancel}
          onCancel={() => {
            setPanelLabel(stored.panelLabel);
            setFields(fieldsOf(stored));
            save.reset();
          }}
          submitLabel={t.save}
          loading={save.isPending}
          cancelDisabled={save.isPending}
        />
      </Stack>
    </form>
  );
}
