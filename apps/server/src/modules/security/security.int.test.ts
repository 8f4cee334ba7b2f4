import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { groups, users } from '@cartera/db/schema';
import { es, format } from '@cartera/domain/i18n';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, trpcCall } from '../../testing/http-client';
import {
  startFakeExternalContacts,
  type FakeExternalContacts,
} from '../../testing/fake-external-contacts';
import {
  COMERCIAL,
  ADMIN,
  SELLER,
  PROJECT_MANAGER,
  USERS_MANAGER,
  OTHER_TENANT as OTHER_SELLER,
} from '../../testing/demo-users';

// The fake external system listens on 127.0.0.1, which the operator lists as exempt from the
// outbound guard (OUTBOUND_ALLOWED_HOSTS), as for the contact sheet's tests; 'localhost' (the
// same loopback, not listed) and private addresses stay refused.
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let external: FakeExternalContacts;

const text = es.security;

beforeAll(async () => {
  external = await startFakeExternalContacts('token-secreto-del-padron');
  // Signed in before any policy changes: a sign-in under a stricter policy would owe a change.
  for (const email of [COMERCIAL, ADMIN, SELLER, PROJECT_MANAGER, USERS_MANAGER, OTHER_SELLER]) {
    await env.tokenOf(email);
  }
});
afterAll(async () => {
  await external?.stop();
});

async function resetRules() {
  const reset = await env.call(COMERCIAL, 'security.updateRules', {
    passwordMinLength: 6,
    passwordMaxAgeDays: 0,
  });
  expect(reset.error).toBeUndefined();
}

