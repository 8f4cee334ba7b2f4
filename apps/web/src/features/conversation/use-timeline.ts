import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@cartera/domain/i18n';
import {
  doubtConnection,
  isConnected,
  onConnectionChange,
  whenReachable,
  withDeadline,
} from '../../lib/connection';
import { domainCodeOf, isAppClientError, userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { fetchRetryDelay, shouldRetryFetch } from './fetch-policy';
import { ITEMS_LIMIT, LiveCatchUp } from './live-catch-up';
import {
  mergeTimeline,
  newestIds,
  newestStoredId,
  type Interaction,
  type TimelineItem,
} from './timeline-model';
import { pendingCallOf } from './calls/pending-call';
import { outboxOf, type MessageToSend, type NoteToSend, type OutboxEntry } from './outbox';
import { useLiveEvents } from '../live/live-events';

/**
 * A note or a channel message written here: kept with the original request so a retry sends the
 * same id.
 */
type Outgoing = OutboxEntry & { state: 'sending' | 'error' | 'stored' };

/** A note or message with no answer after this long counts as lost (sent again: same id). */
const SEND_TIMEOUT_MS = 15_000;
/** Tries of a note or message lost on the way while connected before it shows as failed. */
const SEND_TRIES = 3;

/** Live events wait this long before the timeline asks for what came (bursts make one request). */
const LIVE_EVENT_DELAY_MS = 250;

/** Whether an item read again is the one on screen (dates compare by their time). */
function sameItem(a: Interaction, b: Interaction) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The kind of file a mime type is, as a channel message names it (03 §3 Media item). */
function mediaKindOf(mimeType: string) {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The timeline of one contact: its pages (50 each, older ones on demand), what arrives live over
 * the websocket, and the notes written here on their way (03 §2.1, §4). Live events and every
 * (re)connection fetch what came after the newest stored item on screen, so a reconnect
 * catches up without gaps, and ids already on screen are never shown twice.
 */
export function useTimeline(
  contactId: string,
  me: { id: string; name: string; lastname: string },
  /**
   * Live updates paused: while the contact is being handed over, its events are neither followed
   * nor fetched (a seller who hands it over may no longer read it; the page then leaves).
   */
  paused = false,
) {
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
  // What was left on its way by a reload or a closed screen shows at once and goes again below.
  const [outbox] = useState(() => outboxOf(me.id, contactId));
  const [outgoing, setOutgoing] = useState<Outgoing[]>(() =>
    outbox.restore().map((each) => ({ ...each, state: 'sending' })),
  );
  // Whoever follows the contact's changes on this screen (the info panel) hears them from here.
  const [listeners] = useState(() => new Set<() => void>());

  const pages = useMemo(
    () => (history.data?.pages ?? []).map((page) => page.items),
    [history.data],
  );
  const stored = useMemo(() => mergeTimeline(pages, live, []), [pages, live]);

  // What changed the timeline may have changed the contact (tag, reminder, archiving) and what
  // its followers show (the info panel, the reply window): they read it again.
  const [refreshContact] = useState(() => () => {
    void queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id: contactId }));
    for (const listener of listeners) listener();
  });

  // The catch-up cursor is the newest id the server listed: our own notes never move it, so an
  // item written by someone else just before ours is not skipped.
  const { refetch } = history;
  const [catchUp] = useState(
    () =>
      // Items found by a catch-up (after a reconnection, or written before the subscription
      // started) are news to the contact's followers as much as a live event.
      new LiveCatchUp(
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
            // An item read again unchanged keeps its object: its row is not drawn again.
            const swap = (each: Interaction) => {
              const update = fresh.get(each.id);
              return update && !sameItem(update, each) ? update : each;
            };
            const swapAll = <T extends Interaction>(list: T[]) => {
              const swapped = list.map(swap);
              return swapped.some((each, index) => each !== list[index]) ? swapped : list;
            };
            setLive(swapAll);
            queryClient.setQueryData<typeof history.data>(timelineKey, (data) => {
              if (!data) return data;
              const pages = data.pages.map((page) => {
                const swapped = swapAll(page.items);
                return swapped === page.items ? page : { ...page, items: swapped };
              });
              return pages.some((page, index) => page !== data.pages[index])
                ? { ...data, pages }
                : data;
            });
            refreshContact();
          },
        },
      ),
  );
  useEffect(() => catchUp.saw(newestStoredId(stored)), [catchUp, stored]);
  useEffect(() => () => catchUp.stop(), [catchUp]);
  useEffect(() => {
    if (paused) catchUp.cancel();
  }, [paused, catchUp]);

  useLiveEvents({
    topics: [`contact:${contactId}`],
    enabled: history.isSuccess && !paused,
    // Until the stream started, what happened to the contact reached nobody: a customer's
    // message (the reply window opens), a file fetched or a tick on an item already on screen.
    // The contact's followers read again, the newest items on screen are read again by id, and
    // what came after them is fetched.
    onStarted: () => {
      refreshContact();
      void catchUp.recheck(newestIds(stored, ITEMS_LIMIT));
    },
    onEvents: (events) => {
      for (const event of events) {
        for (const listener of listeners) listener();
        if (event.type === 'contact.updated') {
          // The contact itself changed (the bot): its header and chips, no timeline item.
          void queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id: contactId }));
          continue;
        }
        if (event.payload.type === 'saleupdate') {
          // A request of the contact changed: its panel, badges and open editor follow.
          void queryClient.invalidateQueries({ queryKey: trpc.requestSale.pathKey() });
        }
        // An item changed in place (a call closed) is fetched by id; new ones after the cursor.
        const changed = event.payload.interactionId;
        catchUp.soon(
          LIVE_EVENT_DELAY_MS,
          event.type === 'interaction.updated' && typeof changed === 'string' ? changed : undefined,
        );
      }
    },
  });

  const mark = useCallback(
    (id: string, state: Outgoing['state']) =>
      setOutgoing((current) => current.map((each) => (each.id === id ? { ...each, state } : each))),
    [],
  );
  /** The server has it: it leaves the outbox and shows as stored. */
  const confirmed = useCallback(
    (id: string) => {
      outbox.forget(id);
      mark(id, 'stored');
    },
    [outbox, mark],
  );

  // Notes and messages leave one after another, in the order written (issue #33 item 7): each
  // waits for the one before it, and offline for the connection, showing as on its way.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inOrder = useCallback(<T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(work);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  /**
   * Sends with the same id until the server answers (the id stores it once): offline it waits
   * for the connection; a request lost on the way (no answer, or none in time) goes again once
   * the server answers a probe, so one dropped as the network comes back is not the end. While
   * connected, the third loss throws: the item offers 'Volver a intentar.'.
   */
  const deliver = useCallback(
    async (send: (signal: AbortSignal) => Promise<unknown>): Promise<void> => {
      for (let lost = 1; ; lost += 1) {
        await whenReachable();
        try {
          await withDeadline(send, SEND_TIMEOUT_MS);
          return;
        } catch (error) {
          if (isAppClientError(error) && error.data) throw error;
          if (isConnected() && lost >= SEND_TRIES) throw error;
          doubtConnection();
        }
      }
    },
    [],
  );

  /**
   * The one way a note leaves this screen. A note without files shows at once as on its way and,
   * if it fails, stays with 'Volver a intentar.' (the promise resolves either way); a note with
   * files shows once stored, and a failure rejects the promise (the composer keeps the note).
   */
  const sendNote = useCallback(
    async (note: NoteToSend): Promise<void> => {
      const { id, body, files } = note;
      const flag = note.whatsappNote ? { whatsappNote: true } : {};
      const withFiles = files !== undefined && files.length > 0;
      if (!withFiles) {
        const entry = { kind: 'note', id, note, createdAt: new Date() } as const;
        outbox.remember(entry);
        setOutgoing((current) =>
          current.some((each) => each.id === id)
            ? current
            : [...current, { ...entry, state: 'sending' }],
        );
        mark(id, 'sending');
      }
      await inOrder(async () => {
        try {
          await deliver((signal) =>
            client.interaction.createNote.mutate(
              withFiles
                ? { contactId, id, body, files, ...flag }
                : { contactId, id, body, ...flag },
              { signal },
            ),
          );
        } catch (error) {
          if (withFiles) throw error;
          mark(id, 'error');
          return;
        }
        if (withFiles) void queryClient.invalidateQueries(trpc.interaction.files.pathFilter());
        else confirmed(id);
        void catchUp.run();
      });
    },
    [client, contactId, catchUp, queryClient, trpc, mark, confirmed, inOrder, deliver, outbox],
  );

  /**
   * The one way a channel message leaves this screen (03 §4 Interaction local status): it shows
   * at once as on its way. When the server refuses it (no phone, a limit reached…) it is removed
   * and the refusal is shown in an alert, and the promise rejects (the composer gives the text
   * back); when the answer is lost it stays with 'Volver a intentar.' (same id: sent once).
   */
  const sendMessage = useCallback(
    async (message: MessageToSend): Promise<void> => {
      const { id, text, channel, template, to, file, replyTo } = message;
      const entry = { kind: 'message', id, message, createdAt: new Date() } as const;
      outbox.remember(entry);
      setOutgoing((current) =>
        current.some((each) => each.id === id)
          ? current
          : [...current, { ...entry, state: 'sending' }],
      );
      mark(id, 'sending');
      await inOrder(async () => {
        try {
          await deliver((signal) =>
            client.channel.sendMessage.mutate(
              {
                id,
                contactId,
                channelId: channel.id,
                ...(template ? { template } : text ? { text } : {}),
                ...(to ? { to } : {}),
                ...(file ? { file } : {}),
                ...(replyTo ? { replyTo: replyTo.interactionId } : {}),
              },
              { signal },
            ),
          );
        } catch (error) {
          if (isAppClientError(error) && error.data) {
            outbox.forget(id);
            setOutgoing((current) => current.filter((each) => each.id !== id));
            notifications.show({
              color: 'red',
              // 03 §4: the spec's alert, then why (no phone, a limit reached…).
              title: errorMessage('SEND_MESSAGE_ERROR'),
              message: userMessageOf(error),
            });
            throw error;
          }
          mark(id, 'error');
          return;
        }
        confirmed(id);
        void catchUp.run();
      });
    },
    [client, contactId, catchUp, mark, confirmed, inOrder, deliver, outbox],
  );

  /** 'Volver a intentar.': the original request again, same id, same text. */
  const retry = useCallback(
    (id: string) => {
      const each = outgoing.find((candidate) => candidate.id === id);
      if (each?.kind === 'note') void sendNote(each.note);
      // A refusal is shown by sendMessage itself; nothing waits for the text back here.
      if (each?.kind === 'message') sendMessage(each.message).catch(() => undefined);
    },
    [outgoing, sendNote, sendMessage],
  );

  // What a reload or a closed screen left on its way goes again, once, in the order written.
  const restored = useRef(outgoing);
  useEffect(() => {
    const left = restored.current;
    restored.current = [];
    for (const each of left) {
      if (each.kind === 'note') void sendNote(each.note);
      else sendMessage(each.message).catch(() => undefined);
    }
  }, [sendNote, sendMessage]);

  // When the connection comes back, what failed on its way goes again by itself, in order.
  useEffect(
    () =>
      onConnectionChange(() => {
        if (!isConnected()) return;
        for (const each of outgoing) if (each.state === 'error') retry(each.id);
      }),
    [outgoing, retry],
  );

  // An item of ours the server lists is shown from there (the merge keeps the first copy).
  const items = useMemo<TimelineItem[]>(() => {
    const local: TimelineItem[] = outgoing.map((each) => ({
      id: each.id,
      contactId,
      ...(each.kind === 'note'
        ? {
            type: 'note',
            via: 'web',
            content: {
              body: each.note.body,
              files: [],
              ...(each.note.whatsappNote ? { whatsappNote: true } : {}),
            },
          }
        : {
            type: 'channelMessage',
            via: each.message.channel.type,
            content: {
              message: {
                text: each.message.text,
                type: each.message.file
                  ? mediaKindOf(each.message.file.mimeType)
                  : each.message.template
                    ? 'template'
                    : 'text',
                media: each.message.file?.url ?? null,
                fileName: each.message.file?.name ?? null,
              },
              ...(each.message.replyTo
                ? {
                    replyMessage: {
                      interactionId: each.message.replyTo.interactionId,
                      text: each.message.replyTo.text,
                      type: each.message.replyTo.kind,
                      origin: each.message.replyTo.origin,
                    },
                  }
                : {}),
              origin: 'agent',
              channelId: each.message.channel.id,
              channelName: each.message.channel.name,
              channelColor: each.message.channel.color,
            },
          }),
      // A stored message not yet listed is still on its way to the provider.
      status: each.kind === 'message' ? 'sending' : null,
      createdBySystem: false,
      createdAt: each.createdAt,
      agent: me,
      suggestions: [],
      localStatus: each.state === 'stored' ? undefined : each.state,
    }));
    return mergeTimeline(pages, live, local);
  }, [pages, live, outgoing, contactId, me]);

  // 03 §4 Phone call: the call waiting for its outcome, if the newest item is one.
  const pendingCall = useMemo(() => pendingCallOf(items), [items]);

  /** Calls `listener` on every live event of the contact; returns how to stop. */
  const onChange = useCallback(
    (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [listeners],
  );

  return {
    history,
    items,
    pendingCall,
    onChange,
    /** Whether the oldest item is on screen (the creation header goes above it). */
    complete: history.isSuccess && !history.hasNextPage,
    sendNote,
    sendMessage,
    retry,
  };
}

export type Timeline = ReturnType<typeof useTimeline>;
