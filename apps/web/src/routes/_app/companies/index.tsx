import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { CompaniesPage } from '../../../features/companies/companies-page';

const ZFilter = z.object({ code: z.string().min(1).max(60), value: z.string().min(1).max(200) });

/** '/companies': `search` is the search box, `filters` the custom-field filters (02 §7 Lists). */
export const Route = createFileRoute('/_app/companies/')({
  validateSearch: z.object({
    search: z.string().trim().max(100).optional().catch(undefined),
    filters: z.array(ZFilter).max(20).optional().catch(undefined),
  }),
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
