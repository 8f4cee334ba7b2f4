import { createFileRoute } from '@tanstack/react-router';
import {
  filtersOfSearch,
  searchWithFilters,
  validateContactListSearch,
} from '../../../features/contacts/contact-list-search';
import { ContactMapPage } from '../../../features/contacts/map/contact-map-page';

/**
 * '/contacts/map' ('Mapa', issue #44 item 1): the list's search and filters under the same
 * names (features/contacts/contact-list-search.ts), so 'Ver lista' keeps them.
 */
export const Route = createFileRoute('/_app/contacts/map')({
  validateSearch: validateContactListSearch,
  component: ContactMapRoute,
});

function ContactMapRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactMapPage
      search={search.search ?? ''}
      filters={filtersOfSearch(search)}
      onSearchChange={(next) =>
        void navigate({
          search: (current) => ({ ...current, search: next || undefined }),
          replace: true,
        })
      }
      onFiltersChange={(next) =>
        void navigate({ search: (current) => searchWithFilters(current, next), replace: true })
      }
    />
  );
}
