import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { formatDate } from '../../../lib/dates';
import { useTRPCClient } from '../../../lib/trpc';
import { formatFileSize, nextAttachmentsPage } from './info-panel-format';
import classes from './info-panel.module.css';
import { fileSrc } from '../../../lib/file-url';

const t = es.conversation.infoPanel;

type Kind = 'multimedia' | 'files';

/** The pages of one kind of attachment, 10 each; more while page × 10 is below the total. */
function useAttachments(contactId: string, kind: Kind) {
  const client = useTRPCClient();
  return useInfiniteQuery({
    // tRPC's own key shape for the procedure, so invalidating `interactions` refetches it too.
    queryKey: [['interaction', 'files'], { input: { contactId, kind }, type: 'infinite' }],
    queryFn: ({ pageParam, signal }) =>
      client.interaction.files.query({ contactId, kind, page: pageParam }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextAttachmentsPage(pages.length, last.total),
  });
}

function AttachmentsState({
  query,
  empty,
  children,
}: {
  query: ReturnType<typeof useAttachments>;
  empty: string;
  children: (
    items: NonNullable<ReturnType<typeof useAttachments>['data']>['pages'][number]['items'],
  ) => React.ReactNode;
}) {
  if (query.isPending) return <Skeleton height={48} radius="sm" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" p="xs">
        {t.filesFailed}
      </Alert>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {children(items)}
      {query.hasNextPage && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          style={{ alignSelf: 'center' }}
        >
          {t.seeMore}
        </Button>
      )}
    </Stack>
  );
}

/** 'Multimedia' (03 §2.1, §9): thumbnails of the images and videos sent or received. */
export function MultimediaSection({ contactId }: { contactId: string }) {
  const query = useAttachments(contactId, 'multimedia');
  return (
    <AttachmentsState query={query} empty={t.multimediaEmpty}>
      {(items) => (
        <div className={classes.thumbs} role="list" aria-label={t.multimedia}>
          {items.map((item, index) => (
            <a
              key={`${item.interactionId}-${index}`}
              href={fileSrc(item.url)}
              target="_blank"
              rel="noreferrer"
              className={classes.thumb}
              role="listitem"
              title={`${item.name} · ${formatDate(item.createdAt)}`}
            >
              {item.mimeType?.startsWith('video/') ? (
                <video src={fileSrc(item.url)} preload="metadata" muted aria-label={item.name} />
              ) : (
                <img src={fileSrc(item.url)} alt={item.name} loading="lazy" />
              )}
            </a>
          ))}
        </div>
      )}
    </AttachmentsState>
  );
}

/** 'Archivos' (03 §2.1, §9): the other attachments with name, size (B to YB) and date. */
export function FilesSection({ contactId }: { contactId: string }) {
  const query = useAttachments(contactId, 'files');
  return (
    <AttachmentsState query={query} empty={t.filesEmpty}>
      {(items) => (
        <Stack gap={6} role="list" aria-label={t.files}>
          {items.map((item, index) => (
            <Stack key={`${item.interactionId}-${index}`} gap={0} role="listitem">
              <Anchor
                href={fileSrc(item.url)}
                target="_blank"
                rel="noreferrer"
                size="sm"
                truncate="end"
              >
                {item.name}
              </Anchor>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {formatFileSize(item.size)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(item.createdAt)}
                </Text>
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </AttachmentsState>
  );
}
