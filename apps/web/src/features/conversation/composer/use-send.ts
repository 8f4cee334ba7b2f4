import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { scheduledDateValid } from '@cartera/domain/scheduled-messages';
import { userMessageOf } from '../../../lib/errors';
import { useTRPC } from '../../../lib/trpc';
import { useReply } from '../bubbles/reply-context';
import type { MessageToSend, NoteToSend } from '../outbox';
import type { NoteAttachmentsState } from './attachments';
import { writesToPhone } from './channel-dialogs';
import type { Schedule } from './schedule';
import type { Mode } from './starting-mode';

const c = es.conversation.composer;

type ComposerChannel = MessageToSend['channel'];

/**
 * What the composer's send button does in each mode (03 §2.2, §5): a note (with its files, held
 * until stored), feedback, a channel message (now, at its scheduled date, or one message per
 * file with the text as the first one's caption). `canSend` says whether there is anything to
 * send; `sendFile` sends one uploaded file on its own (a voice note, an edited picture).
 */
export function useComposerSend({
  contactId,
  current,
  composerChannel,
  toPhone,
  text,
  setText,
  schedule,
  setSchedule,
  attachments,
  channelFiles,
  mayAttach,
  onSend,
  onSendMessage,
}: {
  contactId: string;
  current: Mode;
  /** The channel a message goes through, in channel mode. */
  composerChannel: ComposerChannel | null;
  /** The contact's number a WhatsApp or SMS message goes to. */
  toPhone: string | undefined;
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  schedule: Schedule | null;
  setSchedule: (schedule: Schedule | null) => void;
  /** The note's files. */
  attachments: NoteAttachmentsState;
  /** The channel message's files. */
  channelFiles: NoteAttachmentsState;
  /** Whether the current mode takes files. */
  mayAttach: boolean;
  onSend: (note: NoteToSend) => Promise<void>;
  onSendMessage: (message: MessageToSend) => Promise<void>;
}) {
  const trpc = useTRPC();
  const { replyingTo, replyTo } = useReply();
  const createFeedback = useMutation(trpc.interaction.createFeedback.mutationOptions());
  const scheduleMessage = useMutation(trpc.channel.scheduleMessage.mutationOptions());
  // A note with files is on its way: the text and files wait, read-only, until it is stored.
  const [sendingFiles, setSendingFiles] = useState(false);
  // One id per note with files until it is stored: sending again after a lost answer stores it once.
  const noteWithFilesId = useRef<string | null>(null);
  const empty = text.trim() === '';
  const files = current === 'channel' ? channelFiles : attachments;
  const attaching = mayAttach && files.items.length > 0;
  const canSend = attaching
    ? !files.uploading && !files.failed && !sendingFiles && (!empty || files.files.length > 0)
    : !empty;

  /** One uploaded file through the channel as its own message, with its caption. */
  const sendFile = (
    channelOfMessage: ComposerChannel,
    file: { url: string; name: string; mimeType: string },
    caption: string,
  ) =>
    onSendMessage({
      id: newId(),
      text: caption,
      channel: channelOfMessage,
      file: { url: file.url, name: file.name, mimeType: file.mimeType },
      ...(toPhone && writesToPhone(channelOfMessage.type) ? { to: toPhone } : {}),
    });

  /**
   * Each file through the channel as its own message, the text as the first one's caption
   * (03 §5); the files leave the composer at once, each shown on its way on the timeline.
   */
  const sendChannelFiles = (channelOfMessage: ComposerChannel) => {
    const body = text.trim();
    const uploaded = channelFiles.files;
    setText('');
    channelFiles.clear();
    uploaded.forEach((file, index) => {
      sendFile(channelOfMessage, file, index === 0 ? body : '').catch(() => undefined);
    });
  };

  /** A note with files is sent as it is: the text and the files stay until it is stored. */
  const sendNoteWithFiles = () => {
    const id = (noteWithFilesId.current ??= newId());
    setSendingFiles(true);
    onSend({ id, body: text.trim(), files: attachments.files })
      .then(
        () => {
          noteWithFilesId.current = null;
          setText('');
          attachments.clear();
        },
        (error: unknown) =>
          notifications.show({
            color: 'red',
            title: es.conversation.noteFailed,
            message: userMessageOf(error),
          }),
      )
      .finally(() => setSendingFiles(false));
  };

  const submit = () => {
    if (!canSend) return;
    if (attaching && current === 'channel' && composerChannel) {
      sendChannelFiles(composerChannel);
      return;
    }
    if (attaching) {
      sendNoteWithFiles();
      return;
    }
    const body = text.trim();
    setText('');
    if (current === 'note') {
      void onSend({ id: newId(), body });
      return;
    }
    if (composerChannel && schedule) {
      sendScheduled(
        body,
        composerChannel.id,
        schedule,
        toPhone && writesToPhone(composerChannel.type) ? toPhone : undefined,
      );
      return;
    }
    if (composerChannel) {
      // Refused by the server: the alert is shown, the text comes back unless a new one is there.
      onSendMessage({
        id: newId(),
        text: body,
        channel: composerChannel,
        ...(toPhone && writesToPhone(composerChannel.type) ? { to: toPhone } : {}),
        ...(replyingTo ? { replyTo: replyingTo } : {}),
      }).catch(() => setText((now) => (now === '' ? body : now)));
      replyTo(null);
      return;
    }
    createFeedback.mutate(
      { contactId, id: newId(), body },
      {
        // 03 §8: the generic 'Se ha producido un error' (notes, visits, feedback) heads it.
        onError: () =>
          notifications.show({
            color: 'red',
            title: es.contactEditor.somethingFailed,
            message: c.feedbackFailed,
          }),
      },
    );
  };

  /** A scheduled message: stored now, sent by the server at its date (the chip goes away). */
  const sendScheduled = (
    body: string,
    channelId: string,
    when: Schedule,
    to: string | undefined,
  ) => {
    if (!scheduledDateValid(when.date)) {
      setText((now) => (now === '' ? body : now));
      notifications.show({
        color: 'red',
        title: c.scheduleInvalidTitle,
        message: c.scheduleInvalid,
      });
      return;
    }
    scheduleMessage.mutate(
      {
        id: newId(),
        contactId,
        channelId,
        text: body,
        date: when.date,
        createReminder: when.createReminder,
        dateSelectedFrom: when.dateSelectedFrom,
        ...(to ? { to } : {}),
      },
      {
        onSuccess: () => {
          setSchedule(null);
          notifications.show({ color: 'teal', message: c.scheduled });
        },
        onError: (error) => {
          setText((now) => (now === '' ? body : now));
          notifications.show({
            color: 'red',
            title: c.scheduleFailed,
            message: userMessageOf(error),
          });
        },
      },
    );
  };

  return {
    canSend,
    submit,
    sendFile,
    /** A note with files is on its way (its text box is read-only meanwhile). */
    sendingFiles,
    /** A scheduled message is being stored. */
    scheduling: scheduleMessage.isPending,
  };
}
