import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationAction } from '@cartera/domain/notifications';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { useLiveEvents } from '../../live/live-events';
import { useMe } from '../../auth/session';

export type UserNotification = RouterOutputs['notification']['list'][number];

const FIELD_OF = { viewed: 'viewedAt', opened: 'openedAt', closed: 'closedAt' } as const;

/**
 * A notification as it is once the user did `action` (01 §4: each kept the first time; opening or
 * closing views it too), so the frame moves on before the server answers.
 */
function tracked(item: UserNotification, action: NotificationAction): UserNotification {
  const at = new Date();
  const field = FIELD_OF[action];
  return {
    ...item,
    viewed: true,
    viewedAt: item.viewedAt ?? at,
    [field]: item[field] ?? at,
  };
}

/**
 * Records what the user did with a notification (`notification.track`): the lists in the cache
 * change at once, and the user menu's count and the pages are read again afterwards.
 */
export function useTrackNotification() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.notification.track.mutationOptions({
      onMutate: ({ id, action }) => {
        queryClient.setQueriesData<UserNotification[]>(
          trpc.notification.list.queryFilter(),
          (items) => items?.map((item) => (item.id === id ? tracked(item, action) : item)),
        );
      },
      onSettled: () => {
        void queryClient.invalidateQueries(trpc.notification.unreadCount.queryFilter());
        void queryClient.invalidateQueries(trpc.notification.page.queryFilter());
        void queryClient.invalidateQueries(trpc.notification.get.queryFilter());
      },
    }),
  );
}

/** Notifications are delivered in bursts (a shipment's batches): one read per burst. */
const DELIVERED_DELAY_MS = 300;

/**
 * The frame's notifications (01 §2 banner and bottom-right notice, 01 §4 'only one banner and
 * one bottom notification are shown at a time, newest first'): the user's latest 50, read again
 * when new ones are delivered live. A notification waits until it is the newest of its kind not
 * yet opened or closed; then it shows, and is marked viewed when shown the first time.
 */
export function useFrameNotifications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Signed out (the frame still on screen on its way to /login): nothing is asked.
  const signedIn = useMe() !== null;
  const list = useQuery({ ...trpc.notification.list.queryOptions({}), enabled: signedIn });
  const track = useTrackNotification();
  const refresh = () => void queryClient.invalidateQueries(trpc.notification.pathFilter());
  useLiveEvents({
    topics: ['notifications'],
    types: ['notification.delivered'],
    delayMs: DELIVERED_DELAY_MS,
    enabled: signedIn,
    onStarted: refresh,
    onEvents: refresh,
  });

  const waiting = (list.data ?? []).filter((item) => !item.openedAt && !item.closedAt);
  const banner = waiting.find((item) => item.setting.type === 'banner') ?? null;
  const notice = waiting.find((item) => item.setting.type === 'right-bottom-notification') ?? null;

  // Viewed when shown and not yet viewed (01 §4), once per notification.
  const marked = useRef(new Set<string>());
  const { mutate } = track;
  useEffect(() => {
    for (const shown of [banner, notice]) {
      if (!shown || shown.viewed || marked.current.has(shown.id)) continue;
      marked.current.add(shown.id);
      mutate({ id: shown.id, action: 'viewed' });
    }
  }, [banner, notice, mutate]);

  // The bottom-right notice's height: the page keeps that much room below its end.
  const [noticeHeight, setNoticeHeight] = useState(0);

  return {
    banner,
    notice,
    open: (id: string) => mutate({ id, action: 'opened' }),
    close: (id: string) => mutate({ id, action: 'closed' }),
    noticeHeight: notice ? noticeHeight : 0,
    setNoticeHeight,
  };
}

export type FrameNotifications = ReturnType<typeof useFrameNotifications>;

/** The user menu's count: notifications not viewed yet, read again as they arrive or are seen. */
export function useUnviewedCount() {
  const trpc = useTRPC();
  const signedIn = useMe() !== null;
  return useQuery({ ...trpc.notification.unreadCount.queryOptions(), enabled: signedIn });
}
