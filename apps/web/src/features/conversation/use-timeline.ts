import { useCallback, useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { domainCodeOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { fetchRetryDelay, shouldRetryFetch } from './fetch-policy';
import { LiveCatchUp } from './live-catch-up';
import {
  mergeTimeline,
  newestStoredId,
  type Interaction,
  type TimelineItem,
} from './timeline-model';
import { newId } from '@cartera/domain/ids';

/** A note written here: kept with the original request so a retry sends the same id. */
interface OutgoingNote {
  id: string;
  body: string;
  createdAt: Date;
  state: 'sending' | 'error' | 'stored';
}

/** Live events wait this long before the timeline asks for what came (bursts make one request). */
const LIVE_EVENT_DELAY_MS = 250;

/**
 * The timeline of one contact: its pages (50 each, older ones on demand), what arrives live over
 * the websocket, and the notes written here on their way (03 §2.1, §4). Live events and every
 * (re)connection fetch what came after the newest stored item on screen, so a reconnect
 * catches up without gaps, and ids already on screen are never shown twice.
 */
export function useTimeline(contactId: string, me: { id: string; name: string; lastname: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  // tRPC's own key shape for the procedure, so invalidating `interactions` refetches it too.
  const timelineKey = [['interaction', 'timeline'], { input: { contactId }, type: 'infinite' }];
  const history = useInfiniteQuery({
    queryKey: timelineKey,
    queryFn: ({ pageParam, signal }) =>
      client.interaction.timeline.query({ contactId, before: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: (failures, error) => shouldRetryFetch(failures, domainCodeOf(error)),
    retryDelay: fetchRetryDelay,
  });
  const [live, setLive] = useState<Interaction[]>([]);
  const [outgoing, setOutgoing] = useState<OutgoingNote[]>([]);

  const pages = useMemo(
    () => (history.data?.pages ?? []).map((page) => page.items),
    [history.data],
  );
  const stored = useMemo(() => mergeTimeline(pages, live, []), [pages, live]);

  // The catch-up cursor is the newest id the server listed: our own notes never move it, so an
  // item written by someone else just before ours is not skipped.
  const { refetch } = history;
  const [catchUp] = useState(() => {
    // What changed the timeline may have changed the contact (tag, reminder, archiving).
    const refreshContact = () =>
      void queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id: contactId }));
    return new LiveCatchUp(
      (after) => client.interaction.after.query({ contactId, after }),
      async () => {
        await refetch();
        refreshContact();
      },
      (items) => {
        setLive((current) => [...current, ...items]);
        refreshContact();
      },
      {
        fetch: (ids) => client.interaction.items.query({ contactId, ids }),
        replace: (items) => {
          const fresh = new Map(items.map((each) => [each.id, each]));
          const swap = (each: Interaction) => fresh.get(each.id) ?? each;
          setLive((current) => current.map(swap));
          queryClient.setQueryData<typeof history.data>(timelineKey, (data) =>
            data
              ? {
                  ...data,
                  pages: data.pages.map((page) => ({ ...page, items: page.items.map(swap) })),
                }
              : data,
          );
          refreshContact();
        },
      },
    );
  });
  useEffect(() => catchUp.saw(newestStoredId(stored)), [catchUp, stored]);
  useEffect(() => () => catchUp.stop(), [catchUp]);

  useSubscription(
    trpc.realtime.events.subscriptionOptions(
      { lastEventId: null, topics: [`contact:${contactId}`] },
      {
        enabled: history.isSuccess,
        onStarted: () => void catchUp.run(),
        onData: ({ data: event }) => {
          if (event.type === 'contact.updated') {
            // The contact itself changed (the bot): its header and chips, no timeline item.
            void queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id: contactId }));
            return;
          }
          // An item changed in place (a call closed) is fetched by id; new ones after the cursor.
          const changed = event.payload.interactionId;
          catchUp.soon(
            LIVE_EVENT_DELAY_MS,
            event.type === 'interaction.updated' && typeof changed === 'string'
              ? changed
              : undefined,
          );
        },
      },
    ),
  );

  const send = useCallback(
    async (note: OutgoingNote) => {
      setOutgoing((current) =>
        current.map((each) => (each.id === note.id ? { ...each, state: 'sending' } : each)),
      );
      try {
        await client.interaction.createNote.mutate({ contactId, id: note.id, body: note.body });
        setOutgoing((current) =>
          current.map((each) => (each.id === note.id ? { ...each, state: 'stored' } : each)),
        );
        void catchUp.run();
      } catch {
        setOutgoing((current) =>
          current.map((each) => (each.id === note.id ? { ...each, state: 'error' } : each)),
        );
      }
    },
    [client, contactId, catchUp],
  );

  const sendNote = useCallback(
    (body: string) => {
      const note: OutgoingNote = {
        id: newId(),
        body,
        createdAt: new Date(),
        state: 'sending',
      };
      setOutgoing((current) => [...current, note]);
      void send(note);
    },
    [send],
  );

  /** 'Volver a intentar.': the original request again, same id, same text. */
  const retryNote = useCallback(
    (id: string) => {
      const note = outgoing.find((each) => each.id === id);
      if (note) void send(note);
    },
    [outgoing, send],
  );

  // A note of ours the server lists is shown from there (the merge keeps the first copy).
  const items = useMemo<TimelineItem[]>(() => {
    const local: TimelineItem[] = outgoing.map((note) => ({
      id: note.id,
      contactId,
      type: 'note',
      content: { body: note.body, files: [] },
      via: 'web',
      status: null,
      createdBySystem: false,
      createdAt: note.createdAt,
      agent: me,
      suggestions: [],
      localStatus: note.state === 'stored' ? undefined : note.state,
    }));
    return mergeTimeline(pages, live, local);
  }, [pages, live, outgoing, contactId, me]);

  return {
    history,
    items,
    /** Whether the oldest item is on screen (the creation header goes above it). */
    complete: history.isSuccess && !history.hasNextPage,
    sendNote,
    retryNote,
  };
}

export type Timeline = ReturnType<typeof useTimeline>;
