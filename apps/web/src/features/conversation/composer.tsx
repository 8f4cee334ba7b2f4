import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Menu, Paper, Textarea, UnstyledButton } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  defaultComposerMode,
  PASTED_MEDIA_TYPES,
  type DefaultChatAction,
} from '@cartera/domain/composer';
import { mimeTypeOfName } from '@cartera/domain/files';
import { fillPlaceholders } from '@cartera/domain/placeholders';
import { scheduledDateValid } from '@cartera/domain/scheduled-messages';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { CheckIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { newId } from '@cartera/domain/ids';
import { can } from '@cartera/domain/policy';
import {
  AttachButton,
  AttachmentList,
  useNoteAttachments,
  type Attachment,
} from './composer/attachments';
import { MediaEditor } from './composer/media-editor';
import { QuickReplyList, useQuickReplies } from './composer/quick-replies';
import { ClosedReplyWindow, ReplyWindowCountdown, useReplyWindow } from './composer/reply-window';
import { ReplyPreview, useReply } from './bubbles/reply-context';
import { ScheduleButton, ScheduledChip, type Schedule } from './composer/schedule';
import {
  AvailableChannels,
  PersonalWhatsappDisconnected,
  PhonePicker,
  writesToPhone,
} from './composer/channel-dialogs';
import { VisitDialog } from './composer/visit-dialog';
import { ManualSaleDialog } from './composer/manual-sale-dialog';
import { EmojiButton } from './composer/emoji-button';
import { VoiceNoteButton } from './composer/voice-note';
import { ChevronDownIcon, SendIcon } from './icons';
import classes from './timeline.module.css';
import layout from './conversation.module.css';
import { useRequestSales } from '../request-sales/request-sales-context';
import { ShortcutTabs } from './shortcuts';
import type { MessageToSend, NoteToSend } from './use-timeline';
import type { ChannelActivity } from './timeline-model';
import { useChatCommand } from '../keyboard/keyboard-provider';
import { useComposerFocus } from '../keyboard/focus';

const c = es.conversation.composer;

type Mode = 'note' | 'feedback' | 'channel';

/** A channel the seller may write through (`channel.options`). */
type ChannelOption = RouterOutputs['channel']['options'][number];

interface Start {
  mode: Mode;
  channelId: string | null;
}

/**
 * The starting mode from the user's defaultChatAction (03 §2.2, §4): in channel mode the
 * connected channel this contact last wrote or was written through, else the first one listed;
 * 'personal_wpp' the user's own WhatsApp while its session is open and the contact has a phone;
 * with no channel, a note.
 */
function startingMode(
  preference: DefaultChatAction | null | undefined,
  channels: readonly ChannelOption[],
  activity: ReadonlyMap<string, ChannelActivity>,
  contactHasPhone: boolean,
): Start {
  // The user's own WhatsApp counts when its session is open (03 §4); a shared inbox owner's
  // counts as any other channel.
  const own = (channel: ChannelOption) =>
    channel.type === 'personal_whatsapp' && !channel.sharedInbox;
  const personal = channels.find((channel) => own(channel) && channel.status === 'available');
  const start = defaultComposerMode({
    preference,
    channels: channels
      .filter((channel) => channel.status === 'available' && !own(channel))
      .map((channel) => ({
        id: channel.id,
        type: channel.type,
        lastInteractionAt: activity.get(channel.id)?.at ?? null,
        lastContactedAt: null,
      })),
    personalWhatsApp: {
      enabled: personal !== undefined,
      lastInteractionAt: personal ? (activity.get(personal.id)?.at ?? null) : null,
    },
    contactHasPhone,
  });
  if (start.mode === 'channel') return { mode: 'channel', channelId: start.channelId };
  if (start.mode === 'personal_wpp' && personal) return { mode: 'channel', channelId: personal.id };
  return { mode: 'note', channelId: null };
}

/**
 * The composer under the timeline (03 §2.2, §5): a message to the contact through one of the
 * company's channels (its tab shows the channel, the arrow beside it picks another), a note, or
 * feedback for those allowed to give it; 'Visita' opens its dialog when the tenant has visit
 * results; the company's shortcuts follow (03 §2.2). Enter sends; Shift+Enter or Ctrl+Enter
 * breaks the line; nothing to send, no button.
 * '/' at the start of a note or message looks up a quick reply (03 §4). Admins may attach files
 * to a note (03 §6): each uploads at once with its progress, and the note goes with them.
 */
export function Composer(props: ComposerProps) {
  // Another contact gets a fresh composer: no text, mode or files of the previous one.
  return <ContactComposer key={props.contactId} {...props} />;
}

interface ComposerProps {
  contactId: string;
  /** The timeline's `sendNote`: the one way a note is sent. */
  onSend: (note: NoteToSend) => Promise<void>;
  /** The timeline's `sendMessage`: the one way a channel message is sent. */
  onSendMessage: (message: MessageToSend) => Promise<void>;
  /** When the contact last wrote or was written through each channel (by channel id). */
  channelActivity: ReadonlyMap<string, ChannelActivity>;
  /** The contact's name, for the quote of a message being answered. */
  customer?: string;
}

function ContactComposer({
  contactId,
  onSend,
  onSendMessage,
  channelActivity,
  customer = '',
}: ComposerProps) {
  const { replyingTo, replyTo } = useReply();
  const trpc = useTRPC();
  const settings = useQuery(trpc.interaction.activitySettings.queryOptions());
  const createFeedback = useMutation(trpc.interaction.createFeedback.mutationOptions());
  const downloadFile = useMutation(trpc.file.fromUrl.mutationOptions());
  // The picture of the channel message open in the preview and editor (03 §2.1), if any.
  const [editing, setEditing] = useState<Attachment | null>(null);
  // A note with files is on its way: the text and files wait, read-only, until it is stored.
  const [sendingFiles, setSendingFiles] = useState(false);
  const me = useMe();
  const isAdmin = me ? can(me.user, 'attachNoteFiles') : false;
  const attachments = useNoteAttachments();
  const channelFiles = useNoteAttachments('channel');
  // One id per note with files until it is stored: sending again after a lost answer stores it once.
  const noteWithFilesId = useRef<string | null>(null);
  const appearance = useQuery(trpc.settings.appearance.queryOptions());
  const channelOptions = useQuery(trpc.channel.options.queryOptions({ contactId }));
  const channels = channelOptions.data ?? [];
  // Until the user picks a tab or starts writing, the mode is the one their preference resolves
  // to (it follows the timeline as it loads); from then on it stays.
  const contactDetail = useQuery(trpc.contact.get.queryOptions({ id: contactId }));
  const phones = contactDetail.data?.phones ?? [];
  const [picked, setPicked] = useState<Start | null>(null);
  const start =
    picked ??
    startingMode(appearance.data?.defaultChatAction, channels, channelActivity, phones.length > 0);
  // 03 §2.1: the number a WhatsApp or SMS message goes to, for a contact with several.
  const [chosenPhone, setChosenPhone] = useState<string | null>(null);
  const toPhone = phones.find((each) => each.phone === chosenPhone)?.phone ?? phones[0]?.phone;
  const [dialog, setDialog] = useState<'personalDisconnected' | 'available' | null>(null);
  const [visitOpen, setVisitOpen] = useState(false);
  // 03 §2.2 'Venta Manual': the flag and crmConfig.manualSales' roles (receipt.config).
  const saleConfig = useQuery(trpc.receipt.config.queryOptions());
  const [saleOpen, setSaleOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const viewport = useViewportSize();
  const [text, setText] = useState('');
  // A channel message with a date goes at that date (02 §3): the chip shows it until sent.
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const scheduleMessage = useMutation(trpc.channel.scheduleMessage.mutationOptions());
  const empty = text.trim() === '';
  const feedbackAllowed = settings.data?.feedbackAllowed === true;
  // The channel the channel tab shows: the one chosen, else the first connected one.
  const channel =
    channels.find((each) => each.id === start.channelId) ??
    channels.find((each) => each.status === 'available') ??
    channels[0] ??
    null;
  const current: Mode =
    start.mode === 'feedback' && feedbackAllowed
      ? 'feedback'
      : start.mode === 'channel' && channel
        ? 'channel'
        : 'note';
  const replies = useQuickReplies(current !== 'feedback' ? text : '');
  /** A quick reply with its {{path.to.value}} filled from the contact, the user and the company. */
  const applyReply = (message: string) =>
    setText(
      fillPlaceholders(message, {
        contact: contactDetail.data ?? {},
        user: me ? { name: me.user.name, lastname: me.user.lastname, email: me.user.email } : {},
        company: me ? { name: me.tenant.name } : {},
      }),
    );
  const composerChannel =
    current === 'channel' && channel
      ? { id: channel.id, type: channel.type, name: channel.name, color: channel.color }
      : null;
  const reply = useReplyWindow(
    contactId,
    composerChannel,
    composerChannel ? channelActivity.get(composerChannel.id)?.itemId : undefined,
  );
  // 03 §4: once the channel's window closed, free text cannot go.
  const windowClosed =
    composerChannel !== null && reply.window?.limited === true && !reply.window.open;
  const visits = settings.data && settings.data.results.length > 0 ? settings.data : null;
  // 03 §6: note attachments are offered to admins only; a channel message may carry files.
  const mayAttach = (current === 'note' && isAdmin) || (current === 'channel' && !windowClosed);
  const files = current === 'channel' ? channelFiles : attachments;
  const attaching = mayAttach && files.items.length > 0;
  const canSend = attaching
    ? !files.uploading && !files.failed && !sendingFiles && (!empty || files.files.length > 0)
    : !empty;

  /** One uploaded file through the channel as its own message, with its caption. */
  const sendFile = (
    channelOfMessage: NonNullable<typeof composerChannel>,
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
  const sendChannelFiles = (channelOfMessage: NonNullable<typeof composerChannel>) => {
    const body = text.trim();
    const uploaded = channelFiles.files;
    setText('');
    channelFiles.clear();
    uploaded.forEach((file, index) => {
      sendFile(channelOfMessage, file, index === 0 ? body : '').catch(() => undefined);
    });
  };

  /**
   * 02 §8: a pasted link to a file (its name ends in an attachment type's extension) is brought
   * by the server and attached; other links are pasted as text.
   */
  const pasteUrl = (pasted: string): boolean => {
    const link = pasted.trim();
    if (!/^https?:\/\/\S+$/i.test(link)) return false;
    let name: string;
    try {
      name = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '');
    } catch {
      return false;
    }
    if (!mimeTypeOfName(name)) return false;
    channelFiles
      .addDownload(name, () => downloadFile.mutateAsync({ url: link }))
      .catch(() =>
        notifications.show({
          color: 'red',
          title: c.downloadFailedTitle,
          message: format(c.downloadFailed, { url: link }),
        }),
      );
    return true;
  };

  /**
   * 02 §5: a pasted png, jpg, jpeg or mp4 becomes an attachment where files are allowed; in a
   * channel message a pasted link to a file too (02 §8). A paste that cannot be read is logged.
   */
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!mayAttach) return;
    try {
      const pasted = Array.from(event.clipboardData.files).filter((file) =>
        PASTED_MEDIA_TYPES.has(file.type),
      );
      if (pasted.length > 0) {
        event.preventDefault();
        files.add(pasted);
        return;
      }
      if (current === 'channel' && pasteUrl(event.clipboardData.getData('text/plain'))) {
        event.preventDefault();
      }
    } catch (error) {
      console.error(c.clipboardFailed, error);
    }
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
      { onError: () => notifications.show({ color: 'red', message: c.feedbackFailed }) },
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

  /** An emoji goes where the cursor is (or replaces the selection), and the cursor after it. */
  const insertEmoji = (emoji: string) => {
    const field = input.current;
    if (!field) {
      setText((now) => now + emoji);
      return;
    }
    if (!picked) pick(current);
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const next = field.value.slice(0, start) + emoji + field.value.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  /** '/' mode keys (03 §4): arrows move, Enter applies the highlighted reply, Escape leaves. */
  const quickReplyKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      replies.move(event.key === 'ArrowDown' ? 1 : -1);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      replies.dismiss();
      return true;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (replies.highlighted) applyReply(replies.highlighted.message);
      return true;
    }
    return false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (replies.active && quickReplyKey(event)) return;
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      // Browsers insert nothing for Ctrl+Enter in a textarea: add the line break ourselves.
      event.preventDefault();
      const field = event.currentTarget;
      field.setRangeText('\n', field.selectionStart, field.selectionEnd, 'end');
      setText(field.value);
      return;
    }
    if (event.shiftKey || event.altKey) return;
    event.preventDefault();
    submit();
  };

  const requestSales = useRequestSales();

  const pick = (mode: Mode, channelId: string | null = channel?.id ?? null) =>
    setPicked({ mode, channelId });
  // 'Escribir una nota' of the command menu (issue #33 item 5).
  useChatCommand('note', () => {
    pick('note');
    // The text box may be drawn only now (a closed reply window has none): focus it once drawn.
    requestAnimationFrame(() => input.current?.focus());
  });
  // A chat opens with the focus in the composer (issue #33 item 5).
  const root = useRef<HTMLDivElement>(null);
  useComposerFocus(root);

  const tab = (value: Mode, label: string, color: string) => (
    <UnstyledButton
      role="tab"
      aria-selected={current === value}
      onClick={() => pick(value)}
      fz="xs"
      fw={700}
      tt="uppercase"
      c={current === value ? color : 'dimmed'}
    >
      {label}
    </UnstyledButton>
  );

  const label =
    current === 'channel' && channel
      ? format(c.channelMessage, { channel: channel.name })
      : current === 'note'
        ? c.note
        : c.feedback;

  return (
    <Paper
      ref={root}
      withBorder
      radius={0}
      p="sm"
      style={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }}
      data-testid="composer"
    >
      <Group gap="md" mb={6}>
        <Group gap="md" role="tablist" aria-label={c.tabs}>
          {channel && (
            <Group gap={2} wrap="nowrap">
              <UnstyledButton
                role="tab"
                aria-selected={current === 'channel'}
                onClick={() => pick('channel')}
                fz="xs"
                fw={700}
                tt="uppercase"
                c={current === 'channel' ? 'dark.6' : 'dimmed'}
                className={classes.channelTab}
                data-testid="channel-tab"
              >
                <span
                  className={classes.channelDot}
                  style={{ backgroundColor: channel.color }}
                  aria-hidden
                />
                {channel.name}
              </UnstyledButton>
              <ChannelMenu
                channels={channels}
                selected={current === 'channel' ? channel.id : null}
                onPick={(id) => {
                  const chosen = channels.find((each) => each.id === id);
                  if (chosen?.type === 'personal_whatsapp' && chosen.status !== 'available') {
                    setDialog('personalDisconnected');
                    return;
                  }
                  pick('channel', id);
                }}
                onAvailable={() => setDialog('available')}
              />
              {composerChannel && writesToPhone(composerChannel.type) && phones.length > 1 && (
                <PhonePicker phones={phones} value={toPhone ?? ''} onChange={setChosenPhone} />
              )}
            </Group>
          )}
          {tab('note', c.note, 'yellow.8')}
          {feedbackAllowed && tab('feedback', c.feedback, 'grape.7')}
        </Group>
        {visits && (
          <Button size="compact-xs" variant="light" onClick={() => setVisitOpen(true)}>
            {c.visit}
          </Button>
        )}
        {saleConfig.data?.manualSale && (
          <Button size="compact-xs" variant="light" color="green" onClick={() => setSaleOpen(true)}>
            {es.receipts.manual.tab}
          </Button>
        )}
        {requestSales && (
          // 03 §2.2 'Solicitudes': the contact page's request editor (template picker first).
          <Button
            size="compact-xs"
            variant="light"
            color="indigo"
            onClick={requestSales.startRequest}
          >
            {es.requestSales.tab}
          </Button>
        )}
        <ShortcutTabs />
      </Group>
      {replies.active && (
        <QuickReplyList replies={replies} onPick={(reply) => applyReply(reply.message)} />
      )}
      {current === 'note' && isAdmin && (
        <AttachmentList items={attachments.items} onRemove={attachments.remove} />
      )}
      {current === 'channel' && !windowClosed && <ReplyPreview customer={customer} />}
      {current === 'channel' && !windowClosed && (
        <AttachmentList
          items={channelFiles.items}
          onRemove={channelFiles.remove}
          onEdit={setEditing}
        />
      )}
      {composerChannel && schedule && !windowClosed && (
        <ScheduledChip schedule={schedule} onRemove={() => setSchedule(null)} />
      )}
      {windowClosed && reply.window && composerChannel ? (
        <ClosedReplyWindow window={reply.window} channel={composerChannel} onSend={onSendMessage} />
      ) : (
        <Group gap="xs" align="flex-end" wrap="nowrap" className={layout.composerRow}>
          {mayAttach && <AttachButton onFiles={files.add} />}
          <EmojiButton onPick={insertEmoji} />
          <Textarea
            aria-label={label}
            placeholder={
              current === 'channel'
                ? c.channelPlaceholder
                : current === 'note'
                  ? c.placeholder
                  : c.feedbackPlaceholder
            }
            value={text}
            onChange={(event) => {
              // Writing keeps the mode: a message arriving meanwhile does not move it elsewhere.
              if (!picked) pick(current);
              setText(event.currentTarget.value);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            readOnly={sendingFiles}
            ref={input}
            // 02 §9: 110 px under a 600 px window, 150 up to 700; draggable up to the window
            // height minus 128 px.
            styles={{
              input: {
                height: inputHeight(viewport.height),
                resize: 'vertical',
                maxHeight: 'calc(100vh - 128px)',
              },
            }}
            style={{ flex: 1 }}
            className={layout.composerInput}
            data-testid="composer-input"
          />
          {composerChannel && (
            <VoiceNoteButton
              disabled={channelFiles.items.length > 0}
              onSend={(file) => sendFile(composerChannel, file, '')}
            />
          )}
          {composerChannel && (
            <ScheduleButton
              schedule={schedule}
              onSchedule={setSchedule}
              // A scheduled message is text only.
              disabled={scheduleMessage.isPending || channelFiles.items.length > 0}
            />
          )}
          <ActionIcon
            size={42}
            radius="xl"
            className={layout.composerSend}
            aria-label={c.send}
            title={c.send}
            disabled={!canSend}
            loading={sendingFiles || scheduleMessage.isPending}
            onClick={submit}
          >
            <SendIcon size={20} />
          </ActionIcon>
        </Group>
      )}
      {composerChannel && reply.window && !windowClosed && (
        <ReplyWindowCountdown window={reply.window} now={reply.now} />
      )}
      {editing?.file && composerChannel && (
        <MediaEditor
          picture={{ file: editing.file, uploaded: editing.uploaded }}
          onClose={() => setEditing(null)}
          onSend={(media) => {
            // The picture goes from the dialog: it leaves the composer's attachments.
            channelFiles.remove(editing.id);
            sendFile(composerChannel, media.file, media.caption).catch(() => undefined);
          }}
        />
      )}
      <PersonalWhatsappDisconnected
        opened={dialog === 'personalDisconnected'}
        onClose={() => setDialog(null)}
      />
      <AvailableChannels
        opened={dialog === 'available'}
        onClose={() => setDialog(null)}
        channels={channels}
        phone={toPhone ?? null}
      />
      {saleConfig.data?.manualSale && (
        <ManualSaleDialog
          contactId={contactId}
          templates={saleConfig.data.templates}
          defaults={{
            phone: phones[0]?.phone ?? '',
            name: contactDetail.data
              ? `${contactDetail.data.firstName} ${contactDetail.data.lastName}`.trim()
              : '',
            govId: contactDetail.data?.govId ?? '',
          }}
          opened={saleOpen}
          onClose={() => setSaleOpen(false)}
        />
      )}
      {visits && (
        <VisitDialog
          contactId={contactId}
          settings={visits}
          opened={visitOpen}
          onClose={() => setVisitOpen(false)}
        />
      )}
    </Paper>
  );
}

