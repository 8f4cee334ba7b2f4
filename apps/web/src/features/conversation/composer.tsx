import { useRef, useState } from 'react';
import { ActionIcon, Group, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fillPlaceholders } from '@cartera/domain/placeholders';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import {
  AttachButton,
  AttachmentList,
  useNoteAttachments,
  type Attachment,
} from './composer/attachments';
import { MediaEditor } from './composer/media-editor';
import { QuickReplyList, useQuickReplies } from './composer/quick-replies';
import { ClosedReplyWindow, ReplyWindowCountdown, useReplyWindow } from './composer/reply-window';
import { RestrictedNumberNotice, useChatRestriction } from '../phone/restricted-number';
import { ReplyPreview, useReply } from './bubbles/reply-context';
import { EmailForm } from './composer/email-form';
import { useMailboxes } from '../email/use-mailboxes';
import { ScheduleButton, ScheduledChip, type Schedule } from './composer/schedule';
import {
  AvailableChannels,
  PersonalWhatsappDisconnected,
  PhonePicker,
  writesToPhone,
} from './composer/channel-dialogs';
import { VisitDialog } from './composer/visit-dialog';
import { FormLinkDialog } from '../forms/form-link-dialog';
import { MeetingScheduler } from '../meetings/meeting-scheduler';
import { useWhatsappNote, WhatsappNoteSwitch } from './composer/whatsapp-note';
import { ManualSaleDialog } from './composer/manual-sale-dialog';
import { EmojiButton } from './composer/emoji-button';
import { AiDraftButton, AiDraftNotice, useAiDraft } from './composer/ai-draft';
import { VoiceNoteButton } from './composer/voice-note';
import { ComposerHeader, type ChannelDialog } from './composer/header';
import { useComposerPaste } from './composer/paste';
import { startingMode, type Mode, type Start } from './composer/starting-mode';
import { ComposerTextBox } from './composer/text-box';
import { useComposerSend } from './composer/use-send';
import { SendIcon } from './icons';
import layout from './conversation.module.css';
import type { MessageToSend, NoteToSend } from './outbox';
import type { ChannelActivity } from './timeline-model';
import { useChatCommand } from '../keyboard/keyboard-provider';
import { useComposerFocus } from '../keyboard/focus';

const c = es.conversation.composer;

