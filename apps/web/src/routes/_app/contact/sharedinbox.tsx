import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SharedInboxPage } from '../../../features/shared-inboxes/shared-inbox-page';

/**
 * '/contact/sharedinbox' (01 §2): 'Carteras compartidas'. `shared` is the shared inbox on
 * screen (the first one when absent). Their management moved to 'Mi Empresa' (issue #17): the
 * old `view=manage` address opens '/company/sharedinboxes'.
 */
export const Route = createFileRoute('/_app/contact/sharedinbox')({
  validateSearch: z.object({
    shared: z.string().uuid().optional().catch(undefined),
    view: z.enum(['manage']).optional().catch(undefined),
  }),
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
