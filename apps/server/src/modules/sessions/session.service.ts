import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@cartera/db/client';
import type { AuthSession, AuthUser } from './session.types';
import type { FeatureFlags } from '@cartera/domain/policy';
import type { Role } from '@cartera/domain/roles';
import { sessionCacheOf } from './session-cache';
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  mergeFlags,
  findUserWithFlags,
  type NewSessionRow,
  type SessionUserRow,
  touchSession,
} from './session.repository';

/** Sessions last 30 days of inactivity at most; each use within the window keeps them alive. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Recording every request's last use would write on every call; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const SESSION_COOKIE = 'cartera_session';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type CreateSessionInput = Omit<NewSessionRow, 'tokenHash' | 'expiresAt'>;

/** Opens a session and returns the bearer token: the only time it exists in clear. */
export async function createSession(db: Executor, input: CreateSessionInput, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { ...input, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** Resolves a token to its session; unknown, expired or inactive-user tokens resolve to null. */
/** The AuthUser of a credential's user row and the flags of its group path. */
export function authUserOf(
  row: SessionUserRow,
  pathFlags: ReadonlyArray<{ id: string; flags: FeatureFlags }>,
): AuthUser {
  const { groupAncestors, active: _active, ...user } = row;
  const roles = user.roles.length > 0 ? user.roles : (['user'] as Role[]);
  const groupPath = [...groupAncestors, user.groupId];
  const featureFlags = mergeFlags(groupPath, pathFlags);
  return { ...user, roles, role: roles[0]!, groupPath, featureFlags };
}

/**
 * The user a background job acts for (a scheduled message sent in their name), as a session of
 * theirs would see them now; null when they are gone or deactivated.
 */
export async function actingUser(
  db: Executor,
  tenantId: string,
  userId: string,
): Promise<AuthUser | null> {
  const row = await findUserWithFlags(db, tenantId, userId);
  if (!row || !row.user.active) return null;
  return authUserOf(row.user, row.pathFlags);
}

export async function resolveSession(
  db: Executor,
  token: string,
  now = new Date(),
): Promise<AuthSession | null> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(db);
  const cached = cache?.get(tokenHash, now);
  if (cached) {
    if (now.getTime() - cached.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      cached.lastSeenAt = now;
      await touchSession(db, tokenHash, now);
    }
    return cached.session;
  }
  const readAt = cache?.generation ?? 0;
  const row = await findLiveSession(db, tokenHash, now);
  if (!row || !row.user.active) return null;
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    lastSeenAt = now;
    await touchSession(db, tokenHash, now);
  }
  const session: AuthSession = {
    tokenHash,
    realUserId: row.realUserId,
    realTenantId: row.realTenantId,
    expiresAt: row.expiresAt,
    user: authUserOf(row.user, row.pathFlags),
  };
  cache?.put(session, lastSeenAt, now, readAt);
  return session;
}

export async function revokeSession(db: Executor, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

export function purgeExpiredSessions(db: Executor, now = new Date()): Promise<number> {
  return deleteExpiredSessions(db, now);
}

/** Session changes other modules make: switching account, ending the user's other sessions. */
export { deleteOtherSessions, deleteUserSessions, retargetSession } from './session.repository';
