import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ForceChangePasswordPage } from '../features/auth/force-change-password-page';

export const Route = createFileRoute('/force-change-password')({
  validateSearch: z.object({ returnUrl: z.string().optional().catch(undefined) }),
  component: ForceChangePasswordRoute,
});

function ForceChangePasswordRoute() {
  const { returnUrl } = Route.useSearch();
  return <ForceChangePasswordPage returnUrl={returnUrl} />;
}
