import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createUser, DEMO_PASSWORD } from '@cartera/db/factories';
import { apiTokens, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { trpcCall } from '../../testing/http-client';
import { tokenFor } from '../../testing/test-app';
import { hashToken } from './session.service';
import { SELLER } from '../../testing/demo-users';

/*
 * Personal API tokens (issue #19 §2): made and revoked by a signed-in user, shown once, stored
 * hashed, usable as Bearer within their scope, never as the session cookie, rate-limited.
 */
const RATE_LIMIT = 20;
const env = useDemoApp({ JOBS_ENABLED: 'false', API_TOKEN_RATE_LIMIT: String(RATE_LIMIT) });

async function newToken(scope: 'read' | 'write' | 'admin', email = SELLER) {
  const created = await env.call(email, 'apiToken.create', { name: `Integración ${scope}`, scope });
  expect(created.status).toBe(200);
  return created.data;
}

const asToken = (token: string, path: string, input?: unknown, method: 'GET' | 'POST' = 'GET') =>
  trpcCall(env.app.url, path, input, { token, method });

async function firstContactId(token: string) {
  const list = await asToken(token, 'contact.list', {});
  return (list.data as { items: Array<{ id: string }> }).items[0]!.id;
}

describe('tokens de API', () => {
  it('se muestra una vez, se guarda como hash y la lista no lo devuelve', async () => {
    const created = await newToken('read');
    expect(created.token).toMatch(/^cart_[\w-]{40,}$/);
    const [row] = await env.database.handle.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = await env.call(SELLER, 'apiToken.list');
    expect(list.data.find((each) => each.id === created.id)).toMatchObject({
      name: 'Integración read',
      scope: 'read',
      revokedAt: null,
    });
    expect(JSON.stringify(list.data)).not.toContain(created.token);
  });

  it('solo lectura: consulta por tRPC y REST, no escribe; su último uso queda registrado', async () => {
    const { id, token } = await newToken('read');
    const contactId = await firstContactId(token);
    const rest = await fetch(`${env.app.url}/api/crm/contacts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rest.status).toBe(200);
    const noteId = newId();
    const refused = await asToken(
      token,
      'interaction.createNote',
      { contactId, id: noteId, body: 'No debería guardarse' },
      'POST',
    );
    expect(refused.status).toBe(403);
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const stored = await env.database.handle.db
      .select()
      .from(interactions)
      .where(eq(interactions.id, noteId));
    expect(stored).toEqual([]);
    const [row] = await env.database.handle.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('lectura y escritura: escribe una nota como su usuario', async () => {
    const { token } = await newToken('write');
    const contactId = await firstContactId(token);
    const note = await asToken(
      token,
      'interaction.createNote',
      { contactId, id: newId(), body: 'Nota desde una integración' },
      'POST',
    );
    expect(note.status).toBe(200);
  });

  it('nunca sirve como cookie de sesión, ni para cuentas, contraseñas o tokens', async () => {
    const { token } = await newToken('admin');
    const asCookie = await trpcCall(
      env.app.url,
      'contact.list',
      {},
      {
        cookie: `cartera_session=${token}`,
        method: 'GET',
      },
    );
    expect(asCookie.status).toBe(401);
    const exchanged = await trpcCall(env.app.url, 'auth.exchangeToken', { token });
    expect(exchanged.status).toBe(401);
    for (const [path, input] of [
      ['apiToken.create', { name: 'Otro', scope: 'admin' }],
      ['account.switchLinked', { tenantId: newId(), userId: newId() }],
      [
        'auth.changePassword',
        { currentPassword: 'Demo1234', newPassword: 'Nueva123', repeatPassword: 'Nueva123' },
      ],
    ] as const) {
      const refused = await asToken(token, path, input, 'POST');
      expect(refused.error?.data.domainCode, path).toBe('PERMISSION_DENIED');
    }
    const me = await asToken(token, 'auth.me');
    expect((me.data as { user: { email: string } }).user.email).toBe(SELLER);
  });

  it('la configuración de la empresa pide un token de administración', async () => {
    const write = await newToken('write', 'comercial@demo.test');
    const admin = await newToken('admin', 'comercial@demo.test');
    const tag = { code: `TK${Date.now() % 100000}`, name: 'Desde token', color: '#336699' };
    const refused = await asToken(write.token, 'catalog.createTag', tag, 'POST');
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const accepted = await asToken(admin.token, 'catalog.createTag', tag, 'POST');
    expect(accepted.status).toBe(200);
  });

  it('revocado deja de servir al instante', async () => {
    const { id, token } = await newToken('read');
    expect((await asToken(token, 'contact.list', {})).status).toBe(200);
    expect((await env.call(SELLER, 'apiToken.revoke', { id })).status).toBe(200);
    expect((await asToken(token, 'contact.list', {})).status).toBe(401);
  });

  describe('y la contraseña o la baja de su usuario', () => {
    const ADMIN = 'admin@demo.test';

    /** A seller of Equipo Norte of their own, signed in, with a write token. */
    async function sellerWithToken(email: string) {
      const user = await createUser(env.database.handle.db, env.demo.north, {
        email,
        name: 'Integra',
        lastname: 'Ción',
      });
      const session = await tokenFor(env.database.handle, user);
      const created = await trpcCall<{ id: string; token: string }>(
        env.app.url,
        'apiToken.create',
        { name: 'ERP', scope: 'write' },
        { token: session },
      );
      expect(created.status).toBe(200);
      const { id, token } = created.data!;
      expect((await asToken(token, 'contact.list', {})).status).toBe(200);
      return { user, session, id, token };
    }

    async function revokedAt(id: string) {
      const [row] = await env.database.handle.db
        .select({ revokedAt: apiTokens.revokedAt })
        .from(apiTokens)
        .where(eq(apiTokens.id, id));
      return row!.revokedAt;
    }

    it('cambiar la propia contraseña no corta las integraciones', async () => {
      const { session, id, token } = await sellerWithToken('integra.propia@demo.test');
      const changed = await trpcCall(
        env.app.url,
        'auth.changePassword',
        { currentPassword: DEMO_PASSWORD, newPassword: 'Nueva5678', repeatPassword: 'Nueva5678' },
        { token: session },
      );
      expect(changed.status).toBe(200);
      expect((await asToken(token, 'contact.list', {})).status).toBe(200);
      expect(await revokedAt(id)).toBeNull();
    });

    it('una contraseña restablecida por un administrador revoca sus tokens', async () => {
      const { user, id, token } = await sellerWithToken('integra.reset@demo.test');
      const reset = await env.call(ADMIN, 'admin.resetPassword', {
        id: user.id,
        password: 'Temporal987',
      });
      expect(reset.status).toBe(200);
      expect((await asToken(token, 'contact.list', {})).status).toBe(401);
      expect(await revokedAt(id)).not.toBeNull();
    });

    it('dar de baja al usuario revoca sus tokens, y reactivarlo no los devuelve', async () => {
      const { user, id, token } = await sellerWithToken('integra.baja@demo.test');
      const off = await env.call(ADMIN, 'admin.setUserActive', { id: user.id, active: false });
      expect(off.status).toBe(200);
      expect((await asToken(token, 'contact.list', {})).status).toBe(401);
      const on = await env.call(ADMIN, 'admin.setUserActive', { id: user.id, active: true });
      expect(on.status).toBe(200);
      expect((await asToken(token, 'contact.list', {})).status).toBe(401);
      expect(await revokedAt(id)).not.toBeNull();
    });
  });

  it(`pasadas ${RATE_LIMIT} llamadas en un minuto responde 429 en español`, async () => {
    const { token } = await newToken('read');
    const answers = [];
    for (let call = 0; call < RATE_LIMIT; call += 1) answers.push(await asToken(token, 'auth.me'));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const limited = await fetch(`${env.app.url}/api/crm/contacts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Demasiados intentos. Espera unos minutos antes de volver a intentarlo.',
    });
    // The web's own session is not limited.
    expect((await env.call(SELLER, 'auth.me')).status).toBe(200);
  });
});
