import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { UserAvatar } from '../../ui/user-avatar';
import { fullNameOf } from '../auth/session';
import type { CoachPost, PostComment } from './use-training';

const texts = es.training.comments;

/** Where a comment goes: the post, or a thread (`parentId`). */
function CommentForm({
  postId,
  parentId,
  placeholder,
  onSent,
}: {
  postId: string;
  parentId?: string;
  placeholder: string;
  onSent: (comment: PostComment) => void;
}) {
  const trpc = useTRPC();
  const [content, setContent] = useState('');
  const send = useMutation(
    trpc.training.comment.mutationOptions({
      onSuccess: (comment) => {
        setContent('');
        onSent(comment);
      },
    }),
  );
  const submit = () => {
    // 03 §5: the content is required.
    if (!content.trim()) return;
    send.mutate({ postId, content, parentId: parentId ?? null });
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Textarea
        flex={1}
        autosize
        minRows={1}
        maxRows={6}
        size="sm"
        aria-label={placeholder}
        placeholder={placeholder}
        value={content}
        error={send.isError ? userMessageOf(send.error) : undefined}
        onChange={(event) => setContent(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            submit();
          }
        }}
      />
      <Button size="sm" onClick={submit} loading={send.isPending} disabled={!content.trim()}>
        {parentId ? texts.reply : texts.send}
      </Button>
    </Group>
  );
}

function CommentItem({
  comment,
  canManage,
  onReply,
  onChanged,
}: {
  comment: PostComment | PostComment['replies'][number];
  canManage: boolean;
  onReply?: () => void;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(
    trpc.training.deleteComment.mutationOptions({
      onSuccess: () => {
        setDeleting(false);
        onChanged();
      },
    }),
  );
  const visibility = useMutation(
    trpc.training.setCommentVisibility.mutationOptions({
      onSuccess: onChanged,
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  const name = fullNameOf(comment.user);
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-testid="training-comment">
      <UserAvatar user={{ photo: comment.user.photo, color: null }} name={name} size={28} />
      <Stack gap={2} flex={1}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(comment.createdAt)}
          </Text>
          {!comment.visible && (
            <Badge size="xs" color="gray">
              {texts.hidden}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {comment.replyTo && (
            <Text span fw={600} c="blue.7">
              @{fullNameOf(comment.replyTo)}{' '}
            </Text>
          )}
          {comment.content}
        </Text>
        {onReply && (
          <Group gap="xs">
            <Button variant="subtle" size="compact-xs" onClick={onReply}>
              {texts.reply}
            </Button>
          </Group>
        )}
      </Stack>
      {(comment.canDelete || canManage) && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${texts.delete}…`}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {canManage && (
              <Menu.Item
                onClick={() => visibility.mutate({ id: comment.id, visible: !comment.visible })}
              >
                {comment.visible ? texts.hide : texts.show}
              </Menu.Item>
            )}
            {comment.canDelete && (
              <Menu.Item color="red" onClick={() => setDeleting(true)}>
                {texts.delete}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <ConfirmDialog
        opened={deleting}
        title={texts.deleteTitle}
        loading={remove.isPending}
        error={remove.isError ? userMessageOf(remove.error) : null}
        onConfirm={() => remove.mutate({ id: comment.id })}
        onClose={() => setDeleting(false)}
      />
    </Group>
  );
}

/**
 * A post's comments (03 §3): the first 5 with their first replies, 'Ver N comentarios más' for
 * the next ones, replies, and the comment form. The coach and admins hide and delete any;
 * authors delete their own.
 */
export function PostComments({ post, canManage }: { post: CoachPost; canManage: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [more, setMore] = useState<PostComment[]>([]);
  const [rest, setRest] = useState<number | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [moreReplies, setMoreReplies] = useState<
    Record<string, { replies: PostComment['replies']; rest: number }>
  >({});
  const loadReplies = async (comment: PostComment) => {
    const loaded = moreReplies[comment.id]?.replies ?? [];
    const shownReplies = [...comment.replies, ...loaded];
    try {
      const page = await client.training.comments.query({
        postId: post.id,
        parentId: comment.id,
        after: shownReplies.at(-1)?.id,
        excludeIds: shownReplies.map((reply) => reply.id),
      });
      setMoreReplies((current) => ({
        ...current,
        [comment.id]: {
          replies: [...loaded, ...page.comments],
          rest: page.restOfCommentCount,
        },
      }));
    } catch (error) {
      notifications.show({ color: 'red', message: userMessageOf(error) });
    }
  };
  const refresh = () => {
    setMore([]);
    setMoreReplies({});
    setRest(null);
    void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
    void queryClient.invalidateQueries(trpc.training.post.pathFilter());
  };

  const shown = [
    ...post.comments,
    ...more.filter((each) => !post.comments.some((c) => c.id === each.id)),
  ];
  const remaining = rest ?? post.restOfCommentCount;
  const loadMore = async () => {
    setLoading(true);
    try {
      const page = await client.training.comments.query({
        postId: post.id,
        after: shown.at(-1)?.id,
        excludeIds: shown.map((comment) => comment.id),
      });
      setMore((current) => [...current, ...page.comments]);
      setRest(page.restOfCommentCount);
    } catch (error) {
      notifications.show({ color: 'red', message: userMessageOf(error) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Stack gap="sm">
      {shown.map((comment) => (
        <Stack key={comment.id} gap="xs">
          <CommentItem
            comment={comment}
            canManage={canManage}
            onReply={() => setReplyingTo(comment.id)}
            onChanged={refresh}
          />
          {(comment.replies.length > 0 || replyingTo === comment.id) && (
            <Stack gap="xs" pl={36}>
              {[
                ...comment.replies,
                ...(moreReplies[comment.id]?.replies ?? []).filter(
                  (each) => !comment.replies.some((reply) => reply.id === each.id),
                ),
              ].map((reply) => (
                <CommentItem
                  key={reply.id}
                  comment={reply}
                  canManage={canManage}
                  onReply={() => setReplyingTo(comment.id)}
                  onChanged={refresh}
                />
              ))}
              {(moreReplies[comment.id]?.rest ?? comment.restOfCommentCount) > 0 && (
                <Group>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => void loadReplies(comment)}
                  >
                    {format(texts.moreReplies, {
                      count: moreReplies[comment.id]?.rest ?? comment.restOfCommentCount,
                    })}
                  </Button>
                </Group>
              )}
              {replyingTo === comment.id && (
                <CommentForm
                  postId={post.id}
                  parentId={comment.id}
                  placeholder={texts.replyPlaceholder}
                  onSent={() => {
                    setReplyingTo(null);
                    refresh();
                  }}
                />
              )}
            </Stack>
          )}
        </Stack>
      ))}
      {remaining > 0 && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            loading={loading}
            onClick={() => void loadMore()}
          >
            {format(texts.more, { count: remaining })}
          </Button>
        </Group>
      )}
      <CommentForm
        postId={post.id}
        placeholder={texts.placeholder}
        onSent={(comment) => {
          // The new comment stays in view even when it is past the first page.
          setMore((current) => [...current, comment]);
          void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
        }}
      />
    </Stack>
  );
}
