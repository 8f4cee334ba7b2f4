import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { CommentThread, type ThreadComment } from '../../ui/comment-thread';
import { fullNameOf } from '../auth/session';
import type { CoachPost, PostComment } from './use-training';

const texts = es.training.comments;

/**
 * A post's comments (03 §3): the first 5 with their first replies, 'Ver N comentarios más' for
 * the next ones, replies, and the comment form. The coach and admins hide and delete any;
 * authors delete their own.
 */
export function PostComments({ post, canManage }: { post: CoachPost; canManage: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const send = useMutation(trpc.training.comment.mutationOptions());
  const remove = useMutation(trpc.training.deleteComment.mutationOptions());
  const visibility = useMutation(
    trpc.training.setCommentVisibility.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  const [more, setMore] = useState<PostComment[]>([]);
  const [rest, setRest] = useState<number | null>(null);
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

  type Reply = PostComment['replies'][number];
  const view = (comment: PostComment | Reply): ThreadComment => ({
    id: comment.id,
    author: fullNameOf(comment.user),
    photo: comment.user.photo,
    when: formatDateTime(comment.createdAt),
    text: comment.content,
    hidden: !comment.visible,
    replyTo: comment.replyTo ? fullNameOf(comment.replyTo) : null,
    canDelete: comment.canDelete,
  });
  const thread = shown.map((comment): ThreadComment => {
    const loaded = moreReplies[comment.id];
    const restOfReplies = loaded?.rest ?? comment.restOfCommentCount;
    return {
      ...view(comment),
      replies: [
        ...comment.replies,
        ...(loaded?.replies ?? []).filter(
          (each) => !comment.replies.some((reply) => reply.id === each.id),
        ),
      ].map(view),
      moreReplies:
        restOfReplies > 0
          ? {
              label: format(texts.moreReplies, { count: restOfReplies }),
              onLoad: () => void loadReplies(comment),
            }
          : undefined,
    };
  });

  return (
    <CommentThread
      testId="training-comment"
      comments={thread}
      texts={{
        hidden: texts.hidden,
        hide: texts.hide,
        show: texts.show,
        delete: texts.deleteTitle,
      }}
      composer={{
        placeholder: texts.placeholder,
        sendLabel: texts.send,
        enterSends: true,
        onSend: async (content) => {
          // 03 §5: the content is required (the button waits for it).
          const comment = await send.mutateAsync({ postId: post.id, content, parentId: null });
          // The new comment stays in view even when it is past the first page.
          setMore((current) => [...current, comment]);
          void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
        },
      }}
      reply={{
        label: texts.reply,
        placeholder: texts.replyPlaceholder,
        onSend: async (parentId, content) => {
          await send.mutateAsync({ postId: post.id, content, parentId });
          refresh();
        },
      }}
      more={
        remaining > 0
          ? {
              label: format(texts.more, { count: remaining }),
              loading,
              onLoad: () => void loadMore(),
            }
          : null
      }
      onToggleVisible={
        canManage
          ? (comment) => visibility.mutate({ id: comment.id, visible: comment.hidden })
          : undefined
      }
      onDelete={async (id) => {
        await remove.mutateAsync({ id });
        refresh();
      }}
    />
  );
}
