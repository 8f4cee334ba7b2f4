import { createFileRoute, Outlet } from '@tanstack/react-router';
import { guardRoute } from '@cartera/domain/policy';
import { guardUserOf } from '../features/auth/session';
import { SETTINGS_STALE_MS } from '../features/companies/companies-settings';
import { AppLayout } from '../shell/app-layout';
import { prefetchShellReads } from '../shell/first-reads';

/** Every signed-in screen lives inside the application shell. */
export const Route = createFileRoute('/_app')({
  // The side menu names the companies panel after the tenant's own label: have it before drawing.
  loader: async ({ context }) => {
    const { me, queryClient, trpc } = context;
    if (!me) return;
    prefetchShellReads(context, me);
    // Only for who may open companies (its slug, and a jail list that lets them reach it).
    if (guardRoute(guardUserOf(me), '/companies').kind !== 'allow') return;
    await queryClient
      .ensureQueryData({ ...trpc.company.settings.queryOptions(), staleTime: SETTINGS_STALE_MS })
      .catch(() => undefined);
  },
  component: AppRoute,
});

function AppRoute() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
