import { createFileRoute, redirect } from '@tanstack/react-router';
import { idParam, oneOfParam, searchParams } from '../../../lib/search-params';
import { SharedInboxPage } from '../../../features/shared-inboxes/shared-inbox-page';

// A constant: written inline, its type is lost beside `beforeLoad` ({}).
const sharedInboxSearch = searchParams({ shared: idParam(), view: oneOfParam(['manage']) });

/**
 * '/contact/sharedinbox' (01 §2): 'Carteras compartidas'. `shared` is the shared inbox on
 * screen (the first one when absent). Their management moved to 'Mi Empresa' (issue #17): the
 * old `view=manage` address opens '/company/sharedinboxes'.
 */
export const Route = createFileRoute('/_app/contact/sharedinbox')({
  validateSearch: sharedInboxSearch,
  beforeLoad: ({ search }) => {
    if (search.view === 'manage') throw redirect({ to: '/company/sharedinboxes', replace: true });
  },
  component: SharedInboxRoute,
});

function SharedInboxRoute() {
  const { shared } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SharedInboxPage
      inboxId={shared}
      onInboxChange={(next) =>
        void navigate({ search: (current) => ({ ...current, shared: next }), replace: true })
      }
    />
  );
}
