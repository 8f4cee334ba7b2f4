import { createFileRoute } from '@tanstack/react-router';
import {
  filtersOfSearch,
  searchWithFilters,
  validateContactListSearch,
} from '../../../features/contacts/contact-list-search';
import { ContactsPage } from '../../../features/contacts/contacts-page';

/**
 * '/contacts': the contacts the user may see; its address holds the search and the filters
 * (features/contacts/contact-list-search.ts, shared with the map).
 */
export const Route = createFileRoute('/_app/contacts/')({
  validateSearch: validateContactListSearch,
  component: ContactsRoute,
});

function ContactsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContactsPage
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
