import { describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { contacts, groups, users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import {
  COMERCIAL,
  USERS_MANAGER as MANAGER,
  PROJECT_MANAGER as PROJECT,
  SELLER,
  OTHER_TENANT as OTHER_SELLER,
} from '../../testing/demo-users';

/*
 * 'Mi Empresa' › 'Resumen' (issue #17) and the legacy GET /company/… paths: the company's own
 * figures and groups for its comercial, user managers and project managers; a seller is refused
 * and another company's data never shows.
 */
const env = useDemoApp();

async function demoFigures() {
  const db = env.database.handle.db;
  const tenant = env.demo.demo.id;
  const count = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0]?.n ?? 0);
  const n = sql<number>`count(*)::int`;
  return {
    activeUsers: await count(
      db
        .select({ n })
        .from(users)
        .where(and(eq(users.tenantId, tenant), eq(users.active, true))),
    ),
    inactiveUsers: await count(
      db
        .select({ n })
        .from(users)
        .where(and(eq(users.tenantId, tenant), eq(users.active, false))),
    ),
    sellers: await count(
      db
        .select({ n })
        .from(users)
        .where(
          and(eq(users.tenantId, tenant), eq(users.active, true), sql`${users.roles}[1] = 'user'`),
        ),
    ),
    contacts: await count(
      db
        .select({ n })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenant), isNull(contacts.parentContactId))),
    ),
    groups: await count(db.select({ n }).from(groups).where(eq(groups.tenantId, tenant))),
  };
}

describe("'Mi Empresa' › 'Resumen'", () => {
  it("a comercial, a user manager and a project manager see their company's figures and groups tree, nothing of another company", async () => {
    const expected = await demoFigures();
    expect(expected.sellers).toBeGreaterThan(0);
    for (const email of [COMERCIAL, MANAGER, PROJECT]) {
      const overview = await env.call(email, 'admin.overview');
      expect(overview.error).toBeUndefined();
      expect(overview.data).toMatchObject(expected);
      const tree = overview.data.tree;
      expect(tree.map((group) => group.name)).toEqual([
        'Demo Uruguay',
        'Equipo Norte',
        'Equipo Sur',
      ]);
      expect(tree[0]).toMatchObject({ id: env.demo.demo.id, parentId: null });
      const north = tree.find((group) => group.id === env.demo.north.id)!;
      expect(north.parentId).toBe(env.demo.demo.id);
      // Sergio, Valentín and Julia work in Equipo Norte.
      expect(north.users).toBe(3);
      expect(tree.some((group) => group.id === env.demo.other.id)).toBe(false);
      expect(JSON.stringify(overview.data)).not.toContain('Otra Empresa');
    }
  });

  it('a seller is refused, in tRPC and REST', async () => {
    expect((await env.call(SELLER, 'admin.overview')).error?.data.domainCode).toBe(
      'PERMISSION_DENIED',
    );
    for (const path of ['settings', 'overall', 'getusergroup', 'groups']) {
      expect((await env.rest(SELLER, 'GET', `/api/company/${path}`)).status, path).toBe(403);
      expect((await env.rest(OTHER_SELLER, 'GET', `/api/company/${path}`)).status, path).toBe(403);
    }
  });
});

describe('legacy GET /company/…', () => {
  it("answers the caller's company: settings, overall, the caller's group and the groups", async () => {
    const settings = await env.rest<Record<string, unknown>>(
      COMERCIAL,
      'GET',
      '/api/company/settings',
    );
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      id: env.demo.demo.id,
      name: 'Demo Uruguay',
      country: 'uy',
    });
    const flags = settings.body.featureFlags as Record<string, number>;
    expect(Object.values(flags).every((value) => value === 0 || value === 1)).toBe(true);
    expect(flags).toMatchObject({ inbox: 1, campaigns: 1, pressToCall: 0 });

    const overall = await env.rest(PROJECT, 'GET', '/api/company/overall');
    expect(overall).toEqual({ status: 200, body: await demoFigures() });

    const own = await env.rest<{ group: { id: string }; ancestors: Array<{ id: string }> }>(
      MANAGER,
      'GET',
      '/api/company/getusergroup',
    );
    expect(own.status).toBe(200);
    expect(own.body.group.id).toBe(env.demo.demo.id);
    expect(own.body.ancestors).toEqual([]);

    const listed = await env.rest<Array<{ id: string; name: string }>>(
      COMERCIAL,
      'GET',
      '/api/company/groups',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.map((group) => group.name)).toEqual([
      'Demo Uruguay',
      'Equipo Norte',
      'Equipo Sur',
    ]);
    for (const answer of [settings, overall, own, listed]) {
      expect(JSON.stringify(answer.body)).not.toContain(env.demo.other.id);
      expect(JSON.stringify(answer.body)).not.toContain('Otra Empresa');
    }
  });
});
