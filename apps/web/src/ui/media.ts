/** Phones (issue #33 item 6): the menu leaves the page for a header, a chat fills the screen. */
export const MOBILE_QUERY = '(max-width: 47.99em)';
