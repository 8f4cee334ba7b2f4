import { useCallback, useSyncExternalStore } from 'react';
import type { BrowserPermission } from './notice-decision';

/** The browser's notification permission now. */
export function browserPermission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // The user may change it in the site's settings; a tab that comes back reads it again.
  const onVisible = () => listener();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    listeners.delete(listener);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * The permission and a way to ask for it. Asked only on the user's click ('Ajustes'), never when
 * a page loads: browsers block prompts nobody asked for, and users dismiss them.
 */
export function useBrowserPermission() {
  const permission = useSyncExternalStore(subscribe, browserPermission);
  const ask = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    await Notification.requestPermission();
    for (const listener of listeners) listener();
  }, []);
  return { permission, ask };
}
