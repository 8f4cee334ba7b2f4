import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { userMessageOf } from '../lib/errors';
import { ConfirmDialog } from './confirm-dialog';
import { TrashIcon } from './icons';
import { UserAvatar } from './user-avatar';

/** One comment as a thread shows it. */
export interface ThreadComment {
  id: string;
  author: string;
  photo?: string | null;
  /** When it was written, as the screen words it ('comento hace 2 minutos', a date). */
  when: string;
  text: string;
  /** Hidden by a moderator: still shown to whoever may see it, marked. */
  hidden: boolean;
  /** The name of the person a reply answers ('@Julia'). */
  replyTo?: string | null;
  canDelete: boolean;
  replies?: readonly ThreadComment[];
  /** The next replies of a comment, when it has more than those shown. */
  moreReplies?: { label: string; onLoad: () => void } | undefined;
}

/** The words of a thread: the hidden mark, the moderator's toggle, the delete button. */
export interface ThreadTexts {
  hidden: string;
  hide: string;
  show: string;
  /** The delete button's name and its confirmation's title. */
  delete: string;
}

export interface CommentBoxProps {
  /** The box's name for assistive technology (default: its placeholder). */
  label?: string;
  placeholder: string;
  sendLabel: string;
  /** Sends the text as typed; the box empties when it resolves and shows why when it fails. */
  onSend: (text: string) => Promise<unknown>;
  /** An empty box says this when sent; without it the send button waits for a text. */
  requiredMessage?: string;
  /** Enter sends (Shift+Enter starts a new line). */
  enterSends?: boolean;
}

/** The box a comment (or a reply) is written in, and its send button. */
export function CommentBox({
  label,
  placeholder,
  sendLabel,
  onSend,
  requiredMessage,
  enterSends = false,
}: CommentBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const empty = !text.trim();
  const send = async () => {
    if (empty) {
      if (requiredMessage) setError(requiredMessage);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Textarea
        flex={1}
        autosize
        minRows={1}
        maxRows={6}
        size="sm"
        aria-label={label ?? placeholder}
        placeholder={placeholder}
        value={text}
        error={error}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (enterSends && event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <Button
        size="sm"
        onClick={() => void send()}
        loading={sending}
        disabled={!requiredMessage && empty}
      >
        {sendLabel}
      </Button>
    </Group>
  );
}

/**
 * The one comment thread (request sales' 'Comentarios', a training post's comments): each
 * comment with its author, when, the hidden mark and text, a moderator's hide/show, delete after
 * a confirmation, and optionally its replies ('Responder' opens a reply box under the comment);
 * the comment box above or below; the next comments ('Cargar más', 'Ver N comentarios más').
 */
export function CommentThread({
  comments,
  testId,
  texts,
  composer,
  composerFirst = false,
  empty,
  more,
  onToggleVisible,
  onDelete,
  reply,
}: {
  comments: readonly ThreadComment[];
  /** Each comment's `data-testid`. */
  testId: string;
  texts: ThreadTexts;
  composer: CommentBoxProps;
  /** The box above the comments (newest first) instead of below them. */
  composerFirst?: boolean;
  /** What a thread without comments says, once loaded. */
  empty?: string | null;
  more?: { label: string; loading: boolean; onLoad: () => void } | null;
  /** A moderator hides or shows a comment. */
  onToggleVisible?: ((comment: ThreadComment) => void) | undefined;
  onDelete: (id: string) => Promise<unknown>;
  /** Replies: a comment's 'Responder' and the box sending to it (its `parentId`). */
  reply?: {
    label: string;
    placeholder: string;
    onSend: (parentId: string, text: string) => Promise<unknown>;
  };
}) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await onDelete(deleting);
      setDeleting(null);
    } catch (failure) {
      setRemoveError(userMessageOf(failure));
    } finally {
      setRemoving(false);
    }
  };
  const item = (comment: ThreadComment, parent: ThreadComment) => (
    <CommentItem
      key={comment.id}
      comment={comment}
      testId={testId}
      texts={texts}
      onToggleVisible={onToggleVisible}
      onDelete={() => setDeleting(comment.id)}
      replyLabel={reply?.label}
      onReply={() => setReplyingTo(parent.id)}
    />
  );
  const box = <CommentBox {...composer} />;
  return (
    <Stack gap="sm">
      {composerFirst && box}
      {empty && comments.length === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {comments.map((comment) => {
        const replies = comment.replies ?? [];
        return (
          <Stack key={comment.id} gap="xs">
            {item(comment, comment)}
            {(replies.length > 0 || comment.moreReplies || replyingTo === comment.id) && (
              <Stack gap="xs" pl={36}>
                {replies.map((each) => item(each, comment))}
                {comment.moreReplies && (
                  <Group>
                    <Button variant="subtle" size="compact-xs" onClick={comment.moreReplies.onLoad}>
                      {comment.moreReplies.label}
                    </Button>
                  </Group>
                )}
                {reply && replyingTo === comment.id && (
                  <CommentBox
                    placeholder={reply.placeholder}
                    sendLabel={reply.label}
                    enterSends={composer.enterSends ?? false}
                    onSend={async (text) => {
                      await reply.onSend(comment.id, text);
                      setReplyingTo(null);
                    }}
                  />
                )}
              </Stack>
            )}
          </Stack>
        );
      })}
      {more && (
        <Group>
          <Button variant="subtle" size="compact-sm" loading={more.loading} onClick={more.onLoad}>
            {more.label}
          </Button>
        </Group>
      )}
      {!composerFirst && box}
      <ConfirmDialog
        opened={deleting !== null}
        title={texts.delete}
        loading={removing}
        error={removeError}
        onConfirm={() => void remove()}
        onClose={() => {
          setDeleting(null);
          setRemoveError(null);
        }}
      />
    </Stack>
  );
}

function CommentItem({
  comment,
  testId,
  texts,
  onToggleVisible,
  onDelete,
  replyLabel,
  onReply,
}: {
  comment: ThreadComment;
  testId: string;
  texts: ThreadTexts;
  onToggleVisible?: ((comment: ThreadComment) => void) | undefined;
  onDelete: () => void;
  replyLabel?: string | undefined;
  onReply: () => void;
}) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-testid={testId}>
      <UserAvatar
        user={{ photo: comment.photo ?? null, color: null }}
        name={comment.author}
        size={28}
      />
      <Stack gap={2} flex={1} miw={0}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {comment.author}
          </Text>
          <Text size="xs" c="dimmed">
            {comment.when}
          </Text>
          {comment.hidden && (
            <Badge size="xs" color="gray">
              {texts.hidden}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {comment.replyTo && (
            <Text span fw={600} c="blue.7">
              @{comment.replyTo}{' '}
            </Text>
          )}
          {comment.text}
        </Text>
        {replyLabel && (
          <Group gap="xs">
            <Button variant="subtle" size="compact-xs" onClick={onReply}>
              {replyLabel}
            </Button>
          </Group>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {onToggleVisible && (
          <Button size="compact-xs" variant="subtle" onClick={() => onToggleVisible(comment)}>
            {comment.hidden ? texts.show : texts.hide}
          </Button>
        )}
        {comment.canDelete && (
          <ActionIcon variant="subtle" color="red" aria-label={texts.delete} onClick={onDelete}>
            <TrashIcon size={16} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
