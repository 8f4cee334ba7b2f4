import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, CloseButton, Group, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import type { ChatMessage, EmailContent } from '@cartera/domain/interactions';
import { ReturnIcon } from '../../../ui/icons';
import type { ReplyDraft } from '../outbox';
import { previewName } from './bubble-format';
import classes from './bubbles.module.css';
import timelineClasses from '../timeline.module.css';

const t = es.conversation.timeline.chat;

/** An e-mail being answered (its bubble's 'Responder'): the item and the mail. */
export interface MailReply {
  interactionId: string;
  mail: EmailContent;
}

interface ReplyState {
  /** The message the composer's next channel message answers. */
  replyingTo: ReplyDraft | null;
  replyTo: (draft: ReplyDraft | null) => void;
  /** The e-mail the composer's e-mail mode answers (03 §5). */
  mailReply: MailReply | null;
  replyToMail: (reply: MailReply | null) => void;
}

const ReplyContext = createContext<ReplyState>({
  replyingTo: null,
  replyTo: () => undefined,
  mailReply: null,
  replyToMail: () => undefined,
});

/**
 * 03 §6: any channel message may be answered ("replying is available for all"): the bubble's
 * 'Responder' puts it here, the composer shows it quoted and sends the next message as its answer.
 * An e-mail's 'Responder' (03 §2.1) opens the composer's e-mail mode as its reply.
 */
export function ReplyProvider({ children }: { children: ReactNode }) {
  const [replyingTo, replyTo] = useState<ReplyDraft | null>(null);
  const [mailReply, replyToMail] = useState<MailReply | null>(null);
  const value = useMemo(
    () => ({ replyingTo, replyTo, mailReply, replyToMail }),
    [replyingTo, mailReply],
  );
  return <ReplyContext.Provider value={value}>{children}</ReplyContext.Provider>;
}

export function useReply(): ReplyState {
  return useContext(ReplyContext);
}

/** 'Responder' on a channel message's bubble. */
export function ReplyButton({
  interactionId,
  message,
}: {
  interactionId: string;
  message: ChatMessage;
}) {
  const { replyTo } = useReply();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="xs"
      aria-label={t.reply}
      title={t.reply}
      className={timelineClasses.messageActions}
      onClick={() =>
        replyTo({
          interactionId,
          text: message.reaction ? '' : message.text,
          kind: message.kind,
          origin: message.origin,
        })
      }
    >
      <ReturnIcon size={14} />
    </ActionIcon>
  );
}

/** Above the composer: the message the next one answers, with the way to give it up. */
export function ReplyPreview({ customer }: { customer: string }) {
  const { replyingTo, replyTo } = useReply();
  if (!replyingTo) return null;
  const name = previewName(replyingTo.origin === 'agent' ? t.quoteYou : customer);
  return (
    <Group gap="xs" wrap="nowrap" className={classes.quote} data-testid="reply-preview">
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="xs" fw={700} c="teal.8">
          {format(t.replyingTo, { name })}
        </Text>
        <Text size="xs" c="dimmed" className={classes.quoteText}>
          {replyingTo.text || (t.media[replyingTo.kind] ?? t.file)}
        </Text>
      </div>
      <CloseButton size="sm" aria-label={t.cancelReply} onClick={() => replyTo(null)} />
    </Group>
  );
}
