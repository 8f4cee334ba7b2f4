import { createFileRoute } from '@tanstack/react-router';
import { idParam, searchParams } from '../../../lib/search-params';
import { ReportsPage } from '../../../features/receipts/reports-page';

/** '/reportes/receipts' 'Reportes' (01 §2); `id` opens one sale, as timeline sale items do (03 §2.1). */
export const Route = createFileRoute('/_app/reportes/receipts')({
  validateSearch: searchParams({ id: idParam() }),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsPage
      selectedId={id ?? null}
      onSelect={(next) => void navigate({ search: next ? { id: next } : {} })}
    />
  );
}
