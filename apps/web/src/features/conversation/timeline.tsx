import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { deliveryStatusOf } from '@cartera/domain/interactions';
import { formatDate, formatTime, dayjs } from '../../lib/format';
import { AlertIcon } from '../../ui/icons';
import { fullNameOf } from '../auth/session';
import { contactName, type ContactDetail } from '../contacts/contact-format';
import { useOriginName } from '../contacts/tag-chip';
import { ArrowDownIcon, ClockIcon } from './icons';
import { ChatMessageContent, DeliveryIcon } from './chat-message';
import { ProviderErrorDetail } from './bubbles/media-failed';
import { emailDeliveryOf } from './bubbles/bubble-format';
import { EmailSendError } from './bubbles/email-bubble';
import { ReplyButton } from './bubbles/reply-context';
import { EditedMark, SentMessageActions } from './sent-message-actions';
import {
  chatMessageOfItem,
  InteractionContent,
  itemShape,
  type ContentContext,
} from './interaction-content';
import classes from './timeline.module.css';
import { unansweredLabel } from './calls/call-format';
import { NextContactButton } from './next-contact-button';
import { SnoozeItem } from './snooze-item';
import { SuggestionChips } from './suggestion-chips';
import {
  offersSnooze,
  relativeDay,
  timelineRows,
  unansweredRuns,
  type TimelineItem,
} from './timeline-model';
import type { Timeline as TimelineState } from './use-timeline';

const t = es.conversation.timeline;

/** 03 §2.1: older items load when the top comes within 500 px. */
const LOAD_MARGIN = 500;
/** Closer than this to the end counts as being at the bottom. */
const BOTTOM_SLACK = 48;

function dayLabel(date: Date): string {
  const relative = relativeDay(date, new Date());
  if (relative === 'today') return t.today;
  if (relative === 'yesterday') return t.yesterday;
  return formatDate(date);
}

/**
 * The conversation's timeline (03 §2.1): oldest at the top, newest at the bottom; older pages
 * load when scrolling up (the view stays where it was), new items keep the view at the bottom if
 * it was there, and buttons lead back to the end or on to the next contact otherwise.
 */
