import {
  createContext,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../lib/trpc';
import { noticeStreamError } from '../auth/session-watch';
import { LiveHub, type LiveEvent, type LiveInterest } from './live-hub';
import { liveOrigin } from './live-origin';

export type { LiveEvent } from './live-hub';

const HubContext = createContext<LiveHub | null>(null);

/**
 * The signed-in frame's one live event stream (issue #32 item 4): one `realtime.events`
 * subscription per tab, asking for the union of the topics its screens follow; screens follow
 * it through `useLiveEvents`. The stream reopens (resuming from the last event seen) only when
 * that union changes.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const [hub] = useState(() => new LiveHub(liveOrigin));
  const input = useSyncExternalStore(
    (changed) => hub.watch(changed),
    () => hub.current(),
  );
  const enabled = input.topics.length > 0;
  useEffect(() => {
    if (!enabled) hub.stopped();
  }, [hub, enabled]);
  useEffect(() => () => hub.close(), [hub]);
  useSubscription(
    trpc.realtime.events.subscriptionOptions(
      { lastEventId: input.lastEventId, topics: input.topics },
      {
        enabled,
        onStarted: () => hub.started(input),
        // The server ends the stream when the session ends: the tab signs out.
        onError: (error) => {
          hub.stopped();
          noticeStreamError(error);
        },
        onData: ({ data: event }) => hub.deliver(event as LiveEvent),
      },
    ),
  );
  return <HubContext.Provider value={hub}>{children}</HubContext.Provider>;
}

/**
 * Follows live events while the screen is on (and `enabled`): `onEvents` gets the events of
 * `topics` and `types` (at once, or together `delayMs` after the first of a burst); `onStarted`
 * runs whenever the screen may have missed some (the stream started or restarted, or the screen
 * joined it), so it reads again what it shows. The callbacks may change between renders.
 */
export function useLiveEvents(
  interest: LiveInterest & {
    /** Not followed while false (the screen's first read has not finished, a pause…). */
    enabled?: boolean;
  },
) {
  const hub = useContext(HubContext);
  // The screen's latest callbacks, called from the hub without re-registering.
  const onEvents = useEffectEvent((events: LiveEvent[]) => interest.onEvents(events));
  const onStarted = useEffectEvent(() => interest.onStarted?.());
  const { enabled = true, delayMs } = interest;
  const topics = interest.topics.join('\n');
  const types = interest.types?.join('\n');
  useEffect(() => {
    if (!hub || !enabled) return;
    return hub.add({
      topics: topics.split('\n'),
      types: types === undefined ? undefined : types.split('\n'),
      delayMs,
      onEvents: (events) => onEvents(events),
      onStarted: () => onStarted(),
    });
  }, [hub, enabled, topics, types, delayMs]);
}
