import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactPage } from '../../../features/conversation/contact-page';
import { ConversationsPage } from '../../../features/inbox/conversations-page';

/**
 * '/contact?id=…[&inbox=…]' (02 §2): the contact view. `inbox` ('me' or a user id) names whose
 * inbox the contact was opened from. Without `id` it is the 'Conversaciones' inbox, where
 * `agent` is the seller whose inbox super and comercial look at.
 */
export const Route = createFileRoute('/_app/contact/')({
  validateSearch: z.object({
    id: z.string().max(100).optional().catch(undefined),
    inbox: z.string().max(100).optional().catch(undefined),
    agent: z.string().uuid().optional().catch(undefined),
  }),
  component: ContactRoute,
});

function ContactRoute() {
  const { id, agent } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!id) {
    return (
      <ConversationsPage
        agentId={agent}
        onAgentChange={(next) =>
          void navigate({ search: (current) => ({ ...current, agent: next }), replace: true })
        }
      />
    );
  }
  return <ContactPage key={id} id={id} />;
}
