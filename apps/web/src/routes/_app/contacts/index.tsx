import { createFileRoute } from '@tanstack/react-router';
import {
  dayParam,
  fieldFiltersParam,
  idParam,
  searchParams,
  textParam,
} from '../../../lib/search-params';
import { ContactsPage } from '../../../features/contacts/contacts-page';

/**
 * '/contacts': `search` is the search box; `statusTag`, `origin`, `agentId`, `companyId`,
 * `filters` (custom fields, 02 §7 Lists) and `activeFrom`–`activeTo` (days with timeline
 * activity: a 'Rendimiento' figure's contacts, issue #35) the filters. All survive a reload.
 */
export const Route = createFileRoute('/_app/contacts/')({
  validateSearch: searchParams({
    search: textParam(),
    statusTag: textParam(60),
    origin: textParam(60),
    agentId: idParam(),
    companyId: idParam(),
    filters: fieldFiltersParam(),
    activeFrom: dayParam(),
    activeTo: dayParam(),
  }),
  component: ContactsRoute,
});

function ContactsRoute() {
  const { search, filters, ...chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactsPage
      search={search ?? ''}
      filters={{ ...chosen, filters: filters ?? [] }}
      onSearchChange={(next) =>
        void navigate({
          search: (current) => ({ ...current, search: next || undefined }),
          replace: true,
        })
      }
      onFiltersChange={(next) =>
        void navigate({
          search: (current) => ({
            ...current,
            statusTag: next.statusTag,
            origin: next.origin,
            agentId: next.agentId,
            companyId: next.companyId,
            activeFrom: next.activeFrom,
            activeTo: next.activeTo,
            filters: next.filters.length > 0 ? next.filters : undefined,
          }),
          replace: true,
        })
      }
    />
  );
}
