import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HomePage } from '../../features/home/home-page';
import { useMe } from '../../features/auth/session';

/** '/': view-user or view-group choose a seller or a group in the sellers panel (01 §2). */
export const Route = createFileRoute('/_app/')({
  validateSearch: z.object({
    'view-user': z.string().min(1).optional().catch(undefined),
    'view-group': z.string().min(1).optional().catch(undefined),
  }),
  component: HomeRoute,
});

function HomeRoute() {
  const me = useMe();
  const search = Route.useSearch();
  if (!me) return null;
  return (
    <HomePage
      me={me}
      selection={{ viewUser: search['view-user'], viewGroup: search['view-group'] }}
    />
  );
}
