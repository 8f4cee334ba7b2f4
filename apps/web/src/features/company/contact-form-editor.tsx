import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Group,
  MultiSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
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
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

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
      {settings.isError && !settings.data ? (
        <QueryError query={settings} maw={560} />
      ) : settings.data ? (
        // A fresh copy of what is stored each time it is read again after a save.
        <FormDefinition key={settings.dataUpdatedAt} stored={settings.data} />
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

function FormDefinition({ stored }: { stored: Settings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<ContactFormItem[]>(stored.form);
  const [phoneOptional, setPhoneOptional] = useState(stored.phoneOptional);
  const [unify, setUnify] = useState(stored.unify);
  const fields = useQuery(trpc.customField.list.queryOptions({ entity: 'contact' }));
  const save = useMutation(
    trpc.contact.saveFormSettings.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.contact.formSettings.queryFilter());
        void queryClient.invalidateQueries(trpc.contact.form.queryFilter());
        notifications.show({ color: 'teal', message: t.saved });
      },
    }),
  );
  const serverMessages = save.error
    ? [...new Set(Object.values(fieldErrorsOf(save.error)).flat())]
    : [];

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
    setForm((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: -1 | 1) =>
    setForm((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          form,
          phoneOptional,
          unify: { ...unify, roles: unify.roles as ContactFormSettingsInput['unify']['roles'] },
        });
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={520} type="native">
            <Table
              verticalSpacing={6}
              horizontalSpacing="md"
              aria-labelledby="company-contact-form"
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{t.field}</Table.Th>
                  <Table.Th w={100}>{t.visible}</Table.Th>
                  <Table.Th w={110}>{es.fieldsConfig.fields.required}</Table.Th>
                  <Table.Th w={90}>
                    <VisuallyHidden>{es.company.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.map((item, index) => {
                  const name = nameOf(item);
                  const fixed = (FIXED_FORM_KINDS as readonly string[]).includes(item.kind);
                  const requirable = (REQUIRABLE_KINDS as readonly string[]).includes(item.kind);
                  return (
                    <Table.Tr key={`${item.kind}:${item.code ?? ''}`}>
                      <Table.Td>
                        <Text size="sm" fw={600} c={item.hidden ? 'dimmed' : undefined}>
                          {name}
                        </Text>
                        {FLAG_KINDS.includes(item.kind) && (
                          <Text size="xs" c="dimmed">
                            {t.flagNote}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={!item.hidden}
                          disabled={fixed}
                          title={fixed ? t.alwaysShown : undefined}
                          aria-label={format(t.visibleOf, { name })}
                          onChange={(event) =>
                            change(index, { hidden: !event.currentTarget.checked })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        {item.kind === 'firstName' ? (
                          <Switch checked disabled aria-label={format(t.requiredOf, { name })} />
                        ) : item.kind === 'phones' ? (
                          <Switch
                            checked={!phoneOptional}
                            title={t.phoneOptionalHint}
                            aria-label={format(t.requiredOf, { name })}
                            onChange={(event) => setPhoneOptional(!event.currentTarget.checked)}
                          />
                        ) : requirable ? (
                          <Switch
                            checked={item.required === true}
                            disabled={item.hidden === true}
                            aria-label={format(t.requiredOf, { name })}
                            onChange={(event) =>
                              change(index, { required: event.currentTarget.checked })
                            }
                          />
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={2} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === 0}
                            aria-label={format(t.moveUp, { name })}
                            onClick={() => move(index, -1)}
                          >
                            <ArrowUpIcon size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === form.length - 1}
                            aria-label={format(t.moveDown, { name })}
                            onClick={() => move(index, 1)}
                          >
                            <ArrowDownIcon size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Text size="xs" c="dimmed">
          {t.phoneOptionalHint}
        </Text>
        <Switch
          label={t.unify}
          checked={unify.active}
          onChange={(event) => setUnify({ ...unify, active: event.currentTarget.checked })}
        />
        {unify.active && (
          <MultiSelect
            label={t.unifyRoles}
            description={t.unifyRolesHint}
            data={UNIFY_ROLE_OPTIONS}
            value={unify.roles}
            onChange={(roles) => setUnify({ ...unify, roles })}
            clearable
            maw={560}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {serverMessages.length > 0 ? serverMessages.join(' ') : userMessageOf(save.error)}
          </Alert>
        )}
        <FormActions
          cancelLabel={es.fieldsConfig.cancel}
          onCancel={() => {
            setForm(stored.form);
            setPhoneOptional(stored.phoneOptional);
            setUnify(stored.unify);
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
