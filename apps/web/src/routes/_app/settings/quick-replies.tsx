import { createFileRoute } from '@tanstack/react-router';
import { QuickRepliesPage } from '../../../features/quick-replies/quick-replies-page';

/**
 * '/settings/quick-replies' 'Respuestas rápidas' (issue #43 item 5): the user's quick replies
 * and the company's for those who manage them (docs/decisions.md 'Quick replies screen').
 */
export const Route = createFileRoute('/_app/settings/quick-replies')({
  component: QuickRepliesPage,
});
