import { createFileRoute } from '@tanstack/react-router';
import { searchParams, textParam } from '../lib/search-params';
import { LoginPage } from '../features/auth/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: searchParams({ returnurl: textParam(2000) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnurl } = Route.useSearch();
  return <LoginPage returnUrl={returnurl} />;
}
