/** A row of 'Conversaciones' as Alt+↓/↑ read it: its unread count once the list carries one. */
export interface UnreadRow {
  id: string;
  unreadCount?: number | null;
}

/**
 * The id of the next (`step` 1) or previous (-1) row with unread messages after the row `from`
 * in the list's order; from the top (or the bottom going up) when `from` is not in the list.
 * Null when no other row is unread.
 */
export function unreadNeighbour(
  rows: readonly UnreadRow[],
  from: string | null,
  step: 1 | -1,
): string | null {
  const start = from === null ? -1 : rows.findIndex((row) => row.id === from);
  const origin = start === -1 ? (step === 1 ? -1 : rows.length) : start;
  for (let index = origin + step; index >= 0 && index < rows.length; index += step) {
    const row = rows[index]!;
    if ((row.unreadCount ?? 0) > 0) return row.id;
  }
  return null;
}
