import { useState } from 'react';
import { Text, UnstyledButton } from '@mantine/core';
import { createNotificationsStore, Notifications, notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { noticePreferencesOf } from '@cartera/domain/notification-preferences';
import { guardRoute } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { guardUserOf, type Me } from '../auth/session';
import { useLiveEvents, type LiveEvent } from '../live/live-events';
import { browserPermission } from './browser-permission';
import { playChime } from './chime';
import { decideNotice, mayConcern } from './notice-decision';

type Notice = NonNullable<RouterOutputs['inbox']['messageNotice']>;

const texts = es.settings.notifications;
/** A burst of a customer's messages makes one notice (one read of the contact per burst). */
const NOTICE_DELAY_MS = 250;
const TOAST_AUTO_CLOSE_MS = 8_000;
const PREVIEW_LENGTH = 90;
/** Narrow enough to stay off the right of a page, where its main buttons are. */
const TOAST_WIDTH = 320;

/** The toasts of customers' messages have their own stack, placed apart from the app's others. */
const store = createNotificationsStore();

function previewOf(notice: Notice): string {
  const words = notice.text.trim();
  if (words) return words.length > PREVIEW_LENGTH ? `${words.slice(0, PREVIEW_LENGTH)}…` : words;
  const kind = notice.kind as keyof typeof texts.kinds;
  return texts.kinds[kind] ?? texts.kinds.other;
}

function toastIdOf(contactId: string) {
  return `customer-message-${contactId}`;
}

/**
 * Tells the user that a customer wrote (issue #33 item 2): for each customer's message in one of
 * their conversations (a supervisor: their teams' too, if chosen) that is not the chat on screen,
 * a toast with the name and first words that opens the chat, a short sound, and the browser's
 * notification while the tab is hidden, as the user's preferences in 'Ajustes' say. A burst on
 * one conversation updates its one toast in place. Follows the tab's one live stream.
 *
 * The toasts stand at the top left, over the side menu's head and the page's title, where no
 * screen keeps its primary action (the pages' main buttons are at the top right, the composer
 * and its send button at the bottom); on a phone at the top, over the header bar
 * (docs/decisions.md).
 */
export function MessageNotices({ me, mobile }: { me: Me; mobile: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const enabled = guardRoute(guardUserOf(me), '/contact').kind === 'allow';
  const preferences = useQuery({
    ...trpc.settings.notificationPreferences.queryOptions(),
    enabled,
  });
  const openContactId = useLocation({
    select: (location) =>
      location.pathname.startsWith('/contact')
        ? ((location.search as { id?: string }).id ?? null)
        : null,
  });
  const [defaults] = useState(() => noticePreferencesOf(me.user.roles, {}));

  /** Opens the chat as its inbox's row would: in the user's own inbox or the holder's. */
  function openChat(notice: Notice) {
    notifications.hide(toastIdOf(notice.contactId), store);
    const inbox = notice.audience === 'mine' ? 'me' : notice.holderId;
    void navigate({ to: '/contact', search: { id: notice.contactId, inbox } });
  }

  function tell(notice: Notice) {
    const decision = decideNotice(notice, {
      preferences: preferences.data ?? defaults,
      openContactId,
      hidden: document.hidden,
      permission: browserPermission(),
    });
    const preview = previewOf(notice);
    if (decision.toast) showToast(notice, preview);
    if (decision.sound) playChime();
    if (decision.browser) {
      const shown = new Notification(format(texts.messageTitle, { name: notice.name }), {
        body: preview,
        tag: toastIdOf(notice.contactId),
      });
      shown.onclick = () => {
        window.focus();
        openChat(notice);
        shown.close();
      };
    }
  }

  function showToast(notice: Notice, preview: string) {
    const id = toastIdOf(notice.contactId);
    const data = {
      id,
      autoClose: TOAST_AUTO_CLOSE_MS,
      'data-testid': 'customer-message-toast',
      message: (
        <UnstyledButton
          onClick={() => openChat(notice)}
          aria-label={format(texts.openChat, { name: notice.name })}
          w="100%"
        >
          <Text fw={600} size="sm" truncate>
            {notice.name}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2}>
            {preview}
          </Text>
          {notice.unreadCount > 1 && (
            <Text size="xs" c="teal.7" fw={500}>
              {format(texts.unreadMany, { n: notice.unreadCount })}
            </Text>
          )}
        </UnstyledButton>
      ),
    };
    const state = store.getState();
    const shown = [...state.notifications, ...state.queue].some((each) => each.id === id);
    if (shown) notifications.update(data, store);
    else notifications.show(data, store);
  }

  async function onEvents(events: LiveEvent[]) {
    // A customer's message has no acting user; which ones concern this user the server says.
    const wanted = preferences.data ?? defaults;
    const contactIds = new Set(
      events
        .filter((event) => event.actorUserId === null)
        .filter((event) => mayConcern(event.payload, me.user.id, wanted))
        .map((event) => event.payload.contactId)
        .filter((id): id is string => typeof id === 'string'),
    );
    for (const contactId of contactIds) {
      const notice = await queryClient
        .fetchQuery({ ...trpc.inbox.messageNotice.queryOptions({ contactId }), staleTime: 0 })
        .catch(() => null);
      if (notice) tell(notice);
    }
  }

  useLiveEvents({
    topics: ['contact:*'],
    types: ['interaction.created'],
    delayMs: NOTICE_DELAY_MS,
    enabled,
    onEvents: (events) => void onEvents(events),
  });

  return (
    <Notifications
      store={store}
      position={mobile ? 'top-center' : 'top-left'}
      limit={3}
      containerWidth={TOAST_WIDTH}
    />
  );
}
