/** The named fields of a row, copied: what an audit entry or a comparison keeps of it. */
export function pickFields<T extends object, K extends keyof T>(
  row: T,
  keys: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}
