import { createFileRoute, Outlet } from '@tanstack/react-router';
import { CompanyLayout } from '../../features/company/company-layout';

/** 'Mi Empresa' (01 §2): the company's frame around its configuration and its channels. */
export const Route = createFileRoute('/_app/company')({
  component: () => (
    <CompanyLayout>
      <Outlet />
    </CompanyLayout>
  ),
});
