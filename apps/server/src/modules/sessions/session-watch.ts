import type { Executor } from '@cartera/db/client';
import { sessionCacheOf, AUTH_RECHECK_WHILE_DEAF_MS } from './session-cache';
import { resolveCredential } from './api-token.service';
import type { AuthSession, AuthUser } from './session.types';

/** What a long-lived connection learns when its session is re-checked. */
export type SessionCheck =
  | { kind: 'ended' }
  /** Same user and tenant, something that decides access changed (roles, group, flags, jail). */
  | { kind: 'changed'; session: AuthSession };

/** The parts of a user that decide what they may do and see. */
function accessOf(user: AuthUser) {
  return JSON.stringify([
    user.roles,
    user.groupPath,
    user.jailUrl,
    user.featureFlags,
    user.forcePasswordChange,
    user.requirePasswordChangeByPolicy,
    user.userType,
  ]);
}

/**
 * Re-checks an open connection's session whenever sessions may have changed (a write to users,
 * groups or sessions here, an announcement from another instance, or every second while
 * announcements cannot be heard) and tells `onCheck` when it ended (logout, password change,
 * deactivation, expiry, account switch) or when the user's access changed. Returns the undo.
 */
export function watchSession(
  db: Executor,
  token: string,
  session: AuthSession,
  onCheck: (check: SessionCheck) => void,
): () => void {
  let current = session;
  let checking = false;
  let again = false;
  let stopped = false;
  const check = async () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      do {
        again = false;
        const next = await resolveCredential(db, token).catch(() => current);
        if (stopped) return;
        if (
          !next ||
          next.user.id !== current.user.id ||
          next.user.tenantId !== current.user.tenantId
        ) {
          stopped = true;
          onCheck({ kind: 'ended' });
          return;
        }
        if (accessOf(next.user) !== accessOf(current.user)) {
          current = next;
          onCheck({ kind: 'changed', session: next });
        }
      } while (again && !stopped);
    } finally {
      checking = false;
    }
  };
  const concerns = (tenantId: string | null) =>
    tenantId === null || tenantId === current.user.tenantId || tenantId === current.realTenantId;
  const cache = sessionCacheOf(db);
  const unsubscribe = cache
    ? cache.onChange((tenantId) => {
        if (concerns(tenantId)) void check();
      })
    : (() => {
        const timer = setInterval(() => void check(), AUTH_RECHECK_WHILE_DEAF_MS);
        timer.unref();
        return () => clearInterval(timer);
      })();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
