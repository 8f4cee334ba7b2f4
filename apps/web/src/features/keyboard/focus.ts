/**
 * Whether a chat's composer takes the focus when the chat opens (issue #33 item 5): with a mouse
 * or a keyboard, yes; on a touch screen no, or the phone's keyboard would cover the chat at once.
 */
export function composerTakesFocus(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;
}
