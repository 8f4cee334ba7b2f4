import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';
import { REQUEST_COMMENTS_PAGE_SIZE } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { randomUuid } from '../../lib/random-id';
import { useTRPC } from '../../lib/trpc';
import { CommentThread } from '../../ui/comment-thread';
import { EyeIcon } from '../../ui/icons';
import { fullNameOf } from '../auth/session';

dayjs.extend(relativeTimePlugin);

const t = es.requestSales;
type Request = RouterOutputs['requestSale']['get'];

/**
 * The 'Comentarios' tab (02 §4): newest first, 5 a page; '{author} comento {relative date}';
 * the comment box (content required); 'Marcar como visto' for commercial users while comments
 * are unseen; deleting one's own (admins any) after 'Eliminar comentario'; admins show or hide.
 */
export function RequestComments({ request }: { request: Request }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [commentId, setCommentId] = useState(randomUuid);
  const comments = useInfiniteQuery(
    trpc.requestSale.comments.infiniteQueryOptions(
      { requestId: request.id, limit: REQUEST_COMMENTS_PAGE_SIZE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.requestSale.pathKey() });
  };
  const add = useMutation(trpc.requestSale.addComment.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.requestSale.deleteComment.mutationOptions({ onSuccess: refresh }),
  );
  const visibility = useMutation(
    trpc.requestSale.setCommentVisible.mutationOptions({ onSuccess: refresh }),
  );
  const markSeen = useMutation(trpc.requestSale.markSeen.mutationOptions({ onSuccess: refresh }));

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const unseen = comments.data?.pages[0]?.unseen ?? request.unseenCount;
  const failure = visibility.error ?? markSeen.error;

  return (
    <Stack gap="md">
      {request.permissions.markSeen && unseen > 0 && (
        <Group justify="flex-end">
          <Button
            variant="light"
            leftSection={<EyeIcon size={16} />}
            loading={markSeen.isPending}
            onClick={() => markSeen.mutate({ requestId: request.id })}
          >
            {t.markSeen}
          </Button>
        </Group>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(failure)}
        </Alert>
      )}
      <CommentThread
        testId="request-comment"
        composerFirst
        composer={{
          label: t.tabComments,
          placeholder: t.commentPlaceholder,
          sendLabel: t.comment,
          requiredMessage: t.fieldErrors.required,
          onSend: async (text) => {
            await add.mutateAsync({ id: commentId, requestId: request.id, text: text.trim() });
            setCommentId(randomUuid());
          },
        }}
        texts={{
          hidden: t.hiddenComment,
          hide: t.hideComment,
          show: t.showComment,
          delete: t.deleteComment,
        }}
        empty={comments.isSuccess ? t.noComments : null}
        comments={items.map((comment) => ({
          id: comment.id,
          author: comment.author ? fullNameOf(comment.author) : '',
          when: `${t.commented} ${dayjs(comment.createdAt).fromNow()}`,
          text: comment.text,
          hidden: !comment.visible,
          canDelete: comment.deletable,
        }))}
        onToggleVisible={
          request.permissions.moderateComments
            ? (comment) =>
                visibility.mutate({
                  requestId: request.id,
                  commentId: comment.id,
                  visible: comment.hidden,
                })
            : undefined
        }
        onDelete={(commentId) => remove.mutateAsync({ requestId: request.id, commentId })}
        more={
          comments.hasNextPage
            ? {
                label: t.loadMore,
                loading: comments.isFetchingNextPage,
                onLoad: () => void comments.fetchNextPage(),
              }
            : null
        }
      />
    </Stack>
  );
}
