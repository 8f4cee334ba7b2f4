import { Anchor, Group, Loader, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import type { ChatMessage } from '@cartera/domain/interactions';
import { AlertIcon, CheckIcon, ReturnIcon } from '../../ui/icons';
import { ChecksIcon, ClockIcon, PaperclipIcon, PhotoIcon } from './icons';
import { AudioPlayer } from './bubbles/audio-player';
import {
  AdCard,
  DocumentPreviewButton,
  OPENABLE,
  QuoteBlock,
  ReactionLine,
  SharedContacts,
} from './bubbles/message-parts';
import { MediaFailedNotice } from './bubbles/media-failed';
import { InboundParts, textAfterParts } from './bubbles/inbound-parts';
import { MarkupText } from './markup-text';
import classes from './timeline.module.css';
import { fileSrc } from '../../lib/file-url';

import { NpsSurveyBar } from '../nps/nps-survey-bar';
const t = es.conversation.timeline.chat;

/** Kinds that are contact cards rather than files. */
const CONTACT_KINDS = new Set(['contactMessage', 'contactsArrayMessage']);
/** Kinds drawn by their own part (issue #31), never as a file. */
// 'interactive': the company's reply buttons or list (issue #42) read as their text.
const PART_KINDS = new Set(['location', 'order', 'system', 'unsupported', 'interactive']);

/**
 * A message through a channel as a chat bubble's body (03 §3 'Channel message', 'WhatsApp
 * message'): the channel's name in its colour, the ad it came from, the message it answers or
 * reacts to, its shared contacts or the file it carries, and its text.
 */
export function ChatMessageContent({
  message,
  showChannel = true,
  customer = '',
  onJump,
  itemId,
}: {
  message: ChatMessage;
  /** The channel is named on the first message of a group (a new channel starts a group). */
  showChannel?: boolean;
  /** The contact's name, for quotes of what the customer wrote. */
  customer?: string;
  /** Brings a quoted message into view. */
  onJump?: (interactionId: string) => void;
  /** The item's id: 'Reintentar' of a file the provider did not give needs it. */
  itemId?: string;
}) {
  if (message.deleted) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t.deleted}
      </Text>
    );
  }
  return (
    <>
      {showChannel && message.channelName && (
        <span
          className={classes.channel}
          title={format(t.channel, { name: message.channelName })}
          data-testid="chat-channel"
        >
          <span
            className={classes.channelDot}
            style={message.channelColor ? { backgroundColor: message.channelColor } : undefined}
            aria-hidden
          />
          {message.channelName}
        </span>
      )}
      {message.adReply && <AdCard ad={message.adReply} />}
      {message.reaction && <ReactionLine emoji={message.text} />}
      {message.replyTo && (
        <QuoteBlock quote={message.replyTo} customer={customer} onJump={onJump} />
      )}
      {CONTACT_KINDS.has(message.kind) && message.contacts.length > 0 ? (
        <SharedContacts contacts={message.contacts} />
      ) : (
        message.kind !== 'text' &&
        !PART_KINDS.has(message.kind) && <ChatMedia message={message} itemId={itemId} />
      )}
      <InboundParts message={message} />
      {textAfterParts(message) && !message.reaction && (
        <Text size="sm" className={classes.chatText}>
          <MarkupText text={textAfterParts(message)} />
        </Text>
      )}
      {message.npsSurvey && <NpsSurveyBar survey={message.npsSurvey} />}
    </>
  );
}

function ChatMedia({ message, itemId }: { message: ChatMessage; itemId?: string | undefined }) {
  const label = t.media[message.kind] ?? t.file;
  const name = message.fileName ?? label;
  const url = message.media && OPENABLE.test(message.media) ? fileSrc(message.media) : null;
  // Never fetched after every retry (issue #31): said so, with 'Reintentar'.
  if (!url && message.mediaFailed) {
    return (
      <>
        <Group gap={6} wrap="nowrap" className={classes.media} data-testid="chat-media">
          <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ flexShrink: 0 }}>
            {label}
          </Text>
          {message.fileName && (
            <Text size="sm" truncate="end">
              {message.fileName}
            </Text>
          )}
        </Group>
        <MediaFailedNotice itemId={itemId} providerCode={message.mediaFailed.providerCode} />
      </>
    );
  }
  // Still being fetched from the provider (issue #31): said so until the file arrives live.
  if (!url && message.mediaPending) {
    return (
      <Group gap={6} wrap="nowrap" className={classes.media} data-testid="chat-media">
        <Loader size={14} aria-hidden />
        <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ flexShrink: 0 }}>
          {label}
        </Text>
        <Text size="sm" c="dimmed" truncate="end" role="status" data-testid="chat-media-pending">
          {message.fileName ? `${message.fileName} · ${t.mediaPending}` : t.mediaPending}
        </Text>
      </Group>
    );
  }
  // Pictures, recordings and videos play in the bubble; anything else is named, to open.
  if (url && (message.kind === 'image' || message.kind === 'sticker')) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className={classes.mediaPreview}
        aria-label={format(t.openFile, { name })}
        data-testid="chat-media"
      >
        <img src={url} alt={name} className={classes.mediaImage} loading="lazy" />
      </a>
    );
  }
  if (url && message.kind === 'audio') {
    return <AudioPlayer url={url} name={name} listened={message.listened} />;
  }
  if (url && message.kind === 'video') {
    return (
      <video
        controls
        preload="metadata"
        src={url}
        aria-label={name}
        className={classes.mediaImage}
        data-testid="chat-media"
      />
    );
  }
  const Icon = message.kind === 'image' || message.kind === 'sticker' ? PhotoIcon : PaperclipIcon;
  return (
    <Group gap={6} wrap="nowrap" className={classes.media} data-testid="chat-media">
      <Icon size={16} />
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {message.fileName &&
        (url ? (
          <Anchor
            href={url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            truncate="end"
            aria-label={format(t.openFile, { name })}
          >
            {message.fileName}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end">
            {message.fileName}
          </Text>
        ))}
      {url && message.kind === 'document' && <DocumentPreviewButton message={message} url={url} />}
    </Group>
  );
}

/** The icon of each delivery state: a message's (03 §4) and an e-mail's (pending … done). */
const DELIVERY_ICONS: Record<string, typeof CheckIcon> = {
  sending: ClockIcon,
  pending: ClockIcon,
  sent: CheckIcon,
  error: AlertIcon,
  done: ReturnIcon,
};

/**
 * 03 §4 Delivery icons, named for screen readers: a message's (sending, sent, received, read,
 * error) or, with `email`, an e-mail's (pending, sent, received, done: answered, error).
 */
export function DeliveryIcon({ status, email = false }: { status: string; email?: boolean }) {
  const label =
    (email
      ? (es.email.bubble.status as Record<string, string | undefined>)[status]
      : t.delivery[status]) ?? status;
  const Icon = DELIVERY_ICONS[status] ?? ChecksIcon;
  return (
    <span
      className={classes.delivery}
      data-status={status}
      role="img"
      aria-label={label}
      title={label}
      data-testid="delivery-status"
    >
      <Icon size={status === 'received' || status === 'read' ? 16 : 14} stroke={2} />
    </span>
  );
}
