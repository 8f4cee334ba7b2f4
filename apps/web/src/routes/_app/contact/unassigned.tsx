import { createFileRoute } from '@tanstack/react-router';
import { UnassignedPage } from '../../../features/inbox/unassigned-page';

/** '/contact/unassigned' (01 §2): the 'Inbox' of contacts nobody holds. */
export const Route = createFileRoute('/_app/contact/unassigned')({
  component: UnassignedPage,
});
