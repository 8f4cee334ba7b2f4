import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiTokens, auditLog } from '@cartera/db/schema';
import type { AuditAction } from '@cartera/domain/admin';
import { useDemoApp } from '../../testing/demo-app';
import { trpcCall } from '../../testing/http-client';
import { ADMIN, COMERCIAL, SELLER } from '../../testing/demo-users';

/*
 * The audit log of issue #30 S5: each security change writes its entry in its own transaction,
 * with who (the real person behind an impersonated session), what (target and the non-secret
 * fields before and after) and from where (address and user agent); no secret value is ever in
 * an entry or in the audit list's answer.
 */
// The proxy header names the caller's address, as behind the production proxy.
const env = useDemoApp({ JOBS_ENABLED: 'false', TRUSTED_PROXIES: '127.0.0.1' });

const FROM = '198.51.100.23';

/** Every secret value the tests hand to the server; none may reach the audit log. */
const secrets: string[] = [];

beforeAll(async () => {
  // Signed in before the password policy changes: a later sign-in would owe a change.
  for (const email of [ADMIN, COMERCIAL, SELLER]) await env.tokenOf(email);
});

/** A call as a demo user from FROM. */
async function callFrom<T = unknown>(email: string, path: string, input?: unknown) {
  const result = await trpcCall<T>(env.app.url, path, input, {
    token: await env.tokenOf(email),
    ip: FROM,
  });
  expect(result.error, path).toBeUndefined();
  return result.data as T;
}

async function entriesOf(action: AuditAction, targetId: string) {
  return env.database.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.id);
}

const userId = (email: string) => env.demo.users[email]!.id;

