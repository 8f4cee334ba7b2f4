/**
 * Another site's page shown inside Cartera (an internal shortcut, the coach's meeting page) is
 * framed through the server's /api/frame, which checks that the company configured it: the
 * web's own policy frames nothing but its own pages (issue #30 S13).
 */
export function framedPageUrl(address: string): string {
  return `/api/frame?url=${encodeURIComponent(address)}`;
}
