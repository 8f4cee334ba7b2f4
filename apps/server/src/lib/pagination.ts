/**
 * Keyset pagination: the repository fetches `limit + 1` rows after the cursor; the extra row
 * only says there is a next page. Lists never use OFFSET.
 */
export function keysetPage<Row, Cursor>(
  rows: Row[],
  limit: number,
  cursorOf: (last: Row) => Cursor,
): { items: Row[]; nextCursor: Cursor | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