describe('historial de cambios de seguridad e integraciones', () => {
  it('las reglas de contraseña: quién, qué cambió y desde dónde', async () => {
    const tenantId = env.demo.demo.id;
    await callFrom(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 10,
      passwordMaxAgeDays: 0,
    });
    const [entry] = await entriesOf('security.rules', tenantId);
    expect(entry).toMatchObject({
      tenantId,
      actorUserId: userId(COMERCIAL),
      onBehalfOfUserId: null,
      targetType: 'company',
      groupId: tenantId,
      before: { passwordMinLength: 6 },
      after: { passwordMinLength: 10 },
      ip: FROM,
    });
    expect(entry!.userAgent).toBeTruthy();
    // Saving the same rules again changes nothing and records nothing.
    await callFrom(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 10,
      passwordMaxAgeDays: 0,
    });
    expect(await entriesOf('security.rules', tenantId)).toHaveLength(1);
    await callFrom(COMERCIAL, 'security.updateRules', {
      passwordMinLength: 6,
      passwordMaxAgeDays: 0,
    });
  });

  it('el sistema externo: alta, cambio de token y desconexión, sin el token', async () => {
    const tenantId = env.demo.demo.id;
    const token = 'token-externo-muy-secreto-1';
    const replacement = 'token-externo-muy-secreto-2';
    secrets.push(token, replacement);
    const system = {
      name: 'Padrón',
      validateUrl: 'https://padron.example.com/validate',
      createUrl: 'https://padron.example.com/contacts',
      updateUrl: 'https://padron.example.com/contacts',
    };
    await callFrom(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: { ...system, token },
    });
    await callFrom(COMERCIAL, 'security.updateExternalIntegrations', {
      externalSystem: { ...system, name: 'Padrón Nacional', token: replacement },
    });
    await callFrom(COMERCIAL, 'security.updateExternalIntegrations', { externalSystem: null });

    const updates = await entriesOf('externalSystem.update', tenantId);
    expect(updates.map((entry) => [entry.before, entry.after])).toEqual([
      [
        null,
        {
          name: 'Padrón',
          validateUrl: system.validateUrl,
          createUrl: system.createUrl,
          updateUrl: system.updateUrl,
          statsUrl: '',
          tokenSet: true,
          tokenReplaced: true,
        },
      ],
      [{ name: 'Padrón' }, { name: 'Padrón Nacional', tokenReplaced: true }],
    ]);
    const [disconnect] = await entriesOf('externalSystem.disconnect', tenantId);
    expect(disconnect).toMatchObject({
      actorUserId: userId(COMERCIAL),
      targetType: 'company',
      before: { name: 'Padrón Nacional', tokenSet: true },
      after: null,
      ip: FROM,
    });
  });

  it('los canales: alta, cambio y baja con los nombres de las credenciales, nunca sus valores', async () => {
    const values = {
      accessToken: 'EAAG-token-de-acceso-secreto',
      appSecret: 'app-secret-muy-secreto',
      verifyToken: 'verificacion-secreta',
    };
    const newAccessToken = 'EAAG-token-de-acceso-nuevo-secreto';
    secrets.push(...Object.values(values), newAccessToken);
    const channel = await callFrom<{ id: string }>(COMERCIAL, 'channel.create', {
      type: 'whatsapp_business',
      name: 'WhatsApp Auditoría',
      config: { phoneNumberId: '100200300', wabaId: '400500600' },
      secrets: values,
    });
    await callFrom(COMERCIAL, 'channel.update', {
      id: channel.id,
      values: { name: 'WhatsApp Ventas Auditoría', secrets: { accessToken: newAccessToken } },
    });
    await callFrom(COMERCIAL, 'channel.remove', { id: channel.id });

    const [created] = await entriesOf('channel.create', channel.id);
    expect(created).toMatchObject({
      tenantId: env.demo.demo.id,
      actorUserId: userId(COMERCIAL),
      targetType: 'channel',
      groupId: env.demo.demo.id,
      before: null,
      after: {
        name: 'WhatsApp Auditoría',
        type: 'whatsapp_business',
        phoneNumberId: '100200300',
        secrets: ['accessToken', 'appSecret', 'verifyToken'],
      },
      ip: FROM,
    });
    const [updated] = await entriesOf('channel.update', channel.id);
    expect(updated).toMatchObject({
      before: { name: 'WhatsApp Auditoría' },
      after: { name: 'WhatsApp Ventas Auditoría', secretsChanged: ['accessToken'] },
      ip: FROM,
    });
    const [removed] = await entriesOf('channel.remove', channel.id);
    expect(removed).toMatchObject({
      before: {
        name: 'WhatsApp Ventas Auditoría',
        secrets: ['accessToken', 'appSecret', 'verifyToken'],
      },
      after: null,
      ip: FROM,
    });
  });

  it('los tokens de API: alta y revocación con nombre y permisos, nunca el token', async () => {
    const created = await callFrom<{ id: string; token: string }>(SELLER, 'apiToken.create', {
      name: 'Integración auditada',
      scope: 'write',
    });
    secrets.push(created.token);
    const [row] = await env.database.handle.db
      .select({ tokenHash: apiTokens.tokenHash })
      .from(apiTokens)
      .where(eq(apiTokens.id, created.id));
    secrets.push(row!.tokenHash);
    await callFrom(SELLER, 'apiToken.revoke', { id: created.id });
    const seller = env.demo.users[SELLER]!;
    const [create] = await entriesOf('apiToken.create', created.id);
    expect(create).toMatchObject({
      tenantId: seller.tenantId,
      actorUserId: seller.id,
      targetType: 'apiToken',
      groupId: seller.groupId,
      before: null,
      after: { name: 'Integración auditada', scope: 'write' },
      ip: FROM,
    });
    const [revoke] = await entriesOf('apiToken.revoke', created.id);
    expect(revoke).toMatchObject({
      actorUserId: seller.id,
      before: { name: 'Integración auditada', scope: 'write' },
      after: null,
      ip: FROM,
    });
  });

  it('los cambios de cuenta: el administrador que usa otra cuenta es quien figura en lo que hace con ella', async () => {
    const admin = env.demo.users[ADMIN]!;
    const comercial = env.demo.users[COMERCIAL]!;
    const tenantId = env.demo.demo.id;
    const adminToken = await env.tokenOf(ADMIN);
    const switched = await trpcCall(
      env.app.url,
      'account.switchTo',
      { tenantId, userId: comercial.id },
      { token: adminToken, ip: FROM },
    );
    expect(switched.status).toBe(200);
    // Acting as the comercial, the admin changes the password policy.
    const changed = await trpcCall(
      env.app.url,
      'security.updateRules',
      { passwordMinLength: 8, passwordMaxAgeDays: 0 },
      { token: adminToken, ip: FROM },
    );
    expect(changed.status).toBe(200);
    const back = await trpcCall(env.app.url, 'account.returnToAdmin', undefined, {
      token: adminToken,
      ip: FROM,
    });
    expect(back.status).toBe(200);
    await callFrom(ADMIN, 'security.updateRules', { passwordMinLength: 6, passwordMaxAgeDays: 0 });

    const [switchEntry] = await entriesOf('account.switch', comercial.id);
    expect(switchEntry).toMatchObject({
      tenantId,
      actorUserId: admin.id,
      onBehalfOfUserId: null,
      targetType: 'user',
      groupId: comercial.groupId,
      before: { email: ADMIN },
      after: { email: COMERCIAL },
      ip: FROM,
    });
    const rules = await entriesOf('security.rules', tenantId);
    expect(
      rules.find(
        (entry) => (entry.after as { passwordMinLength?: number }).passwordMinLength === 8,
      ),
    ).toMatchObject({ actorUserId: admin.id, onBehalfOfUserId: comercial.id, ip: FROM });
    const [returnEntry] = await entriesOf('account.return', comercial.id);
    expect(returnEntry).toMatchObject({
      actorUserId: admin.id,
      onBehalfOfUserId: comercial.id,
      before: { email: COMERCIAL },
      after: { email: ADMIN },
      ip: FROM,
    });

    // Linked accounts: the same person moving to another of their accounts.
    const linked = env.demo.users['carla.sur@demo.test']!;
    const comercialToken = await env.tokenOf(COMERCIAL);
    const moved = await trpcCall(
      env.app.url,
      'account.switchLinked',
      { tenantId: linked.tenantId, userId: linked.id },
      { token: comercialToken, ip: FROM },
    );
    expect(moved.status).toBe(200);
    const [linkedEntry] = await entriesOf('account.switchLinked', linked.id);
    expect(linkedEntry).toMatchObject({
      actorUserId: comercial.id,
      groupId: linked.groupId,
      before: { email: COMERCIAL },
      after: { email: 'carla.sur@demo.test' },
      ip: FROM,
    });
    const movedBack = await trpcCall(
      env.app.url,
      'account.switchLinked',
      { tenantId: comercial.tenantId, userId: comercial.id },
      { token: comercialToken },
    );
    expect(movedBack.status).toBe(200);
    // The REST path opens a session of its own: its token is no entry's business.
    const rest = await fetch(
      `${env.app.url}/api/admin/changeaccount/${userId(SELLER)}?tenantId=${tenantId}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'x-forwarded-for': FROM },
      },
    );
    expect(rest.status).toBe(200);
    secrets.push(((await rest.json()) as { token: string }).token);
    const [sessionEntry] = await entriesOf('account.session', userId(SELLER));
    expect(sessionEntry).toMatchObject({ actorUserId: admin.id, ip: FROM });
  });

  it("'Administración' muestra las entradas con su origen, y ningún secreto aparece en el historial", async () => {
    const page = await env.call(ADMIN, 'admin.audit', { groupId: env.demo.demo.id });
    expect(page.status).toBe(200);
    const actions = page.data.entries.map((entry) => entry.action);
    for (const action of [
      'security.rules',
      'externalSystem.update',
      'externalSystem.disconnect',
      'channel.create',
      'channel.update',
      'channel.remove',
    ] as const) {
      expect(actions, action).toContain(action);
    }
    const channelEntry = page.data.entries.find((entry) => entry.action === 'channel.create')!;
    expect(channelEntry.targetType).toBe('channel');
    expect(channelEntry.actor.name).toBeTruthy();
    expect(channelEntry.from.ip).toBe(FROM);
    expect(channelEntry.from.userAgent).toBeTruthy();
    const sellerGroup = env.demo.users[SELLER]!.groupId;
    const sellerPage = await env.call(ADMIN, 'admin.audit', { groupId: sellerGroup });
    expect(sellerPage.data.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['apiToken.create', 'apiToken.revoke', 'account.session']),
    );

    expect(secrets.length).toBeGreaterThanOrEqual(9);
    const stored = JSON.stringify(await env.database.handle.db.select().from(auditLog));
    const answered = JSON.stringify([page, sellerPage, await env.call(ADMIN, 'admin.audit', {})]);
    for (const secret of secrets) {
      expect(stored, 'audit_log').not.toContain(secret);
      expect(answered, 'admin.audit').not.toContain(secret);
    }
  });
});