/** 02 §9: the text box's height by the window's (the browser's default rows above 700 px). */
function inputHeight(windowHeight: number) {
  if (windowHeight > 0 && windowHeight < 600) return 110;
  if (windowHeight >= 600 && windowHeight <= 700) return 150;
  return 96;
}

/** The other channels to write through (03 §2.2 channel picker); disconnected ones greyed out. */
function ChannelMenu({
  channels,
  selected,
  onPick,
  onAvailable,
}: {
  channels: readonly ChannelOption[];
  selected: string | null;
  onPick: (id: string) => void;
  onAvailable: () => void;
}) {
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={c.pickChannel}>
          <ChevronDownIcon size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={240} style={{ overflowY: 'auto' }}>
        {channels.map((each) => (
          <Menu.Item
            key={each.id}
            aria-current={each.id === selected || undefined}
            // The user's own disconnected WhatsApp stays pickable: it explains how to reconnect.
            disabled={
              each.status !== 'available' && (each.type !== 'personal_whatsapp' || each.sharedInbox)
            }
            rightSection={each.id === selected ? <CheckIcon size={14} /> : null}
            onClick={() => onPick(each.id)}
            leftSection={
              <span
                className={classes.channelDot}
                style={{ backgroundColor: each.color }}
                aria-hidden
              />
            }
          >
            {each.status !== 'available'
              ? format(c.channelUnavailable, { channel: each.name })
              : each.sharedInbox
                ? format(c.sharedInboxChannel, { channel: each.name })
                : each.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onAvailable}>{es.channels.availableOpen}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