/**
 * The composer under the timeline (03 §2.2, §5): a message to the contact through one of the
 * company's channels (its tab shows the channel, the arrow beside it picks another), a note, or
 * feedback for those allowed to give it, or an e-mail from one of the user's mailboxes ('Correo',
 * composer/email-form); 'Visita' opens its dialog when the tenant has visit results; the
 * company's shortcuts follow (03 §2.2). Enter sends; Shift+Enter or Ctrl+Enter
 * breaks the line; nothing to send, no button.
 * '/' at the start of a note or message looks up a quick reply (03 §4). Admins may attach files
 * to a note (03 §6): each uploads at once with its progress, and the note goes with them.
 * Its modes live in `composer/`: the header's tabs (header, channel-menu), the starting mode
 * (starting-mode), the text box (text-box, paste, quick-replies, emoji), files (attachments,
 * media-editor, voice-note), the reply window, scheduling and sending (use-send).
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
  const trpc = useTRPC();
  const settings = useQuery(trpc.interaction.activitySettings.queryOptions());
  // The picture of the channel message open in the preview and editor (03 §2.1), if any.
  const [editing, setEditing] = useState<Attachment | null>(null);
  const me = useMe();
  const isAdmin = me ? can(me.user, 'attachNoteFiles') : false;
  const attachments = useNoteAttachments();
  const channelFiles = useNoteAttachments('channel');
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
  const [dialog, setDialog] = useState<ChannelDialog | null>(null);
  const [visitOpen, setVisitOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [meetingOpen, setMeetingOpen] = useState(false);
  // 03 §2.2 'Venta Manual': the flag and crmConfig.manualSales' roles (receipt.config).
  const saleConfig = useQuery(trpc.receipt.config.queryOptions());
  const [saleOpen, setSaleOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  // A channel message with a date goes at that date (02 §3): the chip shows it until sent.
  const [schedule, setSchedule] = useState<Schedule | null>(null);
  const feedbackAllowed = settings.data?.feedbackAllowed === true;
  // 03 §2.2 mode `email`: with the flag and a connected mailbox. The draft is drawn once the mode
  // opens and kept while another mode is on; sent or discarded, the next one starts afresh.
  const mailboxes = useMailboxes();
  const { mailReply } = useReply();
  const [emailDraft, setEmailDraft] = useState(0);
  const [emailOpened, setEmailOpened] = useState(false);
  const [beforeEmail, setBeforeEmail] = useState<Start | null>(null);
  // The channel the channel tab shows: the one chosen, else the first connected one.
  const channel =
    channels.find((each) => each.id === start.channelId) ??
    channels.find((each) => each.status === 'available') ??
    channels[0] ??
    null;
  const current: Mode =
    start.mode === 'email' && mailboxes.length > 0
      ? 'email'
      : start.mode === 'feedback' && feedbackAllowed
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
  // A restricted number (issue #39): no chat with it, and the notice says why.
  const chatRestriction = useChatRestriction(contactId);
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
  const whatsappNote = useWhatsappNote();
  const send = useComposerSend({
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
    // 03 §7: a note in mode whatsapp-note carries its flag.
    onSend: (note) =>
      onSend(current === 'note' && whatsappNote.on ? { ...note, whatsappNote: true } : note),
    onSendMessage,
  });
  const onPaste = useComposerPaste({ current, mayAttach, files, channelFiles });

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

  const pick = (mode: Mode, channelId: string | null = channel?.id ?? null) => {
    if (mode === 'email' && current !== 'email') {
      // Leaving the e-mail goes back to where the user was.
      setBeforeEmail(picked);
      setEmailOpened(true);
    }
    setPicked({ mode, channelId });
  };
  // 'Responder' on an e-mail (03 §2.1) opens its reply in the e-mail mode.
  const [answered, setAnswered] = useState(mailReply);
  if (mailReply !== answered) {
    setAnswered(mailReply);
    if (mailReply && mailboxes.length > 0) pick('email');
  }
  const leaveEmail = () => setPicked(beforeEmail);
  // 'Sugerir respuesta' (issue #44 item 3): the draft fills the text box, never sends itself.
  const aiDraft = useAiDraft(contactId, (value) => {
    if (!picked) pick(current);
    setText(value);
  });
  const draftable = current === 'channel' || current === 'note';
  // 'Escribir una nota' of the command menu (issue #33 item 5).
  useChatCommand('note', () => {
    pick('note');
    // The text box may be drawn only now (a closed reply window has none): focus it once drawn.
    requestAnimationFrame(() => input.current?.focus());
  });
  // A chat opens with the focus in the composer (issue #33 item 5).
  const root = useRef<HTMLDivElement>(null);
  useComposerFocus(root);

  return (
    <Paper
      ref={root}
      withBorder
      radius={0}
      p="sm"
      style={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }}
      data-testid="composer"
    >
      <ComposerHeader
        current={current}
        channel={channel}
        channels={channels}
        feedbackAllowed={feedbackAllowed}
        emailAllowed={mailboxes.length > 0}
        onPick={pick}
        onDialog={setDialog}
        phonePicker={
          composerChannel &&
          writesToPhone(composerChannel.type) &&
          phones.length > 1 && (
            <PhonePicker phones={phones} value={toPhone ?? ''} onChange={setChosenPhone} />
          )
        }
        onVisit={visits ? () => setVisitOpen(true) : null}
        onForm={channels.length > 0 ? () => setFormOpen(true) : null}
        onMeeting={settings.data?.meetingsEnabled ? () => setMeetingOpen(true) : null}
        onManualSale={saleConfig.data?.manualSale ? () => setSaleOpen(true) : null}
      />
      {emailOpened && mailboxes.length > 0 && (
        <EmailForm
          key={`${emailDraft}:${mailReply?.interactionId ?? 'new'}`}
          contactId={contactId}
          mailboxes={mailboxes}
          contact={{ emails: contactDetail.data?.emails ?? [], name: customer }}
          hidden={current !== 'email'}
          onLeave={leaveEmail}
          onDone={() => {
            setEmailDraft((draft) => draft + 1);
            setEmailOpened(false);
            leaveEmail();
          }}
        />
      )}
      {current !== 'email' && replies.active && (
        <QuickReplyList replies={replies} onPick={(reply) => applyReply(reply.message)} />
      )}
      {current === 'note' && isAdmin && (
        <AttachmentList items={attachments.items} onRemove={attachments.remove} />
      )}
      {current === 'note' && <WhatsappNoteSwitch state={whatsappNote} />}
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
      {draftable && !windowClosed && <AiDraftNotice draft={aiDraft} />}
      {current === 'email' ? null : current === 'channel' && chatRestriction ? (
        <RestrictedNumberNotice reason={chatRestriction.reason} />
      ) : windowClosed && reply.window && composerChannel ? (
        <ClosedReplyWindow window={reply.window} channel={composerChannel} onSend={onSendMessage} />
      ) : (
        <Group gap="xs" align="flex-end" wrap="nowrap" className={layout.composerRow}>
          {mayAttach && <AttachButton onFiles={files.add} />}
          <EmojiButton onPick={insertEmoji} />
          {draftable && <AiDraftButton draft={aiDraft} />}
          <ComposerTextBox
            ref={input}
            current={current}
            channelName={channel?.name ?? null}
            value={text}
            onChange={(value) => {
              // Writing keeps the mode: a message arriving meanwhile does not move it elsewhere.
              if (!picked) pick(current);
              setText(value);
            }}
            setText={setText}
            readOnly={send.sendingFiles || aiDraft.writing}
            replies={replies}
            onApplyReply={applyReply}
            // Enter while the draft is being written does not send half of it.
            onSubmit={aiDraft.writing ? () => undefined : send.submit}
            onPaste={onPaste}
          />
          {composerChannel && (
            <VoiceNoteButton
              disabled={channelFiles.items.length > 0}
              onSend={(file) => send.sendFile(composerChannel, file, '')}
            />
          )}
          {composerChannel && (
            <ScheduleButton
              schedule={schedule}
              onSchedule={setSchedule}
              // A scheduled message is text only.
              disabled={send.scheduling || channelFiles.items.length > 0}
            />
          )}
          <ActionIcon
            size={42}
            radius="xl"
            className={layout.composerSend}
            aria-label={c.send}
            title={c.send}
            disabled={!send.canSend || aiDraft.writing}
            loading={send.sendingFiles || send.scheduling}
            onClick={send.submit}
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
            send.sendFile(composerChannel, media.file, media.caption).catch(() => undefined);
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
      {settings.data?.meetingsEnabled && (
        <MeetingScheduler
          contactId={contactId}
          contactName={customer}
          opened={meetingOpen}
          onClose={() => setMeetingOpen(false)}
        />
      )}
      {formOpen && (
        <FormLinkDialog
          contactId={contactId}
          channels={channels}
          channelId={current === 'channel' ? (channel?.id ?? null) : null}
          opened
          onClose={() => setFormOpen(false)}
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
