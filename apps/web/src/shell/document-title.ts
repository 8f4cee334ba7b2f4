import { useEffect } from 'react';
import { es } from '@cartera/domain/i18n';
import { MENU_ENTRIES } from '@cartera/domain/menu';
import { ruleFor } from '@cartera/domain/policy';

/** The menu entry's label of the screen at `pathname` (a chat: the inbox it was opened from). */
export function screenLabel(pathname: string): string | null {
  const rule = ruleFor(pathname)?.path;
  const entry = MENU_ENTRIES.find((each) => each.path !== null && each.path === rule);
  return entry?.label ?? null;
}

/**
 * The tab's title on every screen (issue #33 item 1): "(3) Conversaciones · Cartera", the
 * count being the user's own unread conversations (none shown at zero).
 */
export function documentTitle(screen: string | null, unread: number | undefined) {
  const name = screen ? `${screen} · ${es.app.name}` : es.app.name;
  return unread ? `(${unread}) ${name}` : name;
}

export function useDocumentTitle(pathname: string, unread: number | undefined) {
  const title = documentTitle(screenLabel(pathname), unread);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
