import { Box, Button, Group } from '@mantine/core';
import { useLoadMoreAtEnd } from '../lib/use-load-more-at-end';

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of an infinite list: a sentinel that loads the next page when it comes into view,
 * and the 'Cargar más' button for keyboards and for when scrolling is not possible.
 */
export function ListEnd({ list, label }: { list: PagedList; label: string }) {
  const endRef = useLoadMoreAtEnd(list);
  return (
    <>
      <Box ref={endRef} h={1} aria-hidden />
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {label}
          </Button>
        </Group>
      )}
    </>
  );
}
