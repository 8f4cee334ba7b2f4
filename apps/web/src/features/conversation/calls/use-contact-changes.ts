import { useEffect, useState } from 'react';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../../lib/trpc';

/** Bursts of live events make one refresh. */
const CHANGE_DELAY_MS = 300;

/** Runs the last function handed to it once no other arrived for `delay` ms. */
class Burst {
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly delay: number) {}
  run(action: () => void) {
    clearTimeout(this.timer);
    this.timer = setTimeout(action, this.delay);
  }
  stop() {
    clearTimeout(this.timer);
  }
}

/**
 * Calls `onChange` (once per burst) when the contact's timeline changes anywhere: an item written
 * here, in another tab or by another agent, or an item updated (a call closed).
 */
export function useContactChanges(contactId: string, onChange: () => void) {
  const trpc = useTRPC();
  const [burst] = useState(() => new Burst(CHANGE_DELAY_MS));
  useEffect(() => () => burst.stop(), [burst]);
  useSubscription(
    trpc.realtime.events.subscriptionOptions(
      { lastEventId: null, topics: [`contact:${contactId}`] },
      { onData: () => burst.run(onChange) },
    ),
  );
}
