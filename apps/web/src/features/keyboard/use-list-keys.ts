import { useCallback, useRef } from 'react';
import { useShortcut } from './keyboard-provider';

/** The element of a row that takes the focus: its link, or its own button. */
const ROW_TARGET = 'a[href], button:not([disabled])';

/** Every control of a row Tab could stop at (a row's checkbox, its link, its own button). */
const ROW_CONTROLS = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea';

/**
 * The row Tab enters the list at: the one holding the focus, else the open chat's
 * (`aria-current`), else the last one focused, else the first.
 */
function currentRow(list: HTMLElement, rows: readonly Element[], last: Element | null) {
  const focused = document.activeElement;
  return (
    rows.find((row) => focused !== null && row.contains(focused)) ??
    rows.find((row) => row.getAttribute('aria-current') === 'true') ??
    (last && last.parentElement === list ? last : undefined) ??
    rows[0]
  );
}

/**
 * ↑/↓ and j/k through a list of rows (issue #33 item 5): the focus moves from row to row (each
 * row's link or button), so Enter opens the row the browser's own way. From outside the list the
 * first key goes to its first (or last) row. The returned ref goes on the list's element, whose
 * direct children are the rows; it is marked `data-keyboard-list` so Alt+↓/↑ know the row in
 * focus.
 *
 * The list is one stop of Tab (a roving tabindex): only the current row's controls are in the
 * tab order, the other rows' are not (`tabindex="-1"`), so Tab from a row leaves the list (to the
 * open chat beside it) and Shift+Tab comes back to the same row. The current row follows the
 * focus (these keys, a click), and is the open chat's while the focus is elsewhere; rows the list
 * gains (the next page, a live reorder) join the order as they come.
 */
export function useListKeys<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const last = useRef<Element | null>(null);

  const attach = useCallback((list: T | null) => {
    ref.current = list;
    if (!list) return;
    const sync = () => {
      const rows = Array.from(list.children);
      const current = currentRow(list, rows, last.current);
      if (current && current.contains(document.activeElement)) last.current = current;
      for (const row of rows) {
        const index = row === current ? '0' : '-1';
        for (const control of row.querySelectorAll(ROW_CONTROLS)) {
          if (control.getAttribute('tabindex') !== index) control.setAttribute('tabindex', index);
        }
      }
    };
    sync();
    // Rows come, go and move (pages, live updates); the open chat changes.
    const watcher = new MutationObserver(sync);
    watcher.observe(list, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-current'],
    });
    list.addEventListener('focusin', sync);
    return () => {
      watcher.disconnect();
      list.removeEventListener('focusin', sync);
      ref.current = null;
    };
  }, []);

  const move = (step: 1 | -1) => {
    const list = ref.current;
    if (!list) return false;
    const rows = Array.from(list.children).flatMap((row) => {
      const target = row.matches(ROW_TARGET) ? row : row.querySelector(ROW_TARGET);
      return target instanceof HTMLElement ? [{ row, target }] : [];
    });
    if (rows.length === 0) return false;
    const focused = document.activeElement;
    // The row holding the focus, on its link or on another of its controls (its checkbox).
    const at = rows.findIndex(({ row }) => focused !== null && row.contains(focused));
    const next =
      at === -1
        ? step === 1
          ? 0
          : rows.length - 1
        : Math.min(Math.max(at + step, 0), rows.length - 1);
    rows[next]!.target.focus();
    rows[next]!.target.scrollIntoView?.({ block: 'nearest' });
    return true;
  };

  useShortcut('listNext', () => move(1));
  useShortcut('listPrevious', () => move(-1));
  return attach;
}
