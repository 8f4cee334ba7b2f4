import { useEffect, useState } from 'react';

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll for a keyset list: returns a ref for a sentinel placed after the list, and
 * loads the next page when the sentinel comes within `margin` px of the viewport. The position
 * is measured when the list changes, not taken from the observer's last report, so a sentinel
 * seen while the list was still loading does not fetch a page nobody scrolled to.
 */
export function useLoadMoreAtEnd(list: PagedList, margin = 200) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [scrolled, setScrolled] = useState(0);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    if (!node) return;
    const observer = new IntersectionObserver(() => setScrolled((count) => count + 1), {
      rootMargin: `${margin}px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, margin]);

  useEffect(() => {
    if (!node || !hasNextPage || isFetchingNextPage) return;
    if (node.getBoundingClientRect().top <= window.innerHeight + margin) void fetchNextPage();
  }, [node, scrolled, hasNextPage, isFetchingNextPage, fetchNextPage, margin]);

  return setNode;
}
