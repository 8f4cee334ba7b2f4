import { createFileRoute } from '@tanstack/react-router';
import { searchParams, textParam } from '../lib/search-params';
import { ForceChangePasswordPage } from '../features/auth/force-change-password-page';

export const Route = createFileRoute('/force-change-password')({
  validateSearch: searchParams({ returnUrl: textParam(2000) }),
  component: ForceChangePasswordRoute,
});

function ForceChangePasswordRoute() {
  const { returnUrl } = Route.useSearch();
  return <ForceChangePasswordPage returnUrl={returnUrl} />;
}
