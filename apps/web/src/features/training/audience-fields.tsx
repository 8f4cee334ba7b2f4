import { MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { ROLE_LABELS, ROLES, type Role } from '@cartera/domain/roles';
import { useTRPC } from '../../lib/trpc';
import { GroupsSelect } from '../pickers/groups-select';
import { UsersPicker, useUserNames } from '../pickers/users-picker';

const texts = es.training;

/** Who a post, class or tutorial reaches: empty lists mean the whole company. */
export interface Audience {
  roles: Role[];
  groupIds: string[];
  /** Posts only (03 §3 Post form: users). */
  userIds?: string[];
}

/** 01 §6: in training, project_manager reads 'Encargado de proyecto'. */
const roleLabel = (role: Role) =>
  role === 'project_manager' ? texts.roleLabels.project_manager : ROLE_LABELS[role];

/**
 * The audience of a post, class or tutorial: roles, groups of the company and (posts) chosen
 * users. Every list that is not empty must admit a reader.
 */
export function AudienceFields({
  value,
  onChange,
}: {
  value: Audience;
  onChange: (audience: Audience) => void;
}) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.training.audienceGroups.queryOptions());
  const names = useUserNames(value.userIds ?? []);
  const everyone = !value.roles.length && !value.groupIds.length && !value.userIds?.length;
  return (
    <Stack gap="xs">
      <MultiSelect
        label={texts.post.roles}
        placeholder={value.roles.length ? undefined : texts.post.anyRole}
        data={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        value={value.roles}
        onChange={(roles) => onChange({ ...value, roles: roles as Role[] })}
        clearable
      />
      <GroupsSelect
        label={texts.post.groups}
        placeholder={value.groupIds.length ? undefined : texts.post.anyGroup}
        groups={groups.data}
        value={value.groupIds}
        onChange={(groupIds) => onChange({ ...value, groupIds })}
        error={groups.isError ? texts.post.groupsFailed : undefined}
      />
      {value.userIds && (
        <UsersPicker
          label={texts.post.users}
          placeholder={value.userIds.length ? undefined : texts.post.anyUser}
          multiple
          value={value.userIds}
          onChange={(userIds) => onChange({ ...value, userIds })}
          labels={names}
        />
      )}
      <Text size="xs" c="dimmed">
        {everyone ? texts.post.everyone : texts.post.audienceRule}
      </Text>
    </Stack>
  );
}
