import type { ReactNode } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import {
  chatMessageOf,
  parseInteractionContent,
  type ChatMessage,
  type ParsedContent,
} from '@cartera/domain/interactions';
import { formatDateTime } from '../../lib/dates';
import { fullNameOf } from '../auth/session';
import { useTags } from '../contacts/tag-chip';
import { ChatMessageContent } from './chat-message';
import { ScheduledMessageContent } from './scheduled-message';
import { MarkupText } from './markup-text';
import { PhoneCallItem } from '../phone/phone-call-item';
import { NoteAttachments } from './composer/note-attachments';
import { SaleBubble } from './bubbles/sale-bubble';
import { EmailBubble } from './bubbles/email-bubble';
import { RequestBubble } from '../request-sales/request-bubble';
import { FormAnswerBubble } from '../forms/form-answer-bubble';
import { MeetingBubble, MeetingNotice } from '../meetings/meeting-bubble';
import { useOpenSubConversation } from './sub-conversation-open';
import { WhatsappNoteMark } from './composer/whatsapp-note';
import type { TimelineItem } from './timeline-model';

const t = es.conversation.timeline;

/** How an item sits on the timeline: a bubble of written text, or a one-line event. */
export type ItemShape = 'bubble' | 'event';

export function itemShape(type: string): ItemShape {
  return type === 'note' ||
    type === 'feedback' ||
    type === 'visit' ||
    type === 'scheduled-message' ||
    type === 'sale' ||
    type === 'saleupdate' ||
    type === 'formAnswer' ||
    type === 'email' ||
    type === 'meeting'
    ? 'bubble'
    : 'event';
}

/**
 * The chat message an item is (a channel message or one of its legacy types), or null. Without
 * an `origin` stored, an item an agent wrote is the company's.
 */
export function chatMessageOfItem(item: TimelineItem): ChatMessage | null {
  const parsed = parseInteractionContent(item.type, item.content);
  switch (parsed.type) {
    case 'channelMessage':
    case 'message':
    case 'wpp':
    case 'fb':
    case 'ig':
      return chatMessageOf(parsed.content, item.agent !== null && !item.createdBySystem);
    default:
      return null;
  }
}

export interface ContentContext {
  /** The contact whose timeline this is. */
  contactId: string;
  /** 03 §2.1: sub-conversation items link only for users with both comercial and super. */
  linksSubConversations: boolean;
  /** Brings an item of this timeline into view (a reply's quoted message). */
  jumpTo?: (interactionId: string) => void;
}

function Detail({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {children}
    </Text>
  );
}

function Line({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
      {children}
    </Text>
  );
}

function useTagName() {
  const tags = useTags();
  return (code: string) => tags.data?.find((tag) => tag.code === code)?.name ?? code;
}

function reminderAction(code: string | undefined): string | null {
  if (!code) return null;
  return es.conversation.actions.reminderActions[code] ?? code;
}

/** What an interaction says, in Spanish, by its type (03 §3 Content by type). */
export function InteractionContent({
  item,
  context,
}: {
  item: TimelineItem;
  context: ContentContext;
}) {
  const parsed = parseInteractionContent(item.type, item.content);
  return <ParsedInteraction parsed={parsed} item={item} context={context} />;
}

