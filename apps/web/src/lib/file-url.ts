/**
 * This app's file addresses (`/api/files/<tenant>/…` for uploads, `/api/files/channels/…` for a
 * customer's files) as the page loads them: on the page's own host. Records keep the permanent
 * address on PUBLIC_URL; opened on another host name (a LAN address), the browser would send
 * the session cookie to neither that address nor let the page read it (docs/decisions.md
 * 'Files on any host'). Any other address (blob:, data:, another site's) is answered as it is.
 */
const OWN_FILE_PATH =
  /^\/api\/files\/(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|channels)\//i;

export function fileSrc(url: string, pageOrigin?: string): string;
export function fileSrc(url: string | null | undefined, pageOrigin?: string): string | undefined;
export function fileSrc(
  url: string | null | undefined,
  pageOrigin: string = window.location.origin,
): string | undefined {
  if (!url) return url ?? undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, pageOrigin);
  } catch {
    return url;
  }
  if (!/^https?:$/.test(parsed.protocol) || !OWN_FILE_PATH.test(parsed.pathname)) return url;
  return `${pageOrigin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
