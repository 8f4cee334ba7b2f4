/**
 * Where to go after signing in or changing the password: only a path of this same site
 * (`/contacts?id=1`), never another origin (`//evil.test`, `https://…`, `/\evil.test`) nor a
 * script URL. Anything else gives `undefined`, and the caller falls back to '/'.
 */
export function safeReturnUrl(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** `path` with `search` as its query string (`/login?returnurl=%2Fcontacts`). */
export function hrefWithSearch(path: string, search?: Record<string, string>): string {
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}
