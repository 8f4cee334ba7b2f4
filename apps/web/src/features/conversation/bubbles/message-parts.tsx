import { useEffect, useState } from 'react';
import { Anchor, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { es, format } from '@cartera/domain/i18n';
import type { AdReply, ChatMessage, ReplyQuote } from '@cartera/domain/interactions';
import { EyeIcon, UserIcon } from '../../../ui/icons';
import { fileTypeOf, previewable, previewName, readableHere } from './bubble-format';
import classes from './bubbles.module.css';

const t = es.conversation.timeline.chat;

/** Addresses a message's file or link may be opened from (a stored provider id is not one). */
export const OPENABLE = /^https?:\/\//i;

/** 02 §8: the quoted message is not on the timeline. */
export function showQuoteNotFound() {
  notifications.show({ color: 'orange', title: t.notFound, message: t.notFoundText });
}

/**
 * The message a reply answers (03 §3 replyMessage), above the reply: who wrote it (cut at 12
 * characters) and its first lines. Choosing it brings the quoted message into view, or says
 * 'Mensaje no encontrado' when it was never on this timeline.
 */
export function QuoteBlock({
  quote,
  customer,
  onJump,
}: {
  quote: ReplyQuote;
  /** The contact's name: the author of what the customer wrote. */
  customer: string;
  onJump?: (interactionId: string) => void;
}) {
  const missing = quote.interactionId === null;
  const name = missing ? '' : previewName(quote.origin === 'agent' ? t.quoteYou : customer);
  const text = missing ? t.notFound : quote.text || (t.media[quote.kind] ?? t.file);
  return (
    <button
      type="button"
      className={classes.quote}
      data-missing={missing || undefined}
      aria-label={missing ? t.notFound : format(t.quote, { name, text })}
      onClick={() =>
        quote.interactionId && onJump ? onJump(quote.interactionId) : showQuoteNotFound()
      }
      data-testid="chat-quote"
    >
      {name && (
        <Text size="xs" fw={700} c="teal.8">
          {name}
        </Text>
      )}
      <Text size="xs" c="dimmed" className={classes.quoteText} fs={missing ? 'italic' : undefined}>
        {text}
      </Text>
    </button>
  );
}

/** A reaction (03 §3 isReaction): the emoji, big, over the message it reacts to. */
export function ReactionLine({ emoji }: { emoji: string }) {
  if (!emoji) {
    return (
      <Text size="xs" c="dimmed" fs="italic">
        {t.reactionRemoved}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <span className={classes.reaction} role="img" aria-label={emoji}>
        {emoji}
      </span>
      <Text size="xs" c="dimmed">
        {format(t.reacted, { emoji })}
      </Text>
    </Group>
  );
}

/** Shared contact cards (03 §3 contactMessage, contactsArrayMessage). */
export function SharedContacts({ contacts }: { contacts: ChatMessage['contacts'] }) {
  return (
    <Stack gap={4} data-testid="shared-contacts">
      <Text size="xs" fw={600} c="dimmed">
        {contacts.length === 1 ? t.sharedContact : format(t.sharedContacts, { n: contacts.length })}
      </Text>
      {contacts.map((contact, index) => (
        <Group
          key={index}
          gap={8}
          wrap="nowrap"
          className={classes.card}
          role="group"
          aria-label={contact.displayName}
        >
          <UserIcon size={20} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {contact.displayName}
            </Text>
            {contact.phoneNumber && (
              <Anchor href={`tel:${contact.phoneNumber.replace(/[^\d+]/g, '')}`} size="xs">
                {contact.phoneNumber}
              </Anchor>
            )}
            {contact.description && (
              <Text size="xs" c="dimmed" truncate="end">
                {contact.description}
              </Text>
            )}
          </div>
        </Group>
      ))}
    </Stack>
  );
}

/** The ad the customer wrote from (03 §3 externalAdReply). */
export function AdCard({ ad }: { ad: AdReply }) {
  const link = ad.sourceUrl && OPENABLE.test(ad.sourceUrl) ? ad.sourceUrl : null;
  const thumbnail = ad.thumbnailUrl && OPENABLE.test(ad.thumbnailUrl) ? ad.thumbnailUrl : null;
  const image = thumbnail && (
    <img
      src={thumbnail}
      alt=""
      className={classes.adThumb}
      data-large={ad.largeThumbnail || undefined}
      loading="lazy"
    />
  );
  return (
    <div className={classes.card} data-testid="chat-ad">
      {ad.showAttribution && (
        <Text size="10px" fw={700} tt="uppercase" c="dimmed" mb={4}>
          {t.adFrom}
        </Text>
      )}
      {ad.largeThumbnail && image}
      <Group gap={8} wrap="nowrap" align="flex-start" mt={ad.largeThumbnail ? 4 : 0}>
        {!ad.largeThumbnail && image}
        <div style={{ minWidth: 0 }}>
          {ad.title && (
            <Text size="sm" fw={600}>
              {ad.title}
            </Text>
          )}
          {ad.body && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {ad.body}
            </Text>
          )}
          {link && (
            <Anchor href={link} target="_blank" rel="noreferrer" size="xs">
              {t.adOpen}
            </Anchor>
          )}
        </div>
      </Group>
    </div>
  );
}

/**
 * 'Vista previa' of a document (03 §3, §8): a PDF is fetched and shown in the dialog; any other
 * type says 'Este tipo de archivo (...) no se puede previsualizar.' Both offer a new tab.
 */
export function DocumentPreviewButton({ message, url }: { message: ChatMessage; url: string }) {
  const [opened, setOpened] = useState(false);
  const name = message.fileName ?? t.media.document ?? t.file;
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<EyeIcon size={14} />}
        onClick={() => setOpened(true)}
      >
        {t.preview}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={format(t.previewTitle, { name })}
        size="xl"
      >
        {opened && <DocumentPreview message={message} url={url} />}
        <Group justify="flex-end" mt="sm">
          <Button component="a" href={url} target="_blank" rel="noreferrer" variant="light">
            {t.openNewTab}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function DocumentPreview({ message, url }: { message: ChatMessage; url: string }) {
  const pdf = previewable(message.fileName, message.mimeType);
  const readable = readableHere(url, window.location.href);
  const [state, setState] = useState<{ src: string } | 'loading' | 'failed'>(() =>
    readable ? 'loading' : 'failed',
  );
  useEffect(() => {
    if (!pdf || !readable) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void (async () => {
      try {
        const response = await fetch(url, { signal: controller.signal, credentials: 'include' });
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ src: objectUrl });
      } catch {
        if (!controller.signal.aborted) setState('failed');
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [pdf, readable, url]);

  if (!pdf) {
    return (
      <Text size="sm" ta="center" py="lg" data-testid="preview-unsupported">
        {format(t.previewUnsupported, { type: fileTypeOf(message.fileName, message.mimeType) })}
      </Text>
    );
  }
  if (state === 'loading') {
    return (
      <Center py="lg" aria-busy="true" aria-label={t.previewLoading}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (state === 'failed') {
    return (
      <Text size="sm" c="red.7" ta="center" py="lg" role="alert">
        {t.previewFailed}
      </Text>
    );
  }
  return (
    <iframe
      src={state.src}
      title={format(t.previewTitle, { name: message.fileName ?? t.file })}
      className={classes.previewFrame}
      data-testid="pdf-preview"
    />
  );
}