describe("security rules of 'Mi Empresa' (01 §7 securityrule)", () => {
  it('start at the product policy; a comercial makes them stricter, never looser, with Spanish errors', async () => {
    expect((await env.call(COMERCIAL, 'security.rules')).data).toEqual({
      passwordMinLength: 6,
      passwordMaxAgeDays: 0,
    });

    const looser = await env.call(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 4,
      passwordMaxAgeDays: -1,
    });
    expect(looser.status).toBe(400);
    expect(looser.error?.data.fieldErrors).toEqual({
      passwordMinLength: [format(text.rules.minLengthInvalid, { min: 6, max: 64 })],
      passwordMaxAgeDays: [format(text.rules.maxAgeInvalid, { max: 3650 })],
    });
    expect((await env.call(COMERCIAL, 'security.rules')).data?.passwordMinLength).toBe(6);

    const stricter = await env.call(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 10,
      passwordMaxAgeDays: 90,
    });
    expect(stricter.data).toEqual({ passwordMinLength: 10, passwordMaxAgeDays: 90 });
    expect((await env.call(ADMIN, 'security.rules')).data).toEqual(stricter.data);
    // Every user's change-password checklist learns the minimum from auth.me.
    expect((await env.call(SELLER, 'auth.me')).data?.settings.passwordMinLength).toBe(10);
    // Another company keeps the product's policy.
    expect((await env.groupConfigs(env.demo.other.id)).security).toBeUndefined();
    expect((await env.call(OTHER_SELLER, 'auth.me')).data?.settings.passwordMinLength).toBe(6);
    await resetRules();
  });

  it('are refused to sellers, project and user managers', async () => {
    for (const email of [SELLER, PROJECT_MANAGER, USERS_MANAGER]) {
      const read = await env.call(email, 'security.rules');
      expect(read.error?.data.domainCode, email).toBe('PERMISSION_DENIED');
      const write = await env.call(email, 'security.updateRules', {
        passwordMinLength: 20,
        passwordMaxAgeDays: 0,
      });
      expect(write.status, email).toBe(403);
    }
    expect((await env.call(COMERCIAL, 'security.rules')).data?.passwordMinLength).toBe(6);
  });

  it('REST GET/PATCH /group/{id}/securityrule for any group of the company, none of another', async () => {
    const north = env.demo.north.id;
    const read = await env.rest(COMERCIAL, 'GET', `/api/group/${north}/securityrule`);
    expect(read).toEqual({ status: 200, body: { passwordMinLength: 6, passwordMaxAgeDays: 0 } });

    const patched = await env.rest(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.demo.id}/securityrule`,
      {
        passwordMaxAgeDays: 30,
      },
    );
    expect(patched).toEqual({
      status: 200,
      body: { passwordMinLength: 6, passwordMaxAgeDays: 30 },
    });

    const invalid = await env.rest<{ code: string; fieldErrors: Record<string, string[]> }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.demo.id}/securityrule`,
      { passwordMinLength: 65 },
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({
      passwordMinLength: [format(text.rules.minLengthInvalid, { min: 6, max: 64 })],
    });

    const foreign = await env.rest<{ code: string }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.other.id}/securityrule`,
      { passwordMinLength: 30 },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('GROUP_NOT_FOUND');
    expect((await env.groupConfigs(env.demo.other.id)).security).toBeUndefined();

    const seller = await env.rest(SELLER, 'GET', `/api/group/${env.demo.demo.id}/securityrule`);
    expect(seller.status).toBe(403);
    await resetRules();
  });
});

describe('the password policy at sign-in and at the change (issue #17)', () => {
  const EMAIL = 'vendedora@demo.test';
  const userId = () => env.demo.users[EMAIL]!.id;
  async function setChangedAt(date: Date) {
    await env.database.handle.db
      .update(users)
      .set({ passwordChangedAt: date })
      .where(and(eq(users.tenantId, env.demo.demo.id), eq(users.id, userId())));
  }
  async function signIn(password = 'Demo1234') {
    const login = await restLogin(env.app.url, EMAIL, password);
    expect(login.status).toBe(200);
    return login.body.token;
  }
  const me = async (token: string) =>
    (
      await trpcCall<{ user: { mustChangePassword: boolean } }>(env.app.url, 'auth.me', undefined, {
        token,
        method: 'GET',
      })
    ).data!.user.mustChangePassword;

  it('an expired password must be changed before anything else; a fresh one may go on', async () => {
    const day = 24 * 60 * 60 * 1000;
    await env.call(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 6,
      passwordMaxAgeDays: 30,
    });
    try {
      await setChangedAt(new Date(Date.now() - 29 * day));
      expect(await me(await signIn())).toBe(false);

      await setChangedAt(new Date(Date.now() - 31 * day));
      const token = await signIn();
      expect(await me(token)).toBe(true);
      const blocked = await trpcCall(env.app.url, 'contact.list', {}, { token, method: 'GET' });
      expect(blocked.error?.data.domainCode).toBe('PASSWORD_CHANGE_REQUIRED');

      const changed = await trpcCall(
        env.app.url,
        'auth.changePassword',
        { currentPassword: 'Demo1234', newPassword: 'Vencida2026', repeatPassword: 'Vencida2026' },
        { token },
      );
      expect(changed.error).toBeUndefined();
      expect(await me(token)).toBe(false);
      const [row] = await env.database.handle.db
        .select({ changedAt: users.passwordChangedAt })
        .from(users)
        .where(eq(users.id, userId()));
      expect(Date.now() - row!.changedAt.getTime()).toBeLessThan(60_000);
      // Signing in again with the new password: nothing owed.
      expect(await me(await signIn('Vencida2026'))).toBe(false);
    } finally {
      await restorePassword('Vencida2026');
      await resetRules();
    }
  });

  it('a password shorter than the company minimum must be changed, and the new one must reach it', async () => {
    await env.call(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 12,
      passwordMaxAgeDays: 0,
    });
    try {
      const token = await signIn();
      expect(await me(token)).toBe(true);
      const short = await trpcCall(
        env.app.url,
        'auth.changePassword',
        { currentPassword: 'Demo1234', newPassword: 'Corta12345', repeatPassword: 'Corta12345' },
        { token },
      );
      expect(short.error?.data.domainCode).toBe('PASSWORD_INVALID');
      expect(await me(token)).toBe(true);
      const long = await trpcCall(
        env.app.url,
        'auth.changePassword',
        {
          currentPassword: 'Demo1234',
          newPassword: 'LargaSegura2026',
          repeatPassword: 'LargaSegura2026',
        },
        { token },
      );
      expect(long.error).toBeUndefined();
      expect(await me(token)).toBe(false);
      // Another company's users sign in as before.
      const other = await restLogin(env.app.url, OTHER_SELLER);
      expect(await me(other.body.token)).toBe(false);
    } finally {
      await restorePassword('LargaSegura2026');
      await resetRules();
    }
  });

  /** Puts the demo password back (the policy is back to the product's first). */
  async function restorePassword(current: string) {
    await resetRules();
    const login = await restLogin(env.app.url, EMAIL, current);
    if (login.status !== 200) return;
    await trpcCall(
      env.app.url,
      'auth.changePassword',
      { currentPassword: current, newPassword: 'Demo1234', repeatPassword: 'Demo1234' },
      { token: login.body.token },
    );
    await env.database.handle.db
      .update(users)
      .set({ requirePasswordChangeByPolicy: false })
      .where(eq(users.id, userId()));
  }
});

describe("external integrations of 'Mi Empresa' (01 §7 externalintegrations)", () => {
  const SECRET = 'token-secreto-del-padron';
  const system = () => ({ ...external.config('Padrón Nacional'), token: SECRET });

  it('keep the token encrypted at rest, never answer it, and the contact sheet calls the system with it', async () => {
    expect((await env.call(COMERCIAL, 'security.externalIntegrations')).data).toEqual({
      externalSystem: null,
    });
    const saved = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: system(),
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data).toEqual({
      externalSystem: {
        name: 'Padrón Nacional',
        validateUrl: `${external.url}/validate`,
        createUrl: `${external.url}/contacts`,
        updateUrl: `${external.url}/contacts`,
        statsUrl: `${external.url}/stats`,
        tokenSet: true,
      },
    });
    const stored = (await env.groupConfigs(env.demo.demo.id)).contacts as {
      externalSystem: Record<string, string>;
    };
    expect(stored.externalSystem.token).toBeUndefined();
    expect(stored.externalSystem.tokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(await env.groupConfigs(env.demo.demo.id))).not.toContain(SECRET);

    // Saved again without a token: the stored one stays.
    const renamed = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: { ...system(), token: undefined, name: 'Padrón' },
    });
    expect(renamed.data?.externalSystem).toMatchObject({ name: 'Padrón', tokenSet: true });

    // No answer carries it: tRPC, REST, the session, the contact sheet's configuration.
    const answers = [
      JSON.stringify(saved),
      JSON.stringify(renamed),
      JSON.stringify(await env.call(COMERCIAL, 'security.externalIntegrations')),
      JSON.stringify(await env.call(COMERCIAL, 'security.testExternalIntegration', {})),
      JSON.stringify(
        await env.rest(COMERCIAL, 'GET', `/api/group/${env.demo.demo.id}/externalintegrations`),
      ),
      JSON.stringify(await env.call(COMERCIAL, 'auth.me')),
      JSON.stringify(await env.call(SELLER, 'contact.form')),
    ];
    for (const answer of answers) expect(answer).not.toContain(SECRET);

    // The sheet opens the sealed token to call the system.
    const calls = external.requests.length;
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Externa',
      phones: [{ phone: '094 731 258', extensionNumber: '' }],
    });
    expect(created.error).toBeUndefined();
    expect(external.created.has(created.data!.id)).toBe(true);
    expect(
      external.requests
        .slice(calls)
        .every((request) => request.authorization === `Bearer ${SECRET}`),
    ).toBe(true);

    const removed = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: null,
    });
    expect(removed.data).toEqual({ externalSystem: null });
    expect(
      ((await env.groupConfigs(env.demo.demo.id)).contacts as Record<string, unknown>)
        .externalSystem,
    ).toBeUndefined();
  });

  it("'Probar conexión' reports success, a refused token and the guard's refusals in Spanish", async () => {
    const ok = await env.call(COMERCIAL, 'security.testExternalIntegration', {
      externalSystem: system(),
    });
    expect(ok.data).toMatchObject({ outcome: 'ok', status: 200 });
    expect(ok.data?.message).toBe(
      format(text.external.outcomes.ok, { name: 'Padrón Nacional', ms: ok.data!.durationMs }),
    );
    const probe = external.requests.at(-1)!;
    expect(probe).toMatchObject({ method: 'POST', path: '/validate' });
    expect(external.created.size).toBe(1); // only the contact of the test above

    const wrongToken = await env.call(COMERCIAL, 'security.testExternalIntegration', {
      externalSystem: { ...system(), token: 'otro' },
    });
    expect(wrongToken.data).toMatchObject({
      outcome: 'unauthorized',
      status: 401,
      message: format(text.external.outcomes.unauthorized, { status: 401 }),
    });

    // 'localhost' is the same loopback, not allowed by the operator: refused when called.
    const calls = external.requests.length;
    const local = (url: string) => url.replace('127.0.0.1', 'localhost');
    const loopback = await env.call(COMERCIAL, 'security.testExternalIntegration', {
      externalSystem: {
        ...system(),
        validateUrl: local(system().validateUrl),
        createUrl: local(system().createUrl),
        updateUrl: local(system().updateUrl),
      },
    });
    expect(loopback.data).toMatchObject({
      outcome: 'notAllowed',
      message: text.external.outcomes.notAllowed,
    });
    expect(external.requests.length).toBe(calls);

    const unreachable = await env.call(COMERCIAL, 'security.testExternalIntegration', {
      externalSystem: { ...system(), validateUrl: 'http://127.0.0.1:1/validate' },
    });
    expect(unreachable.data?.outcome).toBe('unreachable');

    const notFound = await env.call(COMERCIAL, 'security.testExternalIntegration', {
      externalSystem: { ...system(), validateUrl: `${external.url}/otra-cosa` },
    });
    expect(notFound.data).toMatchObject({ outcome: 'httpError', status: 404 });

    // Nothing saved: there is no system to test.
    const none = await env.call(COMERCIAL, 'security.testExternalIntegration', {});
    expect(none.error?.data.domainCode).toBe('DISABLED_FEATURE');
  });

  it('refuse private, link-local and unlisted loopback addresses and bad input with Spanish field errors', async () => {
    const privateUrls = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: {
        ...system(),
        validateUrl: 'http://10.0.0.5/validate',
        createUrl: 'http://169.254.169.254/latest/meta-data',
        updateUrl: 'http://127.0.0.2:8080/contacts',
      },
    });
    expect(privateUrls.status).toBe(400);
    expect(privateUrls.error?.data.fieldErrors).toEqual({
      'externalSystem.validateUrl': [text.external.outcomes.notAllowed],
      'externalSystem.createUrl': [text.external.outcomes.notAllowed],
      'externalSystem.updateUrl': [text.external.outcomes.notAllowed],
    });

    const invalid = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: { name: ' ', validateUrl: 'ftp://padron', createUrl: '', updateUrl: 'x' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.error?.data.fieldErrors).toEqual({
      'externalSystem.name': [text.external.nameRequired],
      'externalSystem.validateUrl': [text.external.urlInvalid],
      'externalSystem.createUrl': [text.external.urlRequired],
      'externalSystem.updateUrl': [text.external.urlInvalid],
    });

    const withoutToken = await env.call(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: { ...system(), token: undefined },
    });
    expect(withoutToken.error?.data.fieldErrors).toEqual({
      'externalSystem.token': [text.external.tokenRequired],
    });
    expect(
      ((await env.groupConfigs(env.demo.demo.id)).contacts as Record<string, unknown>)
        .externalSystem,
    ).toBeUndefined();
  });

  it('are refused to a seller and never reach another company', async () => {
    const seller = await env.call(SELLER, 'security.updateExternalIntegrations', {
      externalSystem: system(),
    });
    expect(seller.status).toBe(403);
    expect((await env.call(SELLER, 'security.testExternalIntegration', {})).status).toBe(403);
    expect(
      (await env.rest(SELLER, 'GET', `/api/group/${env.demo.demo.id}/externalintegrations`)).status,
    ).toBe(403);

    const before = await env.groupConfigs(env.demo.other.id);
    const foreign = await env.rest<{ code: string }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.other.id}/externalintegrations`,
      { externalSystem: system() },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('GROUP_NOT_FOUND');

    const saved = await env.rest<{ externalSystem: Record<string, unknown> }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.demo.id}/externalintegrations`,
      { externalSystem: system() },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.externalSystem).toMatchObject({ name: 'Padrón Nacional', tokenSet: true });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(before);
    expect((await env.call(OTHER_SELLER, 'contact.form')).data?.externalSystem).toBeNull();

    await env.rest(COMERCIAL, 'PATCH', `/api/group/${env.demo.demo.id}/externalintegrations`, {
      externalSystem: null,
    });
  });
});

describe('REST under /group/{id}: origins, archivingReasons, sharedinbox', () => {
  it('read and save over the services of Mi Empresa, within the company only', async () => {
    const demo = env.demo.demo.id;
    const origins = await env.rest<Array<{ id: string; code: string; name: string }>>(
      COMERCIAL,
      'GET',
      `/api/group/${demo}/origins`,
    );
    expect(origins.status).toBe(200);
    const added = await env.rest<Array<{ id: string; code: string; name: string }>>(
      COMERCIAL,
      'PATCH',
      `/api/group/${demo}/origins`,
      { code: 'feria-rest', name: 'Feria' },
    );
    expect(added.status).toBe(200);
    const feria = added.body.find((origin) => origin.code === 'feria-rest')!;
    expect(feria).toMatchObject({ name: 'Feria' });
    const renamed = await env.rest<Array<{ id: string; code: string; name: string }>>(
      COMERCIAL,
      'PATCH',
      `/api/group/${demo}/origins`,
      { id: feria.id, code: 'feria-rest', name: 'Feria anual' },
    );
    expect(renamed.body.find((origin) => origin.id === feria.id)?.name).toBe('Feria anual');
    expect(renamed.body).toHaveLength(origins.body.length + 1);
    const taken = await env.rest<{ code: string }>(
      COMERCIAL,
      'PATCH',
      `/api/group/${demo}/origins`,
      {
        code: 'feria-rest',
        name: 'Otra feria',
      },
    );
    expect(taken.body.code).toBe('ORIGIN_CODE_TAKEN');

    const reason = { code: 'rest-sin-interes', name: 'Sin interés', nextAction: 'noAction' };
    const reasons = await env.rest<Array<{ code: string; name: string }>>(
      COMERCIAL,
      'PATCH',
      `/api/group/${demo}/archivingReasons`,
      reason,
    );
    expect(reasons.status).toBe(200);
    expect(reasons.body.find((each) => each.code === reason.code)?.name).toBe('Sin interés');
    const changed = await env.rest<Array<{ code: string; name: string; active: boolean }>>(
      COMERCIAL,
      'PATCH',
      `/api/group/${demo}/archivingReasons`,
      { ...reason, name: 'Sin interés real', active: false },
    );
    expect(changed.body.filter((each) => each.code === reason.code)).toEqual([
      expect.objectContaining({ name: 'Sin interés real', active: false }),
    ]);
    const read = await env.rest<Array<{ code: string }>>(
      COMERCIAL,
      'GET',
      `/api/group/${demo}/archivingReasons`,
    );
    expect(read.body).toEqual(changed.body);

    const inboxes = await env.rest<Array<{ id: string }>>(
      COMERCIAL,
      'GET',
      `/api/group/${demo}/sharedinbox`,
    );
    expect(inboxes.status).toBe(200);
    // The same inboxes as the management screen's, dates as JSON text.
    expect(inboxes.body).toEqual(
      JSON.parse(JSON.stringify((await env.call(COMERCIAL, 'sharedInbox.list')).data)),
    );
    expect(inboxes.body.length).toBeGreaterThan(0);

    // A seller, and another company's group, get nothing.
    for (const path of ['origins', 'archivingReasons', 'sharedinbox']) {
      expect((await env.rest(SELLER, 'GET', `/api/group/${demo}/${path}`)).status, path).toBe(403);
      const foreign = await env.rest<{ code: string }>(
        COMERCIAL,
        'GET',
        `/api/group/${env.demo.other.id}/${path}`,
      );
      expect(foreign.status, path).toBe(404);
    }
    const foreignWrite = await env.rest(
      COMERCIAL,
      'PATCH',
      `/api/group/${env.demo.other.id}/origins`,
      {
        code: 'intrusa',
        name: 'Intrusa',
      },
    );
    expect(foreignWrite.status).toBe(404);
    expect(JSON.stringify(await env.call(OTHER_SELLER, 'catalog.origins'))).not.toContain(
      'intrusa',
    );
  });
});

describe("no /group/{id} path reaches another company's group", () => {
  it('every documented /api/group/{id}/… route, as admin and comercial, changes nothing of Otra Empresa', async () => {
    const docs = (await (await fetch(`${env.app.url}/api/docs`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/group/{id}'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ path, method })));
    expect(routes.map(({ path, method }) => `${method.toUpperCase()} ${path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/group/{id}/securityrule',
        'PATCH /api/group/{id}/securityrule',
        'GET /api/group/{id}/externalintegrations',
        'PATCH /api/group/{id}/externalintegrations',
        'GET /api/group/{id}/origins',
        'PATCH /api/group/{id}/origins',
        'GET /api/group/{id}/archivingReasons',
        'PATCH /api/group/{id}/archivingReasons',
        'GET /api/group/{id}/sharedinbox',
      ]),
    );
    const otherGroup = async () =>
      (
        await env.database.handle.db.select().from(groups).where(eq(groups.id, env.demo.other.id))
      )[0];
    const before = await otherGroup();
    const bodies: Record<string, unknown> = {
      securityrule: { passwordMinLength: 30 },
      externalintegrations: { externalSystem: null },
      origins: { code: 'intrusa', name: 'Intrusa' },
      archivingReasons: { code: 'intrusa', name: 'Intrusa' },
      featureflag: { flag: 'inbox', value: 0 },
    };
    for (const email of [ADMIN, COMERCIAL]) {
      for (const { path, method } of routes) {
        const section = path.split('/').at(-1)!;
        const answer = await env.rest(
          email,
          method.toUpperCase(),
          path.replace('{id}', env.demo.other.id),
          method === 'get' ? undefined : (bodies[section] ?? {}),
        );
        const label = `${email} ${method.toUpperCase()} ${path}`;
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
      }
    }
    expect(await otherGroup()).toEqual(before);
  });
});
