import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '../../../features/company/company-page';

/** '/company' 'Mi Empresa' (01 §2): the company's configuration editors. */
export const Route = createFileRoute('/_app/company/')({
  component: CompanyPage,
});
