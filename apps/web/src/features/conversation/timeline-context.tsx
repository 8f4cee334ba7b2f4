import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTimeline, type Timeline } from './use-timeline';

const TimelineContext = createContext<Timeline | null>(null);

/**
 * The contact page's one timeline: its first page is fetched and the contact's live topic
 * subscribed once, here, and the conversation, the header's call button and the info panel
 * read them from this provider.
 */
export function TimelineProvider({
  contactId,
  author,
  paused = false,
  children,
}: {
  contactId: string;
  /** Who writes the notes sent from this screen (shown on them while they are on their way). */
  author: { id: string; name: string; lastname: string };
  /** Live updates paused (the contact is being handed over). */
  paused?: boolean;
  children: ReactNode;
}) {
  const timeline = useTimeline(contactId, author, paused);
  return <TimelineContext.Provider value={timeline}>{children}</TimelineContext.Provider>;
}

/** The contact's timeline of the page around (`TimelineProvider`). */
export function useContactTimeline(): Timeline {
  const timeline = useContext(TimelineContext);
  if (!timeline) throw new Error('useContactTimeline outside a TimelineProvider');
  return timeline;
}

/** The contact's timeline when there is a page around with one, else null (a bubble elsewhere). */
export function useContactTimelineIfAny(): Timeline | null {
  return useContext(TimelineContext);
}

/** Bursts of live events make one refresh. */
const CHANGE_DELAY_MS = 300;

/**
 * Calls `onChange` (once per burst) when the contact's timeline changes anywhere: an item written
 * here, in another tab or by another agent, or an item updated (a call closed).
 */
export function useContactChanges(onChange: () => void) {
  const { onChange: listen } = useContactTimeline();
  const [burst] = useState(() => new Burst(CHANGE_DELAY_MS));
  useEffect(() => listen(() => burst.run(onChange)), [listen, burst, onChange]);
  useEffect(() => () => burst.stop(), [burst]);
}

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

/** The timeline of the page around, or null outside a contact page (a dialog opened elsewhere). */
export function useOptionalContactTimeline(): Timeline | null {
  return useContext(TimelineContext);
}