function ParsedInteraction({
  parsed,
  item,
  context,
}: {
  parsed: ParsedContent;
  item: TimelineItem;
  context: ContentContext;
}) {
  const tagName = useTagName();
  switch (parsed.type) {
    case 'note':
      return (
        <Stack gap={4}>
          {parsed.content.whatsappNote && <WhatsappNoteMark />}
          {parsed.content.body && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              <MarkupText text={parsed.content.body} />
            </Text>
          )}
          <NoteAttachments files={parsed.content.files} />
        </Stack>
      );
    case 'transfer': {
      const to = parsed.content.toUser;
      const name =
        to?.name !== undefined ? fullNameOf({ name: to.name, lastname: to.lastname ?? '' }) : '';
      return (
        <Stack gap={2}>
          <Line>{format(t.transferTo, { name: name || es.contacts.noAgent })}</Line>
          {parsed.content.description && <Detail>{parsed.content.description}</Detail>}
        </Stack>
      );
    }
    case 'contactTaken':
      return (
        <Stack gap={2}>
          <Line>{t.contactTaken}</Line>
          {parsed.content.body && <Detail>{parsed.content.body}</Detail>}
        </Stack>
      );
    case 'archiving': {
      const to = parsed.content.to;
      // A customer's message reopened the archived conversation (issue #33 item 4).
      if (!to && item.content.reopenedBy === 'customerMessage') {
        return <Line>{t.reopenedByCustomer}</Line>;
      }
      if (!to) return <Line>{t.unarchived}</Line>;
      const name = typeof item.content.toName === 'string' ? item.content.toName : to;
      return <Line>{format(t.archivedWith, { reason: name })}</Line>;
    }
    case 'tag':
    case 'tagChange': {
      const { from, to } = parsed.content;
      if (from && to)
        return <Line>{format(t.tagChanged, { from: tagName(from), to: tagName(to) })}</Line>;
      if (to) return <Line>{format(t.tagAdded, { to: tagName(to) })}</Line>;
      if (from) return <Line>{format(t.tagRemoved, { from: tagName(from) })}</Line>;
      return <Line>{es.conversation.noTags}</Line>;
    }
    case 'reminder': {
      const { reminderDate, comment, actionType, isPermanent } = parsed.content;
      const action = reminderAction(actionType);
      let title: string;
      if (reminderDate) title = format(t.reminderSet, { date: formatDateTime(reminderDate) });
      else if (item.via === 'server' || item.status === 'expired') title = t.reminderExpired;
      else title = t.reminderCancelled;
      const extra = [action, reminderDate && isPermanent ? t.reminderPermanent : null]
        .filter(Boolean)
        .join(' · ');
      return (
        <Stack gap={2}>
          <Line>{title}</Line>
          {extra && <Detail>{extra}</Detail>}
          {comment && <Detail>{comment}</Detail>}
        </Stack>
      );
    }
    case 'unify':
      return <Line>{format(t.unified, { name: parsed.content.body })}</Line>;
    case 'subconversation-created': {
      const { body, subConversationId, contact } = parsed.content;
      // On the parent it leads to the sub-conversation, on the sub-conversation to the parent.
      const target = subConversationId !== context.contactId ? subConversationId : contact;
      return (
        <Stack gap={2}>
          <Line>{t.subConversationCreated}</Line>
          {body && <Detail>{body}</Detail>}
          {context.linksSubConversations && target && target !== context.contactId && (
            <SubConversationLink id={target} label={t.subConversationOpen} />
          )}
        </Stack>
      );
    }
    case 'subconversation-closed':
      return (
        <Stack gap={2}>
          <Line>{t.subConversationClosed}</Line>
          {parsed.content.archivingReasonText && (
            <Detail>{parsed.content.archivingReasonText}</Detail>
          )}
          {parsed.content.body && <Detail>{parsed.content.body}</Detail>}
        </Stack>
      );
    case 'phoneCall':
      return (
        <PhoneCallItem
          content={parsed.content}
          contactId={context.contactId}
          interactionId={item.id}
        />
      );
    case 'visit':
      return (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t.visit}
          </Text>
          <Detail>
            {format(t.visitResult, {
              result:
                typeof parsed.content.stateName === 'string'
                  ? parsed.content.stateName
                  : parsed.content.state,
            })}
          </Detail>
          {parsed.content.sharedUsers?.length ? (
            <Detail>
              {format(t.visitParticipants, {
                names: parsed.content.sharedUsers
                  .map((user) =>
                    fullNameOf({ name: user.name ?? '', lastname: user.lastname ?? '' }),
                  )
                  .join(', '),
              })}
            </Detail>
          ) : null}
          {parsed.content.comment && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              <MarkupText text={parsed.content.comment} />
            </Text>
          )}
        </Stack>
      );
    case 'feedback': {
      const to = parsed.content.toUser;
      const name =
        to?.name !== undefined ? fullNameOf({ name: to.name, lastname: to.lastname ?? '' }) : '';
      return (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {format(t.feedbackTo, { name })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            <MarkupText text={parsed.content.body} />
          </Text>
          <Detail>{parsed.content.status === 'read' ? t.feedbackRead : t.feedbackUnread}</Detail>
        </Stack>
      );
    }
    case 'disregarded':
      return <Line>{t.disregarded}</Line>;
    case 'sale':
      return <SaleBubble content={parsed.content} />;
    case 'saleupdate':
      return <RequestBubble content={parsed.content} />;
    case 'formAnswer':
      return <FormAnswerBubble content={parsed.content} />;
    case 'email':
      return (
        <EmailBubble content={parsed.content} itemId={item.id} contactId={context.contactId} />
      );
    case 'meeting':
      return (
        <MeetingBubble
          itemId={item.id}
          status={item.status}
          content={parsed.content}
          contactId={context.contactId}
        />
      );
    case 'meeting-reminder':
    case 'expired-meeting':
      return <MeetingNotice type={parsed.type} content={parsed.content} />;
    case 'scheduled-message':
      return (
        <ScheduledMessageContent
          item={item}
          content={parsed.content}
          contactId={context.contactId}
        />
      );
    case 'channelMessage':
    case 'message':
    case 'wpp':
    case 'fb':
    case 'ig':
      return (
        <ChatMessageContent
          message={chatMessageOf(parsed.content, item.agent !== null && !item.createdBySystem)}
        />
      );
    case 'unknown':
      return (
        <Text size="sm" c="dimmed" fs="italic">
          {es.conversation.unknownInteraction}
        </Text>
      );
  }
}

/**
 * A sub-conversation item's link (03 §2): it opens in the page's side panel (issue #43 item 3),
 * or leads to its screen where there is none.
 */
function SubConversationLink({ id, label }: { id: string; label: string }) {
  const open = useOpenSubConversation();
  if (open) {
    return (
      <Anchor component="button" type="button" size="sm" ta="left" onClick={() => open(id)}>
        {label}
      </Anchor>
    );
  }
  return (
    <Anchor size="sm" renderRoot={(props) => <Link to="/contact" search={{ id }} {...props} />}>
      {label}
    </Anchor>
  );
}
