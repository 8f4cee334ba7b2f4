import type { Database, DatabaseHandle, Executor } from '@cartera/db/client';
import type { Logger } from '../../logger';
import { keepListening } from '../../realtime/kept-listen';
import type { AuthSession } from './session.types';

/** Where the database announces changes to what a session resolves to (migration 0009). */
export const AUTH_CHANNEL = 'cartera_auth';
/** An entry is trusted this long at most, whatever the announcements (a safety net). */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** The tables a resolved session is read from. */
const AUTH_TABLES = new Set(['users', 'groups', 'sessions', 'api_tokens']);
/**
 * Writes that change no resolved session: new rows (a session is resolved from rows that
 * exist), and the once-a-minute record of a session's last use.
 */
const HARMLESS_WRITE =
  /^\s*(?:insert\b|update\s+"?(?:sessions|api_tokens)"?\s+set\s+"?(?:last_seen_at|last_used_at)"?\s*=\s*\$1\s+where)/i;

interface Entry {
  session: AuthSession;
  lastSeenAt: Date;
  /** Epoch ms after which the entry is read again from the database. */
  until: number;
}

/**
 * Resolved sessions of one server instance, so a call costs no session query. An entry is
 * dropped as soon as what it was read from may have changed:
 * - a write to users, groups or sessions sent through this instance's database handle drops
 *   every entry before the statement runs (synchronous: the next call of this process reads the
 *   database again), and nothing is cached again until an announcement says it committed (a
 *   request served beside the write's open transaction reads the rows from before it);
 * - a committed change made anywhere (another instance, a job, psql) is announced by triggers on
 *   'cartera_auth' with its tenant, and the tenant's entries are dropped;
 * - while the listening connection is down nothing is cached (announcements could be missed);
 * - and an entry lives SESSION_CACHE_TTL_MS at most, and never past its session's expiry.
 */
/** Told of every drop: a tenant's sessions (tenant id), or every session (null). */
export type AuthChangeListener = (tenantId: string | null) => void;

/** While announcements cannot be heard, watchers re-check this often instead. */
export const AUTH_RECHECK_WHILE_DEAF_MS = 1_000;
/**
 * After this instance writes an auth table, nothing is cached until an announcement comes (the
 * write's commit), this long at most: a read running beside the uncommitted write sees the old
 * rows, and must not be kept.
 */
export const LOCAL_WRITE_HOLD_MS = 5_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<AuthChangeListener>();
  private deafTimer: NodeJS.Timeout | undefined;
  private listening = false;
  /**
   * Counts the drops: a session read from the database is kept only if nothing was dropped
   * while it was being read (the read may have seen the rows before the change).
   */
  generation = 0;
  /** Epoch ms until which nothing is cached: a local auth write is not yet announced. */
  private heldUntil = 0;

  get(tokenHash: string, now: Date): Entry | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (
      !this.listening ||
      now.getTime() < this.heldUntil ||
      entry.until <= now.getTime() ||
      entry.session.expiresAt.getTime() <= now.getTime()
    ) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Keeps a session read from the database when the generation was `readAt`. */
  put(session: AuthSession, lastSeenAt: Date, now: Date, readAt: number): void {
    if (!this.listening || readAt !== this.generation || now.getTime() < this.heldUntil) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(session.tokenHash, {
      session: deepFreeze(session),
      lastSeenAt,
      until: now.getTime() + SESSION_CACHE_TTL_MS,
    });
  }

  /**
   * This instance is writing users, groups, sessions or tokens: drop everything now, and cache
   * nothing until the write is announced (committed). A session read meanwhile, by a request
   * served beside the write's transaction, holds the rows from before it.
   */
  localWrite(now = Date.now()): void {
    this.heldUntil = now + LOCAL_WRITE_HOLD_MS;
    this.clear();
  }

  forgetTenant(tenantId: string): void {
    // An announcement follows a commit: whatever was written here before it is now readable.
    this.heldUntil = 0;
    this.generation += 1;
    for (const [tokenHash, { session }] of this.entries) {
      if (session.user.tenantId === tenantId || session.realTenantId === tenantId) {
        this.entries.delete(tokenHash);
      }
    }
    this.tell(tenantId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.tell(null);
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    clearInterval(this.deafTimer);
    this.deafTimer = undefined;
    // Without announcements a change made elsewhere goes unheard: watchers re-check on a timer.
    if (!listening && this.listeners.size > 0) {
      this.deafTimer = setInterval(() => this.tell(null), AUTH_RECHECK_WHILE_DEAF_MS);
      this.deafTimer.unref();
    }
    this.clear();
  }

  /** Calls `listener` on every drop (open websockets re-check their session); returns the undo. */
  onChange(listener: AuthChangeListener): () => void {
    this.listeners.add(listener);
    if (!this.listening && !this.deafTimer) this.setListening(false);
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        clearInterval(this.deafTimer);
        this.deafTimer = undefined;
      }
    };
  }

  private tell(tenantId: string | null): void {
    for (const listener of this.listeners) listener(tenantId);
  }

  /** Ends the re-check timer for good (the instance stops). */
  stop(): void {
    this.listeners.clear();
    clearInterval(this.deafTimer);
    this.deafTimer = undefined;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One session object serves many calls: none of them may change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const each of Object.values(value)) deepFreeze(each);
  }
  return value;
}

const caches = new WeakMap<Executor, SessionCache>();

/** The session cache of the instance serving on this database handle, if one runs. */
export function sessionCacheOf(db: Executor): SessionCache | undefined {
  return caches.get(db);
}

/** Starts the instance's session cache; the result stops it. */
export async function startSessionCache(
  database: DatabaseHandle,
  logger: Logger,
): Promise<() => Promise<void>> {
  const cache = new SessionCache();
  const stopWatching = database.onWrite((table, statement) => {
    if (AUTH_TABLES.has(table) && !HARMLESS_WRITE.test(statement)) cache.localWrite();
  });
  const stopListening = await keepListening(
    database,
    AUTH_CHANNEL,
    (tenantId) => cache.forgetTenant(tenantId),
    {
      logger,
      label: 'sessions',
      onLost: () => cache.setListening(false),
      onBack: () => cache.setListening(true),
    },
  );
  cache.setListening(true);
  caches.set(database.db satisfies Database, cache);
  return async () => {
    caches.delete(database.db);
    stopWatching();
    cache.setListening(false);
    cache.stop();
    await stopListening();
  };
}
