import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import relativeTimePlugin from 'dayjs/plugin/relativeTime';
import { REQUEST_COMMENTS_PAGE_SIZE } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { randomUuid } from '../../lib/random-id';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EyeIcon, TrashIcon } from '../../ui/icons';
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
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
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
  const failure = add.error ?? remove.error ?? visibility.error ?? markSeen.error;

  const submit = async () => {
    if (!text.trim()) {
      setTextError(t.fieldErrors.required);
      return;
    }
    setTextError(null);
    await add.mutateAsync({ id: commentId, requestId: request.id, text: text.trim() });
    setText('');
    setCommentId(randomUuid());
  };

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
      <Stack gap="xs">
        <Textarea
          aria-label={t.tabComments}
          placeholder={t.commentPlaceholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={textError}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Group justify="flex-end">
          <Button loading={add.isPending} onClick={() => void submit().catch(() => undefined)}>
            {t.comment}
          </Button>
        </Group>
      </Stack>
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {userMessageOf(failure)}
        </Alert>
      )}
      {comments.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t.noComments}
        </Text>
      )}
      {items.map((comment) => (
        <Paper key={comment.id} withBorder radius="md" p="sm" data-testid="request-comment">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {`${comment.author ? fullNameOf(comment.author) : ''} ${t.commented} ${dayjs(comment.createdAt).fromNow()}`}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {comment.text}
              </Text>
              {!comment.visible && (
                <Badge size="xs" color="gray" w="fit-content">
                  {t.hiddenComment}
                </Badge>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              {request.permissions.moderateComments && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() =>
                    visibility.mutate({
                      requestId: request.id,
                      commentId: comment.id,
                      visible: !comment.visible,
                    })
                  }
                >
                  {comment.visible ? t.hideComment : t.showComment}
                </Button>
              )}
              {comment.deletable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t.deleteComment}
                  onClick={() => setDeleting(comment.id)}
                >
                  <TrashIcon size={16} />
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      {comments.hasNextPage && (
        <Button
          variant="subtle"
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {t.loadMore}
        </Button>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t.deleteComment}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { requestId: request.id, commentId: deleting },
            { onSuccess: () => setDeleting(null) },
          );
        }}
      />
    </Stack>
  );
}
