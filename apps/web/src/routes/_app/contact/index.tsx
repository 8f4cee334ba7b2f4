import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ContactPage } from '../../../features/contacts/contact-page';

/**
 * '/contact?id=…[&inbox=…]' (02 §2): the contact view. `inbox` ('me' or a user id) names whose
 * inbox the contact was opened from; the inbox itself arrives with the conversations (issue #6).
 */
export const Route = createFileRoute('/_app/contact/')({
  validateSearch: z.object({
    id: z.string().max(100).catch(''),
    inbox: z.string().max(100).optional().catch(undefined),
  }),
  component: ContactRoute,
});

function ContactRoute() {
  const { id } = Route.useSearch();
  return <ContactPage key={id} id={id} />;
}
