/** Escapes LIKE wildcards so a search for "50%" looks for those characters, anywhere. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
