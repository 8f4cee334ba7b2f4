import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTRPC } from '../../lib/trpc';
import { useLiveEvents } from '../live/live-events';

/**
 * The signed-in frame listens to its own session (topic 'session', issue #17): when the user's
 * access changes while a tab is open (a feature flag, a role, a group or a jail list changed in
 * 'Administración'), the server says `session.changed`; the tab reads `auth.me` again, so the
 * menu redraws, and runs the route guard, which leaves a screen no longer allowed. When the
 * session ends (deactivation, logout elsewhere) the stream ends and the tab signs out.
 */
export function useSessionLive() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  useLiveEvents({
    topics: ['session'],
    types: ['session.changed'],
    onEvents: () => {
      void queryClient
        .fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 })
        .then(() => router.invalidate())
        .catch(() => undefined);
    },
  });
}
