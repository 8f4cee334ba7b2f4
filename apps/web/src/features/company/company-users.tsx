import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { UsersTable } from '../admin/users-table';
import { ConfigPage } from './config-page';

const text = es.company.users;

/**
 * '/company/users', 'Mi Empresa' › 'Usuarios' (issue #17, user managers): every user of the
 * company in the administration's table and dialogs (admin.* procedures, scoped to the caller's
 * company; a user manager never grants the admin role nor changes an admin). New users go to
 * the company's root group unless the dialog picks another.
 */
export function CompanyUsersPage() {
  const trpc = useTRPC();
  const groups = useQuery(trpc.admin.groups.queryOptions({}));
  const root = groups.data?.find((group) => !group.parentId);
  return (
    <ConfigPage title={text.title} intro={text.intro}>
      {groups.isPending ? (
        <Loader size="sm" aria-label={text.title} />
      ) : groups.isError || !root ? (
        <QueryError query={groups} maw={640} />
      ) : (
        <UsersTable group={root} groups={groups.data} scope="company" emptyText={text.empty} />
      )}
    </ConfigPage>
  );
}
