import { Badge, Checkbox, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { NEXT_ACTIONS, type NextAction } from '@cartera/domain/conversation';
import { es } from '@cartera/domain/i18n';
import { ROLE_LABELS, ROLES, type Role } from '@cartera/domain/roles';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { ConfigDialog, useConfigDialogForm } from './config-dialog';
import { ConfigTable, type ConfigDialogProps } from './config-table';
import { useCatalogSaved } from './use-catalog-saved';
import { filterRowsOf, filtersOfRows, UsersFiltersField } from './users-filters-field';

const text = es.company;
const t = text.reasons;

type Reason = RouterOutputs['catalog']['allArchivingReasons'][number];

const NEXT_ACTION_OPTIONS = NEXT_ACTIONS.map((value) => ({ value, label: t.nextActions[value] }));
const ROLE_OPTIONS = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));

/**
 * 'Motivos de archivo' (03 §3 Archiving reason): code, name, sale or not, group, next action,
 * the roles and user filters it is limited to, and active. The conversation's 'Archivar' picker
 * offers the active ones at once to whom they admit.
 */
export function ArchivingReasonsEditor() {
  const trpc = useTRPC();
  const list = useQuery(trpc.catalog.allArchivingReasons.queryOptions());
  const toggle = useMutation(
    trpc.catalog.updateArchivingReason.mutationOptions(useCatalogSaved().toggled),
  );
  return (
    <ConfigTable
      titleId="company-reasons"
      texts={t}
      query={list}
      togglingCode={toggle.isPending ? (toggle.variables?.code ?? null) : null}
      onToggle={({ code, ...data }, active) =>
        toggle.mutate({
          code,
          data: { ...data, limitedToRoles: data.limitedToRoles as Role[], active },
        })
      }
      columns={[
        {
          label: t.nextAction,
          render: (reason) => (
            <Text size="sm">
              {t.nextActions[reason.nextAction]}
              {reason.type === 'sale' && (
                <Badge size="sm" variant="light" color="teal" ml="xs">
                  {t.saleBadge}
                </Badge>
              )}
            </Text>
          ),
        },
        { label: t.group, render: (reason) => <Text size="sm">{reason.groupCode ?? ''}</Text> },
        {
          label: t.roles,
          render: (reason) => (
            <Text size="sm" c={reason.limitedToRoles.length ? undefined : 'dimmed'}>
              {reason.limitedToRoles.length
                ? reason.limitedToRoles.map((role) => ROLE_LABELS[role as Role] ?? role).join(', ')
                : t.allRoles}
            </Text>
          ),
        },
      ]}
      dialog={(props) => <ReasonDialog {...props} />}
    />
  );
}

function ReasonDialog({ item: reason, opened, onClose }: ConfigDialogProps<Reason>) {
  const trpc = useTRPC();
  const form = useConfigDialogForm(
    {
      code: reason?.code ?? '',
      name: reason?.name ?? '',
      sale: reason?.type === 'sale',
      groupCode: reason?.groupCode ?? '',
      nextAction: reason?.nextAction ?? ('noAction' as NextAction),
      limitedToRoles: (reason?.limitedToRoles ?? []) as Role[],
      usersFilters: filterRowsOf(reason?.usersFilters),
    },
    useCatalogSaved().saved(onClose),
  );
  const { values, errors } = form;
  const create = useMutation(trpc.catalog.createArchivingReason.mutationOptions(form.options));
  const update = useMutation(trpc.catalog.updateArchivingReason.mutationOptions(form.options));

  function submit() {
    if (!errors.submit()) return;
    const data = {
      name: values.name.trim(),
      type: values.sale ? ('sale' as const) : null,
      groupCode: values.groupCode.trim() || null,
      nextAction: values.nextAction,
      limitedToRoles: values.limitedToRoles,
      usersFilters: filtersOfRows(values.usersFilters),
      active: reason?.active ?? true,
    };
    if (reason) update.mutate({ code: reason.code, data });
    else create.mutate({ ...data, code: values.code.trim() });
  }

  return (
    <ConfigDialog
      title={reason ? t.editTitle : t.createTitle}
      opened={opened}
      saving={create.isPending || update.isPending}
      creating={!reason}
      form={form}
      onClose={onClose}
      onSubmit={submit}
    >
      <Select
        label={t.nextAction}
        data={NEXT_ACTION_OPTIONS}
        value={values.nextAction}
        allowDeselect={false}
        onChange={(value) => value && form.set({ nextAction: value as NextAction })}
      />
      <TextInput
        label={t.group}
        description={t.groupHint}
        value={values.groupCode}
        maxLength={60}
        onChange={(event) => form.set({ groupCode: event.currentTarget.value })}
        error={errors.errorOf('groupCode')}
      />
      <MultiSelect
        label={t.roles}
        description={t.rolesHint}
        data={ROLE_OPTIONS}
        value={values.limitedToRoles}
        onChange={(roles) => form.set({ limitedToRoles: roles as Role[] })}
        error={errors.errorOf('limitedToRoles')}
        clearable
      />
      <Checkbox
        label={t.sale}
        description={t.saleHint}
        checked={values.sale}
        onChange={(event) => form.set({ sale: event.currentTarget.checked })}
      />
      <UsersFiltersField
        rows={values.usersFilters}
        errors={errors}
        onChange={(usersFilters) => form.set({ usersFilters })}
      />
    </ConfigDialog>
  );
}
