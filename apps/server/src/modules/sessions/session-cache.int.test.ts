import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '@cartera/db/client';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import { groups, sessions, users, type Group, type User } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { createLogger } from '../../logger';
import { waitFor } from '../../testing/ws-client';
import { sessionCacheOf, startSessionCache } from './session-cache';
import { touchSession } from './session.repository';
import { createSession, hashToken, resolveSession, revokeSession } from './session.service';

let database: TestDatabase;
/** Another instance on the same database (a second server process, a job runner, psql). */
let elsewhere: DatabaseHandle;
let stopCache: () => Promise<void>;
let tenant: Group;
let team: Group;
let seller: User;
let otherTenantSeller: User;

const logger = createLogger({ logLevel: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  elsewhere = database.connectAgain();
  const { db } = database.handle;
  tenant = await createTenant(db, { name: 'Caché' });
  team = await createGroup(db, tenant, { name: 'Norte' });
  seller = await createUser(db, team, { email: 'cache@demo.test' });
  const otherTenant = await createTenant(db, { name: 'Otra' });
  otherTenantSeller = await createUser(db, otherTenant, { email: 'cache@otra.test' });
  stopCache = await startSessionCache(database.handle, logger);
});

afterAll(async () => {
  await stopCache?.();
  await elsewhere?.close();
  await database?.destroy();
});

const cache = () => sessionCacheOf(database.handle.db)!;
const signIn = async (user: User) =>
  (await createSession(database.handle.db, { tenantId: user.tenantId, userId: user.id })).token;
const resolve = (token: string, now?: Date) => resolveSession(database.handle.db, token, now);
const isCached = (token: string) => cache().get(hashToken(token), new Date()) !== undefined;

describe('the session cache of an instance', () => {
  it('keeps a resolved session; recording its last use changes nothing cached', async () => {
    const token = await signIn(seller);
    const foreign = await signIn(otherTenantSeller);
    const first = await resolve(token);
    await resolve(foreign);
    expect(isCached(token)).toBe(true);
    expect(await resolve(token)).toBe(first);

    // The once-a-minute record of the last use, here and from another instance…
    await touchSession(database.handle.db, hashToken(token), new Date());
    expect(isCached(token)).toBe(true);
    await touchSession(elsewhere.db, hashToken(token), new Date());
    // …then a change of the other company, announced after it (announcements keep commit order).
    await elsewhere.db
      .update(users)
      .set({ name: 'Otro nombre' })
      .where(eq(users.id, otherTenantSeller.id));
    await waitFor(() => !isCached(foreign), 5_000, 'the announcement');
    expect(await resolve(token)).toBe(first);
  });

  it('cannot be changed by the calls it serves', async () => {
    const token = await signIn(seller);
    const session = (await resolve(token))!;
    expect(() => {
      (session.user.roles as string[]).push('admin');
    }).toThrow(TypeError);
    expect((await resolve(token))!.user.roles).toEqual(['user']);
  });

  it('drops everything at once when this instance writes users, groups or sessions', async () => {
    const { db } = database.handle;
    const token = await signIn(seller);
    await resolve(token);
    await db.update(users).set({ active: false }).where(eq(users.id, seller.id));
    expect(await resolve(token)).toBeNull();
    await db.update(users).set({ active: true }).where(eq(users.id, seller.id));
    expect(await resolve(token)).not.toBeNull();

    await db
      .update(groups)
      .set({ featureFlags: { snooze: 1 } })
      .where(eq(groups.id, team.id));
    expect((await resolve(token))!.user.featureFlags).toMatchObject({ snooze: 1 });

    await revokeSession(db, token);
    expect(await resolve(token)).toBeNull();
  });

  it('keeps no session read beside its own uncommitted write (an account switch)', async () => {
    const { db } = database.handle;
    const token = await signIn(seller);
    const before = (await resolve(token))!;
    let readBeside: Awaited<ReturnType<typeof resolve>> = null;
    await db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ userId: otherTenantSeller.id, tenantId: otherTenantSeller.tenantId })
        .where(eq(sessions.tokenHash, hashToken(token)));
      // Another request of this instance, outside the transaction: it sees the old row.
      readBeside = await resolve(token);
    });
    expect(readBeside!.user.id).toBe(before.user.id);
    // Right after the commit, before or after its announcement, the session is the new one.
    expect((await resolve(token))!.user.id).toBe(otherTenantSeller.id);
    // Once the commit is announced, a read is kept again.
    await waitFor(
      () => {
        void resolve(token);
        return isCached(token);
      },
      5_000,
      'caching again after the announcement',
    );
    expect((await resolve(token))!.user.id).toBe(otherTenantSeller.id);
  });

  it("drops a tenant's sessions when another instance changes them, and only that tenant's", async () => {
    const token = await signIn(seller);
    const foreign = await signIn(otherTenantSeller);
    await resolve(token);
    await resolve(foreign);
    await elsewhere.db
      .update(groups)
      .set({ featureFlags: { sharedVisits: 1 } })
      .where(eq(groups.id, team.id));
    await waitFor(() => !isCached(token), 5_000, 'the announcement');
    expect((await resolve(token))!.user.featureFlags).toMatchObject({ sharedVisits: 1 });
    expect(isCached(foreign)).toBe(true);

    // A session ended elsewhere (a logout through another instance) is refused here too.
    await elsewhere.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await waitFor(() => !isCached(token), 5_000, 'the announcement');
    expect(await resolve(token)).toBeNull();
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'caches nothing while its listening connection is down, and again once it is back',
    async () => {
      const token = await signIn(seller);
      await resolve(token);
      await elsewhere.db.execute(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'cartera-listen' and datname = current_database()` as never,
      );
      await waitFor(() => cache().size === 0, 5_000, 'the loss to be noticed');
      await resolve(token);
      expect(isCached(token)).toBe(false);
      await waitFor(
        () => {
          void resolve(token);
          return isCached(token);
        },
        15_000,
        'listening again',
      );
    },
  );
});
