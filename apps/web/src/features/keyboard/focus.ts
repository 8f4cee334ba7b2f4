import { useEffect, type RefObject } from 'react';

/**
 * Whether a chat's composer takes the focus when the chat opens (issue #33 item 5): with a mouse
 * or a keyboard, yes; on a touch screen no, or the phone's keyboard would cover the chat at once.
 */
export function composerTakesFocus(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;
}

/**
 * The composer's fields that can take the focus: its text box, or the template search of a closed
 * reply window. Not the attach button's file input, which is in the composer but never shown.
 */
const FIELD =
  'textarea:not([readonly]):not([disabled]), input:not([type=hidden]):not([type=file]):not([hidden]):not([disabled]):not([readonly])';

/** The first of `root`'s fields that is drawn (a field inside a hidden part cannot be focused). */
function firstField(root: HTMLElement): HTMLElement | undefined {
  return Array.from(root.querySelectorAll<HTMLElement>(FIELD)).find(
    (field) => field.getClientRects().length > 0,
  );
}

/**
 * Gives the composer's first field the focus when a chat opens, and keeps giving it to the field
 * drawn in its place until the user acts. The field may be drawn or enabled late (the reply
 * window's state arrives after the composer, its templates after that) or drawn again (the chat's channels arrive and the mode changes its
 * text box): when the focused field leaves the page the focus falls to the body, and the new field
 * takes it back. It never takes the focus from where the user put it: only from the body or from
 * the element that had it when the chat opened (the list's row that opened it, say); and the first
 * key or pointer press after the chat opened ends it.
 */
export function useComposerFocus(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element || !composerTakesFocus()) return;
    const before = document.activeElement;
    const settle = () => {
      const field = firstField(element);
      if (!field || element.contains(document.activeElement)) return;
      const active = document.activeElement;
      if (active === null || active === document.body || active === before) field.focus();
    };
    const observer = new MutationObserver(settle);
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('keydown', stop, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    settle();
    // A field enabled later (the template search waits for the templates) counts as drawn then.
    observer.observe(element, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'readonly', 'hidden'],
    });
    document.addEventListener('keydown', stop, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [root]);
}
