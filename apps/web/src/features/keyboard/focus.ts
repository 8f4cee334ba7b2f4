import { useEffect, type RefObject } from 'react';

/**
 * Whether a chat's composer takes the focus when the chat opens (issue #33 item 5): with a mouse
 * or a keyboard, yes; on a touch screen no, or the phone's keyboard would cover the chat at once.
 */
export function composerTakesFocus(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;
}

/** The composer's first field: its text box, or the template search of a closed reply window. */
const FIELD =
  'textarea:not([readonly]):not([disabled]), input:not([type=hidden]):not([disabled]):not([readonly])';

/**
 * Focuses the first field inside `root` once, when it mounts (a chat opening). A field drawn
 * later (the reply window's state arrives after the composer) takes the focus when it appears,
 * unless the user has moved the focus since the chat opened.
 */
export function useComposerFocus(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element || !composerTakesFocus()) return;
    const field = () => element.querySelector<HTMLElement>(FIELD);
    const first = field();
    if (first) {
      first.focus();
      return;
    }
    // Where the focus was when the chat opened (the list's row that opened it, say).
    const before = document.activeElement;
    const observer = new MutationObserver(() => {
      const found = field();
      if (!found) return;
      observer.disconnect();
      const active = document.activeElement;
      if (active === null || active === document.body || active === before) found.focus();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [root]);
}
