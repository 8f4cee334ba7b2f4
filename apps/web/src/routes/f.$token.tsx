import { createFileRoute } from '@tanstack/react-router';
import { PublicFormPage } from '../features/forms/public-form-page';

/**
 * '/f/<token>': the page a customer fills a form sent to them on (issue #42 item 3), outside
 * the app's shell and without signing in (the guard lets FORM_PAGE_PREFIX through).
 */
export const Route = createFileRoute('/f/$token')({
  component: PublicFormRoute,
});

function PublicFormRoute() {
  const { token } = Route.useParams();
  return <PublicFormPage token={token} />;
}
