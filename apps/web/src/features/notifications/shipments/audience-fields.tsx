import { MultiSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { SHIPMENT_USERS_LIMIT, ZShipmentAudience } from '@cartera/domain/notifications';
import { ROLE_LABELS, ROLES, type Role } from '@cartera/domain/roles';
import { useTRPC } from '../../../lib/trpc';
import { GroupsSelect } from '../../pickers/groups-select';
import { RemotePicker, useRemoteSearch } from '../../pickers/remote-picker';

const texts = es.notifications.form;

/** Who a shipment reaches, as the form's fields hold it. */
export interface AudienceValues {
  companies: string[];
  groups: string[];
  roles: Role[];
  users: string[];
}

export const audienceOf = (values: AudienceValues): AudienceValues => ({
  companies: values.companies,
  groups: values.groups,
  roles: values.roles,
  users: values.users,
});

/**
 * The audience (docs/decisions.md 'Notification shipments'): companies, the admins' company's
 * groups, roles narrowing them, and up to 20 users of any company; below, how many active users
 * it reaches now (`previewAudience`), asked again as it changes.
 */
export function AudienceFields({
  values,
  onChange,
  errorOf,
}: {
  values: AudienceValues;
  onChange: (audience: Partial<AudienceValues>) => void;
  errorOf: (field: string) => string | null;
}) {
  const trpc = useTRPC();
  const companies = useQuery(trpc.account.companies.queryOptions());
  const groups = useQuery(trpc.admin.groups.queryOptions({}));
  const [debounced] = useDebouncedValue(audienceOf(values), 400);
  const parsed = ZShipmentAudience.safeParse(debounced);
  const reach = useQuery({
    ...trpc.notification.previewAudience.queryOptions(parsed.success ? parsed.data : debounced),
    enabled: parsed.success,
    placeholderData: keepPreviousData,
  });

  const groupChoices = (groups.data ?? []).map((group) => ({
    id: group.id,
    path: pathOf(group.id, groups.data ?? []),
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="audience">
      <Stack gap="sm">
        <Title order={2} fz="md" id="audience">
          {texts.audience}
        </Title>
        <MultiSelect
          label={texts.companies}
          data={(companies.data ?? []).map((company) => ({
            value: company.id,
            label: company.name,
          }))}
          value={values.companies}
          onChange={(companies) => onChange({ companies })}
          error={errorOf('companies')}
          searchable
          clearable
          maxDropdownHeight={260}
        />
        <GroupsSelect
          label={texts.groups}
          groups={groupChoices}
          value={values.groups}
          onChange={(groups) => onChange({ groups })}
          error={errorOf('groups')}
          maxDropdownHeight={260}
        />
        <MultiSelect
          label={texts.roles}
          description={texts.rolesHint}
          data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
          value={values.roles}
          onChange={(roles) => onChange({ roles: roles as Role[] })}
          error={errorOf('roles')}
          searchable
          clearable
        />
        <ShipmentUsersPicker
          value={values.users}
          onChange={(users) => onChange({ users })}
          error={errorOf('users')}
        />
        <Text size="sm" fw={500} role="status" data-testid="shipment-reach">
          {!parsed.success
            ? texts.reach.pick
            : reach.isPending || (reach.isFetching && reach.isPlaceholderData)
              ? texts.reach.counting
              : reach.data?.count === 0
                ? texts.reach.none
                : reach.data?.count === 1
                  ? texts.reach.one
                  : format(texts.reach.many, { n: reach.data?.count ?? 0 })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A group's path of names from the company down ('Demo › Ventas › Norte'). */
function pathOf(
  id: string,
  groups: readonly { id: string; name: string; parentId: string | null }[],
) {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const names: string[] = [];
  for (
    let group = byId.get(id);
    group;
    group = group.parentId ? byId.get(group.parentId) : undefined
  ) {
    names.unshift(group.name);
  }
  return names.join(' › ');
}

/** Users of any company (notification.shipmentUsers), 20 at most, named by company. */
function ShipmentUsersPicker({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (users: string[]) => void;
  error: string | null;
}) {
  const trpc = useTRPC();
  const search = useRemoteSearch(undefined);
  const found = useQuery({
    ...trpc.notification.shipmentUsers.queryOptions({ search: search.term }),
    ...search.query,
  });
  const chosen = useQuery({
    ...trpc.notification.shipmentUsers.queryOptions({ ids: value }),
    enabled: value.length > 0,
    placeholderData: keepPreviousData,
  });
  const label = (user: { name: string; lastname: string; email: string; company: string }) =>
    `${user.name} ${user.lastname} · ${user.company} (${user.email})`;
  const labels = Object.fromEntries((chosen.data ?? []).map((user) => [user.id, label(user)]));
  return (
    <RemotePicker
      label={texts.users}
      description={texts.usersHint}
      multiple
      value={value}
      onChange={(users) => onChange(users.slice(0, SHIPMENT_USERS_LIMIT))}
      options={(found.data ?? []).map((user) => ({ value: user.id, label: label(user) }))}
      labels={labels}
      error={error}
      {...search.bind(found.isFetching)}
    />
  );
}
