import type { AdminGroup } from './admin-types';
import { UsersTable } from './users-table';

/** A group's users in 'Administración' (and, on request, those of its subgroups). */
export function GroupUsers({ group, groups }: { group: AdminGroup; groups: AdminGroup[] }) {
  return <UsersTable group={group} groups={groups} scope="group" />;
}
