import { useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Paper, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { defaultComposerMode } from '@cartera/domain/composer';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { newId } from '@cartera/domain/ids';
import { AttachButton, AttachmentList, useNoteAttachments } from './composer/attachments';
import { QuickReplyList, useQuickReplies } from './composer/quick-replies';
import { VisitDialog } from './composer/visit-dialog';
import { SendIcon } from './icons';
import type { NoteToSend } from './use-timeline';

const c = es.conversation.composer;

type Mode = 'note' | 'feedback';

/**
 * The starting mode from the user's defaultChatAction (03 §2.2). No channel nor personal
 * WhatsApp exists yet, so the rule is given none and every preference starts in a note; the
 * channels issue passes the contact's channels here.
 */
function startingMode(preference: 'channel' | 'personal_wpp' | 'note' | null | undefined): Mode {
  const start = defaultComposerMode({
    preference,
    channels: [],
    personalWhatsApp: { enabled: false, lastInteractionAt: null },
    contactHasPhone: false,
  });
  switch (start.mode) {
    case 'note':
      return 'note';
    // Not reachable without channels: their tabs arrive with them.
    case 'channel':
    case 'personal_wpp':
      return 'note';
  }
}

/**
 * The composer under the timeline (03 §2.2, §5): a note, or feedback for those allowed to give
 * it; 'Visita' opens its dialog when the tenant has visit results. The channel modes arrive with
 * the channels. Enter sends; Shift+Enter or Ctrl+Enter breaks the line; nothing to send, no
 * button. '/' at the start of a note looks up a quick reply (03 §4). Admins may attach files
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
}

function ContactComposer({ contactId, onSend }: ComposerProps) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.interaction.activitySettings.queryOptions());
  const createFeedback = useMutation(trpc.interaction.createFeedback.mutationOptions());
  // A note with files is on its way: the text and files wait, read-only, until it is stored.
  const [sendingFiles, setSendingFiles] = useState(false);
  const isAdmin = useMe()?.user.roles.includes('admin') === true;
  const attachments = useNoteAttachments();
  // One id per note with files until it is stored: sending again after a lost answer stores it once.
  const noteWithFilesId = useRef<string | null>(null);
  const appearance = useQuery(trpc.settings.appearance.queryOptions());
  // Until the user picks a tab, the mode is the one their preference resolves to.
  const [picked, setPicked] = useState<Mode | null>(null);
  const mode = picked ?? startingMode(appearance.data?.defaultChatAction);
  const [visitOpen, setVisitOpen] = useState(false);
  const [text, setText] = useState('');
  const empty = text.trim() === '';
  const feedbackAllowed = settings.data?.feedbackAllowed === true;
  const current: Mode = mode === 'feedback' && feedbackAllowed ? 'feedback' : 'note';
  const replies = useQuickReplies(current === 'note' ? text : '');
  const visits = settings.data && settings.data.results.length > 0 ? settings.data : null;
  // 03 §6: note attachments are offered to admins only.
  const attaching = current === 'note' && isAdmin && attachments.items.length > 0;
  const canSend = attaching
    ? !attachments.uploading &&
      !attachments.failed &&
      !sendingFiles &&
      (!empty || attachments.files.length > 0)
    : !empty;

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
    createFeedback.mutate(
      { contactId, id: newId(), body },
      { onError: () => notifications.show({ color: 'red', message: c.feedbackFailed }) },
    );
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
      if (replies.highlighted) setText(replies.highlighted.message);
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

  const tab = (value: Mode, label: string, color: string) => (
    <UnstyledButton
      role="tab"
      aria-selected={current === value}
      onClick={() => setPicked(value)}
      fz="xs"
      fw={700}
      tt="uppercase"
      c={current === value ? color : 'dimmed'}
    >
      {label}
    </UnstyledButton>
  );

  return (
    <Paper withBorder radius={0} p="sm" style={{ borderLeft: 0, borderRight: 0, borderBottom: 0 }}>
      <Group gap="md" mb={6}>
        <Group gap="md" role="tablist" aria-label={c.tabs}>
          {tab('note', c.note, 'yellow.8')}
          {feedbackAllowed && tab('feedback', c.feedback, 'grape.7')}
        </Group>
        {visits && (
          <Button size="compact-xs" variant="light" onClick={() => setVisitOpen(true)}>
            {c.visit}
          </Button>
        )}
      </Group>
      {replies.active && (
        <QuickReplyList replies={replies} onPick={(reply) => setText(reply.message)} />
      )}
      {current === 'note' && isAdmin && (
        <AttachmentList items={attachments.items} onRemove={attachments.remove} />
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {current === 'note' && isAdmin && <AttachButton onFiles={attachments.add} />}
        <Textarea
          aria-label={current === 'note' ? c.note : c.feedback}
          placeholder={current === 'note' ? c.placeholder : c.feedbackPlaceholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          readOnly={sendingFiles}
          autosize
          minRows={2}
          maxRows={8}
          style={{ flex: 1 }}
          data-testid="composer-input"
        />
        <ActionIcon
          size={42}
          radius="xl"
          aria-label={c.send}
          title={c.send}
          disabled={!canSend}
          loading={sendingFiles}
          onClick={submit}
        >
          <SendIcon size={20} />
        </ActionIcon>
      </Group>
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
