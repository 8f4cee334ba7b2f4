import { createFileRoute } from '@tanstack/react-router';
import { CompanyPage } from '../../../features/companies/company-page';

/** '/companies/{id}': one company (02 §2, the business base path followed by its id). */
export const Route = createFileRoute('/_app/companies/$companyId')({
  component: CompanyRoute,
});

function CompanyRoute() {
  const { companyId } = Route.useParams();
  return <CompanyPage key={companyId} companyId={companyId} />;
}
