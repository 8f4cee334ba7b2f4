import { createFileRoute } from '@tanstack/react-router';
import { oneOfParam, searchParams, textParam } from '../../lib/search-params';
import { AdminPage } from '../../features/admin/admin-page';

/** '/grupos' 'Administración' (01 §2, admins): groups, their flags and users, the audit log. */
export const Route = createFileRoute('/_app/grupos')({
  validateSearch: searchParams({
    group: textParam(),
    tab: oneOfParam(['settings', 'flags', 'users', 'audit']),
  }),
  component: AdminPage,
});
