import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SharedInboxPage } from '../../../features/shared-inboxes/shared-inbox-page';

/**
 * '/contact/sharedinbox' (01 §2): 'Carteras compartidas'. `shared` is the shared inbox on
 * screen (the first one when absent); `view=manage` opens the management of admin and comercial.
 */
export const Route = createFileRoute('/_app/contact/sharedinbox')({
  validateSearch: z.object({
    shared: z.string().uuid().optional().catch(undefined),
    view: z.enum(['manage']).optional().catch(undefined),
  }),
  component: SharedInboxRoute,
});

function SharedInboxRoute() {
  const { shared, view } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SharedInboxPage
      inboxId={shared}
      view={view ?? 'inbox'}
      onInboxChange={(next) =>
        void navigate({ search: (current) => ({ ...current, shared: next }), replace: true })
      }
      onViewChange={(next) =>
        void navigate({
          search: (current) => ({
            ...current,
            view: next === 'manage' ? ('manage' as const) : undefined,
          }),
          replace: true,
        })
      }
    />
  );
}
