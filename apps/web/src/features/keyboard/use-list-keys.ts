import { useRef } from 'react';
import { useShortcut } from './keyboard-provider';

/** The element of a row that takes the focus: its link, or its own button. */
const ROW_TARGET = 'a[href], button:not([disabled])';

/**
 * ↑/↓ and j/k through a list of rows (issue #33 item 5): the focus moves from row to row (each
 * row's link or button), so Enter opens the row the browser's own way. From outside the list the
 * first key goes to its first (or last) row. The returned ref goes on the list's element, whose
 * direct children are the rows; it is marked `data-keyboard-list` so Alt+↓/↑ know the row in
 * focus.
 */
export function useListKeys<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  const move = (step: 1 | -1) => {
    const list = ref.current;
    if (!list) return false;
    const targets = Array.from(list.children).flatMap((row) => {
      const target = row.matches(ROW_TARGET) ? row : row.querySelector(ROW_TARGET);
      return target instanceof HTMLElement ? [target] : [];
    });
    if (targets.length === 0) return false;
    const focused = document.activeElement;
    const at = targets.findIndex((target) => target === focused || target.contains(focused));
    const next =
      at === -1
        ? step === 1
          ? 0
          : targets.length - 1
        : Math.min(Math.max(at + step, 0), targets.length - 1);
    targets[next]!.focus();
    targets[next]!.scrollIntoView?.({ block: 'nearest' });
    return true;
  };

  useShortcut('listNext', () => move(1));
  useShortcut('listPrevious', () => move(-1));
  return ref;
}
