import { useEffect } from 'react';

/** How long after the login page is drawn the app's frame starts downloading, at the latest. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * While the user types their e-mail and password, the app they are about to enter downloads:
 * the shell (menu, header and all of Mantine's styles) and the whole Spanish catalogue. The
 * login page itself carries neither (issue #35 item 2: its first load stays small on mobile
 * data), so signing in no longer waits for them. Started when the browser is idle, online only;
 * a download that fails is simply tried again when the screen needs it.
 */
export function usePrefetchApp() {
  useEffect(() => {
    if (!navigator.onLine) return;
    const start = () => {
      void import('../../shell/app-layout').catch(() => undefined);
      void import('@cartera/domain/i18n').catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(start, IDLE_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);
}
