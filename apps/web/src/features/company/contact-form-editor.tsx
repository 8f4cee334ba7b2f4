import { MultiSelect, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIXED_FORM_KINDS,
  isKnownFormKind,
  REQUIRABLE_KINDS,
  type ContactFormItem,
  type ContactFormSettingsInput,
} from '@cartera/domain/contact-form';
import { es, format } from '@cartera/domain/i18n';
import { ROLE_LABELS, ROLES } from '@cartera/domain/roles';
import type { RouterOutputs } from '../../lib/api-types';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { DataTable, RowAction } from '../../ui/data-table';
import { EntityForm } from '../../ui/entity-dialog';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryLoading } from '../../ui/query-error';
import { useEntityForm } from '../../ui/use-entity-form';

const t = es.fieldsConfig.form;

type Settings = RouterOutputs['contact']['formSettings'];

/** Kinds a feature flag of the company shows or hides besides the definition (isKindShown). */
const FLAG_KINDS: readonly string[] = ['lastName', 'govId', 'location', 'affiliatedCompanyGroup'];

const UNIFY_ROLE_OPTIONS = [
  { value: 'all', label: t.allRoles },
  ...ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })),
];

/**
 * 'Formulario de contacto' (02 §2 screen 1, §5, §6; issue #17): the order of the contact sheet's
 * items, which are shown and which required, whether the phone is optional and who may unify
 * contacts. The sheet of 'Crear contacto' and 'Editar contacto' follows what is saved.
 */
export function ContactFormEditor() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.contact.formSettings.queryOptions());
  return (
    <Panel titleId="company-contact-form" title={t.title}>
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      {settings.data ? (
        // A fresh copy of what is stored each time it is read again after a save.
        <FormDefinition key={settings.dataUpdatedAt} stored={settings.data} />
      ) : (
        <QueryLoading query={settings} />
      )}
    </Panel>
  );
}

interface DefinitionValues {
  form: ContactFormItem[];
  phoneOptional: boolean;
  unify: Settings['unify'];
}

function FormDefinition({ stored }: { stored: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const definition = useEntityForm<DefinitionValues>({
    initial: { form: stored.form, phoneOptional: stored.phoneOptional, unify: stored.unify },
  });
  const { form, phoneOptional, unify } = definition.values;
  const fields = useQuery(trpc.customField.list.queryOptions({ entity: 'contact' }));
  const save = useMutation(
    trpc.contact.saveFormSettings.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.contact.formSettings.queryFilter());
        void queryClient.invalidateQueries(trpc.contact.form.queryFilter());
        notifications.show({ color: 'teal', message: t.saved });
      },
      // The definition is one table: the server's messages are said together above the buttons.
      onError: (error) => {
        const messages = [...new Set(Object.values(fieldErrorsOf(error)).flat())];
        if (messages.length > 0) definition.showMessage(messages.join(' '));
        else definition.onError(error);
      },
    }),
  );

  const nameOf = (item: ContactFormItem) => {
    if (item.kind === 'additionalData' && item.code) {
      const field = fields.data?.find((each) => each.code === item.code);
      return format(t.additionalField, { name: field?.name ?? item.code });
    }
    return isKnownFormKind(item.kind)
      ? t.kinds[item.kind]
      : format(t.unknownKind, { kind: item.kind });
  };
  const change = (index: number, patch: Partial<ContactFormItem>) =>
    definition.set(
      'form',
      form.map((item, at) => (at === index ? { ...item, ...patch } : item)),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...form];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    definition.set('form', next);
  };

  return (
    <EntityForm
      onSubmit={() =>
        definition.submit((values) =>
          save.mutate({
            form: values.form,
            phoneOptional: values.phoneOptional,
            unify: {
              ...values.unify,
              roles: values.unify.roles as ContactFormSettingsInput['unify']['roles'],
            },
          }),
        )
      }
      onCancel={() => {
        definition.reset();
        save.reset();
      }}
      form={definition}
      saving={save.isPending}
      submitLabel={t.save}
      cancelLabel={es.fieldsConfig.cancel}
    >
      <DataTable
        items={form}
        rowKey={(item) => `${item.kind}:${item.code ?? ''}`}
        labelledBy="company-contact-form"
        minWidth={520}
        verticalSpacing={6}
        empty={null}
        columns={[
          {
            key: 'field',
            header: t.field,
            cell: (item) => (
              <>
                <Text size="sm" fw={600} c={item.hidden ? 'dimmed' : undefined}>
                  {nameOf(item)}
                </Text>
                {FLAG_KINDS.includes(item.kind) && (
                  <Text size="xs" c="dimmed">
                    {t.flagNote}
                  </Text>
                )}
              </>
            ),
          },
          {
            key: 'visible',
            header: t.visible,
            width: 100,
            cell: (item, index) => {
              const fixed = (FIXED_FORM_KINDS as readonly string[]).includes(item.kind);
              return (
                <Switch
                  checked={!item.hidden}
                  disabled={fixed}
                  title={fixed ? t.alwaysShown : undefined}
                  aria-label={format(t.visibleOf, { name: nameOf(item) })}
                  onChange={(event) => change(index, { hidden: !event.currentTarget.checked })}
                />
              );
            },
          },
          {
            key: 'required',
            header: es.fieldsConfig.fields.required,
            width: 110,
            cell: (item, index) => {
              const name = nameOf(item);
              if (item.kind === 'firstName')
                return <Switch checked disabled aria-label={format(t.requiredOf, { name })} />;
              if (item.kind === 'phones')
                return (
                  <Switch
                    checked={!phoneOptional}
                    title={t.phoneOptionalHint}
                    aria-label={format(t.requiredOf, { name })}
                    onChange={(event) =>
                      definition.set('phoneOptional', !event.currentTarget.checked)
                    }
                  />
                );
              if (!(REQUIRABLE_KINDS as readonly string[]).includes(item.kind)) return null;
              return (
                <Switch
                  checked={item.required === true}
                  disabled={item.hidden === true}
                  aria-label={format(t.requiredOf, { name })}
                  onChange={(event) => change(index, { required: event.currentTarget.checked })}
                />
              );
            },
          },
        ]}
        actions={{
          label: es.company.actions,
          width: 90,
          cell: (item) => {
            const name = nameOf(item);
            const index = form.indexOf(item);
            return (
              <>
                <RowAction
                  label={format(t.moveUp, { name })}
                  icon={<ArrowUpIcon size={16} />}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />
                <RowAction
                  label={format(t.moveDown, { name })}
                  icon={<ArrowDownIcon size={16} />}
                  disabled={index === form.length - 1}
                  onClick={() => move(index, 1)}
                />
              </>
            );
          },
        }}
      />
      <Text size="xs" c="dimmed">
        {t.phoneOptionalHint}
      </Text>
      <Switch
        label={t.unify}
        checked={unify.active}
        onChange={(event) =>
          definition.set('unify', { ...unify, active: event.currentTarget.checked })
        }
      />
      {unify.active && (
        <MultiSelect
          label={t.unifyRoles}
          description={t.unifyRolesHint}
          data={UNIFY_ROLE_OPTIONS}
          value={unify.roles}
          onChange={(roles) => definition.set('unify', { ...unify, roles })}
          clearable
          maw={560}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </EntityForm>
  );
}
