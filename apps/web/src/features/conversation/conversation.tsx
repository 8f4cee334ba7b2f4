import { useCallback, useEffect, useMemo, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import type { Me } from '../auth/session';
import { contactName, type ContactDetail } from '../contacts/contact-format';
import { isReservedView } from '../inbox/reservation';
import { useMarkRead } from '../inbox/use-mark-read';
import { ReservedCountdown } from '../inbox/reserved-countdown';
import { CallOutcomeBar } from './calls/call-outcome-bar';
import { Composer } from './composer';
import { ContactFetchAlert } from './contact-fetch-alert';
import type { ContentContext } from './interaction-content';
import { Timeline } from './timeline';
import { TimelineSearch } from './timeline-search';
import classes from './conversation.module.css';
import { useContactTimeline } from './timeline-context';
import { lastMessageByChannel, newestCustomerMessage } from './timeline-model';
import { useMarkSeen } from './use-mark-seen';
import { useShortcut } from '../keyboard/keyboard-provider';
import { showQuoteNotFound } from './bubbles/message-parts';
import { ReplyProvider } from './bubbles/reply-context';
import { flagOn, linksSubConversations } from '@cartera/domain/policy';

/** 03 §9: a scrolled-to interaction stays highlighted for 1 s. */
const QUOTE_HIGHLIGHT_MS = 1_000;

/**
 * The conversation of a contact (03 §2.1, §2.2): the live timeline with the in-conversation
 * search (Ctrl/Cmd+F) over it, and the composer under it (or the question of a call in progress).
 */
export function Conversation({
  contact,
  me,
  jumpTo = null,
}: {
  contact: ContactDetail;
  me: Me;
  /** An item to bring into view (chosen in the info panel), loading older pages if needed. */
  jumpTo?: string | null;
}) {
  const timeline = useContactTimeline();
  // Opened from 'Inbox' and still nobody's: reserved for a while (03 §4), taken to be written to.
  const { inbox } = useSearch({ strict: false }) as { inbox?: string };
  const reserved = isReservedView(inbox, contact);
  const [searching, setSearching] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  // What to bring into view: the item last chosen in the info panel, or a reply's quoted
  // message chosen in its bubble (in view and highlighted for a moment).
  const [target, setTarget] = useState(() => (jumpTo ? { id: jumpTo, quote: false } : null));
  const [chosen, setChosen] = useState(jumpTo);
  if (chosen !== jumpTo) {
    setChosen(jumpTo);
    setTarget(jumpTo ? { id: jumpTo, quote: false } : null);
  }
  const quoted = target?.quote ? target.id : null;
  useEffect(() => {
    if (!quoted) return;
    const timer = setTimeout(() => setTarget(null), QUOTE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [quoted]);
  const setQuoted = useCallback((id: string) => setTarget({ id, quote: true }), []);
  const quoteMissing = useCallback(() => {
    setTarget(null);
    showQuoteNotFound();
  }, []);
  const linksSubs = linksSubConversations(me.user);
  const context = useMemo<ContentContext>(
    () => ({ contactId: contact.id, linksSubConversations: linksSubs, jumpTo: setQuoted }),
    [contact.id, linksSubs, setQuoted],
  );

  // The conversation's own search replaces the browser's find on this screen; Escape closes it
  // wherever the focus is (the app's keyboard registry, issue #33 item 5).
  useShortcut('chatSearch', () => setSearching((open) => !open));
  useShortcut('escape', () => setSearching(false), searching);

  const closeSearch = useCallback(() => setSearching(false), []);

  const { history, items } = timeline;
  // 03 §4: channel mode starts in the channel this contact last wrote or was written through.
  const channelActivity = useMemo(() => lastMessageByChannel(items), [items]);
  // 03 §4: what the customer wrote is seen once the seller has the conversation on screen.
  useMarkSeen(contact.id, items, !reserved);
  // The holder having the chat on screen reads it (issue #33: unread conversations).
  const newestFromCustomer = useMemo(() => newestCustomerMessage(items), [items]);
  useMarkRead(contact.id, newestFromCustomer, contact.agent?.id === me.user.id);
  // 03 §4 Phone call: while the newest item is a call in progress, its outcome question replaces
  // the composer.
  const call = timeline.pendingCall;
  let body;
  if (history.isPending) {
    body = (
      <Center className={classes.state} aria-busy="true" aria-label={es.app.loading}>
        <Loader size="sm" />
      </Center>
    );
  } else if (history.isError) {
    body = (
      <Center className={classes.state}>
        <ContactFetchAlert
          error={history.error}
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
          maw={420}
        />
      </Center>
    );
  } else {
    body = (
      <Timeline
        contact={contact}
        timeline={timeline}
        context={context}
        focusId={searching ? focusId : (target?.id ?? null)}
        onFocusMissing={quoted ? quoteMissing : undefined}
        snooze={flagOn(me, 'snooze')}
      />
    );
  }

  return (
    <ReplyProvider key={contact.id}>
      <section className={classes.conversation} aria-label={es.conversation.timeline.label}>
        {searching && (
          <div className={classes.search}>
            <TimelineSearch contactId={contact.id} onFocus={setFocusId} onClose={closeSearch} />
          </div>
        )}
        {body}
        {reserved ? (
          <ReservedCountdown contactId={contact.id} />
        ) : call ? (
          <div className={classes.callBar}>
            <CallOutcomeBar contact={contact} call={call} />
          </div>
        ) : (
          <Composer
            contactId={contact.id}
            customer={contactName(contact)}
            onSend={timeline.sendNote}
            onSendMessage={timeline.sendMessage}
            channelActivity={channelActivity}
          />
        )}
      </section>
    </ReplyProvider>
  );
}
