import { createFileRoute } from '@tanstack/react-router';
import { searchParams, textParam, type SearchOf } from '../../lib/search-params';
import { metricsDay, presetPeriod } from '@cartera/domain/periods';
import { can } from '@cartera/domain/policy';
import { HomePage } from '../../features/home/home-page';
import { useMe } from '../../features/auth/session';

/** '/': view-user or view-group choose a seller or a group in the sellers panel (01 §2). */
const homeSearch = searchParams({ 'view-user': textParam(), 'view-group': textParam() });

export const Route = createFileRoute('/_app/')({
  validateSearch: homeSearch,
  // What the landing screen reads is asked for here, together with the screen's code, instead of
  // one request after another once each part has drawn (code → sellers panel → dashboard). Not
  // awaited: the screen shows its own loading state. The inputs are the ones HomePage and
  // PerformanceDashboard build; with a seller or group chosen, the screen checks the choice first.
  // The search is read from the location: as loaderDeps, a change would remount the screen.
  loader: ({ context, location }) => {
    const deps = location.search as SearchOf<typeof homeSearch>;
    const { me, queryClient, trpc } = context;
    if (!me) return;
    if (can(me.user, 'superviseSellers')) {
      void queryClient.prefetchQuery(trpc.seller.panel.queryOptions());
    }
    // A user manager has no 'Rendimiento' (slug statistics): the server refuses it.
    if (deps['view-user'] || deps['view-group'] || !can(me.user, 'readPerformance')) return;
    void queryClient.prefetchQuery(
      trpc.goal.dashboard.queryOptions({
        period: presetPeriod('thisWeek', metricsDay(new Date())),
      }),
    );
  },
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
