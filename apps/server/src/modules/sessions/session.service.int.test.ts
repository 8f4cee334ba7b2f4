import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import { sessions, users, type Group, type User } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { countSessions } from './session.repository';
import {
  createSession,
  hashToken,
  purgeExpiredSessions,
  resolveSession,
  revokeSession,
  SESSION_TTL_MS,
} from './session.service';

let database: TestDatabase;
let tenant: Group;
let team: Group;
let seller: User;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database.handle;
  tenant = await createTenant(db, { name: 'Demo' });
  team = await createGroup(db, tenant, { name: 'Norte' });
  seller = await createUser(db, team, { email: 'sesion@demo.test', name: 'Sara' });
});

afterAll(async () => {
  await database?.destroy();
});

describe('sesiones', () => {
  it('guarda solo el hash del token y resuelve el usuario con su grupo', async () => {
    const { db } = database.handle;
    const { token } = await createSession(db, { tenantId: seller.tenantId, userId: seller.id });
    const stored = await db.select().from(sessions).where(eq(sessions.userId, seller.id));
    expect(stored.map((row) => row.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const session = await resolveSession(db, token);
    expect(session?.user).toMatchObject({
      id: seller.id,
      tenantId: tenant.id,
      email: 'sesion@demo.test',
      role: 'user',
      groupPath: [tenant.id, team.id],
    });
  });

  it('no acepta un token desconocido, vencido, revocado ni de un usuario inactivo', async () => {
    const { db } = database.handle;
    expect(await resolveSession(db, 'no-existe')).toBeNull();

    const old = new Date(Date.now() - SESSION_TTL_MS - 1_000);
    const expired = await createSession(db, { tenantId: seller.tenantId, userId: seller.id }, old);
    expect(await resolveSession(db, expired.token)).toBeNull();

    const revoked = await createSession(db, { tenantId: seller.tenantId, userId: seller.id });
    await revokeSession(db, revoked.token);
    expect(await resolveSession(db, revoked.token)).toBeNull();

    const live = await createSession(db, { tenantId: seller.tenantId, userId: seller.id });
    await db.update(users).set({ active: false }).where(eq(users.id, seller.id));
    expect(await resolveSession(db, live.token)).toBeNull();
    await db.update(users).set({ active: true }).where(eq(users.id, seller.id));
    expect(await resolveSession(db, live.token)).not.toBeNull();
  });

  it('la limpieza borra solo las sesiones vencidas', async () => {
    const { db } = database.handle;
    const before = await countSessions(db);
    const old = new Date(Date.now() - SESSION_TTL_MS - 1_000);
    await createSession(db, { tenantId: seller.tenantId, userId: seller.id }, old);
    const live = await createSession(db, { tenantId: seller.tenantId, userId: seller.id });
    const purged = await purgeExpiredSessions(db);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await resolveSession(db, live.token)).not.toBeNull();
    expect(await countSessions(db)).toBe(before + 2 - purged);
  });
});
