import { createFileRoute } from '@tanstack/react-router';
import { CompanyUsersPage } from '../../../features/company/company-users';

/** '/company/users' 'Mi Empresa' › 'Usuarios' (issue #17): the company's users, for user managers. */
export const Route = createFileRoute('/_app/company/users')({
  component: CompanyUsersPage,
});
