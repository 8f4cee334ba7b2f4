import { createFileRoute } from '@tanstack/react-router';
import { fieldFiltersParam, searchParams, textParam } from '../../../lib/search-params';
import { CompaniesPage } from '../../../features/companies/companies-page';

/** '/companies': `search` is the search box, `filters` the custom-field filters (02 §7 Lists). */
export const Route = createFileRoute('/_app/companies/')({
  validateSearch: searchParams({ search: textParam(), filters: fieldFiltersParam() }),
  component: CompaniesRoute,
});

function CompaniesRoute() {
  const { search, filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CompaniesPage
      search={search ?? ''}
      filters={filters ?? []}
      onSearchChange={(next) =>
        void navigate({
          search: (current) => ({ ...current, search: next || undefined }),
          replace: true,
        })
      }
      onFiltersChange={(next) =>
        void navigate({
          search: (current) => ({ ...current, filters: next.length > 0 ? next : undefined }),
          replace: true,
        })
      }
    />
  );
}
