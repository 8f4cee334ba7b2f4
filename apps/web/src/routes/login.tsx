import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LoginPage } from '../features/auth/login-page';

export const Route = createFileRoute('/login')({
  validateSearch: z.object({ returnurl: z.string().optional().catch(undefined) }),
  component: LoginRoute,
});

function LoginRoute() {
  const { returnurl } = Route.useSearch();
  return <LoginPage returnUrl={returnurl} />;
}