export function Timeline({
  contact,
  timeline,
  context,
  focusId,
  onFocusMissing,
  snooze = false,
}: {
  contact: ContactDetail;
  timeline: TimelineState;
  context: ContentContext;
  /** A search match to bring into view (older pages load until it is there). */
  focusId: string | null;
  /** Every page is loaded and `focusId` is not among them. */
  onFocusMissing?: (id: string) => void;
  /** The user's `snooze` feature flag (03 §4): the snooze item may follow the newest item. */
  snooze?: boolean;
}) {
  const { history, items, complete, retry } = timeline;
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const snapshot = useRef({ first: '', last: '', height: 0, atBottom: true });
  const rows = useMemo(() => timelineRows(items), [items]);
  const unanswered = useMemo(() => unansweredRuns(items), [items]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const customer = contactName(contact);

  const first = complete ? 'created' : (items[0]?.id ?? '');
  const lastItem = items[items.length - 1];
  // 03 §4 Snooze sits after the newest item ("the top" of a timeline read newest first).
  const showSnooze = snooze && history.isSuccess && offersSnooze(items, contact.reminder !== null);
  const last = lastItem ? `${lastItem.id}${showSnooze ? '+snooze' : ''}` : '';

  const loadOlderIfNear = () => {
    const node = scroller.current;
    if (!node || !hasNextPage || isFetchingNextPage) return;
    if (node.scrollTop < LOAD_MARGIN) void fetchNextPage();
  };

  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const before = snapshot.current;
    if (!before.last && last) {
      node.scrollTop = node.scrollHeight;
    } else if (before.first && first !== before.first) {
      // Older items (or the creation header) went in above: keep what was on screen in place.
      node.scrollTop += node.scrollHeight - before.height;
    } else if (last !== before.last && (before.atBottom || lastItem?.localStatus === 'sending')) {
      node.scrollTop = node.scrollHeight;
    } else if (before.atBottom && node.scrollHeight !== before.height) {
      // An item changed in place (a file arrived, a call closed) while the newest were in view.
      node.scrollTop = node.scrollHeight;
    }
    const bottom = node.scrollHeight - node.scrollTop - node.clientHeight < BOTTOM_SLACK;
    snapshot.current = { first, last, height: node.scrollHeight, atBottom: bottom };
    setAtBottom(bottom);
  }, [first, last, lastItem, rows]);

  // The view itself changed size (the composer grew into the template picker, the window was
  // resized): with the newest in view, they stay in view.
  useEffect(() => {
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const keepNewestInView = () => {
      if (!snapshot.current.atBottom) return;
      node.scrollTop = node.scrollHeight;
      snapshot.current.height = node.scrollHeight;
    };
    const observer = new ResizeObserver(keepNewestInView);
    observer.observe(node);
    // A picture or video drawn after its item (the one just sent, say) grows the timeline with
    // no render of ours: with the newest in view, the new item stays in view (issue #35).
    node.addEventListener('load', keepNewestInView, true);
    node.addEventListener('loadedmetadata', keepNewestInView, true);
    return () => {
      observer.disconnect();
      node.removeEventListener('load', keepNewestInView, true);
      node.removeEventListener('loadedmetadata', keepNewestInView, true);
    };
  }, []);

  // A short timeline does not fill the view: nothing to scroll, so load on sight.
  useEffect(loadOlderIfNear);

  // Bring a search match into view, loading older pages until it is loaded.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId) {
      focused.current = null;
      return;
    }
    const node = scroller.current?.querySelector<HTMLElement>(`[data-item-id="${focusId}"]`);
    if (node) {
      if (focused.current !== focusId) {
        focused.current = focusId;
        node.scrollIntoView({ block: 'center' });
      }
    } else if (hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    } else if (!hasNextPage && history.isSuccess) {
      onFocusMissing?.(focusId);
    }
  }, [
    focusId,
    rows,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    history.isSuccess,
    onFocusMissing,
  ]);

  const onScroll = () => {
    const node = scroller.current;
    if (!node) return;
    const bottom = node.scrollHeight - node.scrollTop - node.clientHeight < BOTTOM_SLACK;
    snapshot.current.atBottom = bottom;
    if (bottom !== atBottom) setAtBottom(bottom);
    loadOlderIfNear();
  };

  const toBottom = () => {
    const node = scroller.current;
    if (node) node.scrollTo({ top: node.scrollHeight, behavior: 'smooth' });
  };

  return (
    <div className={classes.frame}>
      {isFetchingNextPage && (
        <Badge
          className={classes.olderLoader}
          variant="white"
          color="gray"
          leftSection={<Loader size={10} />}
          role="status"
        >
          {t.loadingOlder}
        </Badge>
      )}
      <div
        ref={scroller}
        className={classes.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={t.label}
        aria-live="polite"
        data-testid="timeline"
      >
        {complete && <CreationHeader contact={contact} />}
        {history.isFetchNextPageError && (
          <Text size="sm" c="red" ta="center" role="alert">
            {t.olderFailed}
          </Text>
        )}
        {complete && items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" mt="md">
            {t.empty}
          </Text>
        )}
        {rows.map((row) =>
          row.kind === 'day' ? (
            <div key={row.key} className={classes.day}>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
                {dayLabel(row.date)}
              </Badge>
            </div>
          ) : (
            <TimelineRow
              key={row.key}
              item={row.item}
              groupStart={row.groupStart}
              context={context}
              customer={customer}
              highlighted={row.item.id === focusId}
              unanswered={unansweredLabel(unanswered.get(row.item.id) ?? 0)}
              onRetry={retry}
            />
          ),
        )}
        {showSnooze && <SnoozeItem contactId={contact.id} />}
      </div>
      {!atBottom && (
        <Group className={classes.jumps} gap="xs" wrap="nowrap">
          <NextContactButton contactId={contact.id} />
          <ActionIcon
            size="lg"
            radius="xl"
            variant="default"
            aria-label={t.scrollToBottom}
            title={t.scrollToBottom}
            onClick={toBottom}
          >
            <ArrowDownIcon size={18} />
          </ActionIcon>
        </Group>
      )}
    </div>
  );
}

function authorOf(item: TimelineItem): string {
  if (item.agent && !item.createdBySystem) return fullNameOf(item.agent);
  return t.system;
}

/** One item; memoised, so a new item does not redraw the hundreds already on screen. */
const TimelineRow = memo(function TimelineRow({
  item,
  groupStart,
  context,
  customer,
  highlighted,
  unanswered,
  onRetry,
}: {
  item: TimelineItem;
  groupStart: boolean;
  context: ContentContext;
  /** The contact's name: the author of what the customer writes. */
  customer: string;
  highlighted: boolean;
  /** 'n llamadas sin respuesta' on the last call of a run of three or more. */
  unanswered: string | null;
  onRetry: (id: string) => void;
}) {
  const chat = useMemo(() => chatMessageOfItem(item), [item]);
  const shape = chat ? 'bubble' : itemShape(item.type);
  const mail = item.type === 'email';
  // The customer's messages (and mails) on the left, everything the company writes on the right.
  const fromCustomer =
    chat?.origin === 'contact' ||
    (mail && (item.content as { origin?: unknown }).origin === 'contact');
  const side = fromCustomer ? 'in' : 'out';
  // 03 §4 Delivery icons, on what the company sent: ours on their way first, then the server's.
  const delivery =
    chat?.origin === 'agent'
      ? (item.localStatus ?? deliveryStatusOf(item.status, item.content))
      : null;
  // An e-mail's own states (03 §4): pending, sent, received, done, error.
  const mailDelivery = mail ? emailDeliveryOf(item.status) : null;
  const time = formatTime(item.createdAt);
  return (
    <div
      className={classes.row}
      data-shape={shape}
      data-side={side}
      data-group-start={groupStart || undefined}
      data-highlighted={highlighted || undefined}
      data-item-id={item.id}
      data-testid="timeline-item"
    >
      {groupStart && (
        <span className={classes.author}>{fromCustomer ? customer : authorOf(item)}</span>
      )}
      <div
        className={shape === 'bubble' ? classes.bubble : classes.event}
        data-type={item.type}
        // A mail is drawn as a message: the customer's white at the left, the seller's green.
        data-chat={chat || mail ? side : undefined}
        data-local-status={item.localStatus}
        data-delivery={delivery ?? mailDelivery ?? undefined}
      >
        {chat ? (
          <ChatMessageContent
            message={chat}
            showChannel={groupStart}
            customer={customer}
            onJump={context.jumpTo}
            itemId={item.id}
          />
        ) : (
          <InteractionContent item={item} context={context} />
        )}
        <div className={classes.meta}>
          {!chat && item.localStatus === 'sending' && (
            <span title={t.sending} aria-label={t.sending} role="status">
              <ClockIcon size={12} />
            </span>
          )}
          {chat?.edited && !chat.deleted && <EditedMark message={chat} />}
          <span>{time}</span>
          {delivery && <DeliveryIcon status={delivery} />}
          {mailDelivery && <DeliveryIcon status={mailDelivery} email />}
          {chat && !chat.deleted && !item.localStatus && item.type === 'channelMessage' && (
            <ReplyButton interactionId={item.id} message={chat} />
          )}
          {chat?.origin === 'agent' && (
            <SentMessageActions item={item} message={chat} contactId={context.contactId} />
          )}
        </div>
      </div>
      {item.suggestions.length > 0 && <SuggestionChips item={item} contactId={context.contactId} />}
      {unanswered && (
        <Badge color="red" variant="light" size="sm" mt={4} tt="none">
          {unanswered}
        </Badge>
      )}
      {item.localStatus === 'error' ? (
        <Group gap={4} mt={2} c="red.7" wrap="nowrap" role="alert">
          <AlertIcon size={14} />
          <Text size="xs" c="red.7">
            {chat ? errorMessage('SEND_MESSAGE_ERROR') : es.conversation.noteFailed}
          </Text>
          <Anchor component="button" type="button" size="xs" onClick={() => onRetry(item.id)}>
            {es.conversation.retrySend}
          </Anchor>
        </Group>
      ) : mailDelivery === 'error' ? (
        <EmailSendError item={item} contactId={context.contactId} />
      ) : (
        delivery === 'error' && (
          <Group gap={4} mt={2} c="red.7" wrap="nowrap" role="alert" data-testid="delivery-error">
            <AlertIcon size={14} />
            <Text size="xs" c="red.7">
              {errorMessage(chat?.errorCode ?? 'SEND_MESSAGE_ERROR')}
              {chat?.providerErrorCode && <ProviderErrorDetail code={chat.providerErrorCode} />}
            </Text>
          </Group>
        )
      )}
    </div>
  );
});

/** 03 §2.1: where the timeline begins, the contact's creation. */
function CreationHeader({ contact }: { contact: ContactDetail }) {
  const origin = useOriginName(contact.origin);
  const created = dayjs(contact.createdAt);
  return (
    <Paper withBorder radius="md" p="sm" maw={520} mx="auto" mb="sm" data-testid="creation-header">
      <Stack gap={4} align="center" ta="center">
        <Text size="sm" fw={600}>
          {format(t.created, { date: formatDate(created), time: formatTime(created) })}
        </Text>
        {(origin || contact.originText) && (
          <Text size="xs" c="dimmed">
            {`${t.createdOrigin}: ${[origin, contact.originText].filter(Boolean).join(' · ')}`}
          </Text>
        )}
        {contact.detail && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {`${t.createdDetail}: ${contact.detail}`}
          </Text>
        )}
        {contact.firstAgent && (
          <Text size="xs" c="dimmed">
            {`${t.createdFirstAgent}: ${fullNameOf(contact.firstAgent)}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
