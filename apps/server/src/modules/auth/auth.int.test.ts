import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@cartera/db/schema';
import { restLogin, trpcCall, type CallOptions } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import { saveTenantSection } from '../tenant-settings/tenant-settings.service';
import { lastEventId } from '../../realtime/event-store';

const env = useDemoApp({});

const trpc = <T = unknown>(path: string, input?: unknown, options?: CallOptions) =>
  trpcCall<T>(env.app.url, path, input, options);
const loginAs = (email: string, password?: string, ip?: string) =>
  restLogin(env.app.url, email, password, ip);

describe('inicio de sesión', () => {
  it('entrega token, cookie httpOnly y el usuario con su empresa y grupo', async () => {
    const result = await trpc<{ user: { email: string; role: string }; tenant: { name: string } }>(
      'auth.login',
      { email: 'Supervisor@Demo.test', password: 'Demo1234' },
    );
    expect(result.status).toBe(200);
    expect(result.data?.user).toMatchObject({ email: 'supervisor@demo.test', role: 'super' });
    expect(result.data?.tenant.name).toBe('Demo Uruguay');
    expect(result.cookie).toMatch(/cartera_session=[^;]+;.*HttpOnly/i);
    const cookie = result.cookie!.split(';')[0]!;
    const me = await trpc<{ group: { name: string } }>('auth.me', undefined, {
      cookie,
      method: 'GET',
    });
    expect(me.data?.group.name).toBe('Equipo Norte');
  });

  it('responde lo mismo para una contraseña errónea y para un correo inexistente', async () => {
    const wrong = await trpc('auth.login', { email: 'vendedor@demo.test', password: 'Mala1234' });
    const unknown = await trpc('auth.login', { email: 'nadie@demo.test', password: 'Mala1234' });
    for (const result of [wrong, unknown]) {
      expect(result.status).toBe(401);
      expect(result.error?.message).toBe('El correo electrónico o la contraseña son incorrectos.');
    }
  });

  it('rechaza el intento 11 de un correo en 15 minutos sin revelar si existe', async () => {
    for (const email of ['gestor@demo.test', 'fantasma@demo.test']) {
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const result = await loginAs(email, 'Incorrecta1', `10.0.${attempt}.1`);
        expect(result.status, `intento ${attempt}`).toBe(401);
      }
      const eleventh = await loginAs(email, 'Incorrecta1', '10.9.9.9');
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toEqual({
        code: 'TOO_MANY_LOGIN_ATTEMPTS',
        message:
          'Demasiados intentos fallidos. Por seguridad, espera 15 minutos antes de volver a intentarlo.',
      });
      // Even the right password is refused while the limit holds.
      expect((await loginAs(email, 'Demo1234', '10.9.9.8')).status).toBe(429);
    }
  });

  it('no deja entrar a un usuario inactivo', async () => {
    const { db } = env.database.handle;
    await db.update(users).set({ active: false }).where(eq(users.email, 'vendedora@demo.test'));
    expect((await loginAs('vendedora@demo.test')).status).toBe(401);
    await db.update(users).set({ active: true }).where(eq(users.email, 'vendedora@demo.test'));
  });

  it('el token de un cliente de API sirve como Bearer y se puede canjear por la cookie', async () => {
    const { body } = await loginAs('vendedor@demo.test');
    expect(body.user.user.email).toBe('vendedor@demo.test');
    const me = await trpc<{ user: { email: string } }>('auth.me', undefined, {
      token: body.token,
      method: 'GET',
    });
    expect(me.data?.user.email).toBe('vendedor@demo.test');

    const exchanged = await trpc('auth.exchangeToken', { token: body.token });
    expect(exchanged.status).toBe(200);
    expect(exchanged.cookie).toContain(`cartera_session=${body.token}`);
    const failed = await trpc('auth.exchangeToken', { token: 'token-que-no-existe-123' });
    expect(failed.status).toBe(401);
  });

  it('un enlace con token no reemplaza la sesión de quien ya la inició en el navegador (S6)', async () => {
    const victim = await trpc('auth.login', { email: 'vendedora@demo.test', password: 'Demo1234' });
    const cookie = victim.cookie!.split(';')[0]!;
    const { body: attacker } = await loginAs('vendedor@demo.test');
    const refused = await trpc('auth.exchangeToken', { token: attacker.token }, { cookie });
    expect(refused.status).toBe(409);
    expect(refused.error?.data.domainCode).toBe('SESSION_ACTIVE');
    expect(refused.error?.message).toBe(
      'Ya hay una sesión iniciada en este navegador. Ciérrala antes de usar un enlace de acceso.',
    );
    expect(refused.cookie).toBeNull();
    const me = await trpc<{ user: { email: string } }>('auth.me', undefined, {
      cookie,
      method: 'GET',
    });
    expect(me.data?.user.email).toBe('vendedora@demo.test');
    // The browser's own token again changes nothing, and once signed out the link works.
    const same = await trpc('auth.exchangeToken', { token: cookie.split('=')[1] }, { cookie });
    expect(same.status).toBe(200);
    await trpc('auth.logout', undefined, { cookie });
    const used = await trpc('auth.exchangeToken', { token: attacker.token }, { cookie });
    expect(used.status).toBe(200);
  });

  it("da el nombre propio de 'Solicitudes' de la empresa, o ninguno para el de siempre", async () => {
    const me = async () => (await env.call('comercial@demo.test', 'auth.me')).data!;
    expect((await me()).settings.requestSaleLabel).toBeNull();
    await saveTenantSection(env.database.handle.db, env.demo.demo.id, 'sale', {
      requestSaleLabel: 'Pedidos especiales',
    });
    expect((await me()).settings.requestSaleLabel).toBe('Pedidos especiales');
    await saveTenantSection(env.database.handle.db, env.demo.demo.id, 'sale', {
      requestSaleLabel: undefined,
    });
  });

  it('dice la última posición de los eventos de la empresa, desde donde la web escucha', async () => {
    const me = await env.call('vendedor@demo.test', 'auth.me');
    const last = await lastEventId(env.database.handle.db, env.demo.demo.id);
    expect(me.data!.eventPosition).toBe(String(last));
  });

  it('cerrar sesión invalida el token', async () => {
    const { body } = await loginAs('proyecto@demo.test');
    const out = await trpc('auth.logout', undefined, { token: body.token });
    expect(out.status).toBe(200);
    const me = await trpc('auth.me', undefined, { token: body.token, method: 'GET' });
    expect(me.data).toBeNull();
  });
});

describe('cambio de contraseña obligatorio', () => {
  it('bloquea los demás procedimientos hasta cambiarla y aplica los códigos 1, 2 y 3', async () => {
    const { body } = await loginAs('cambio@demo.test');
    const token = body.token as string;
    expect(body.user.user.mustChangePassword).toBe(true);

    const blocked = await trpc(
      'activity.list',
      { from: new Date(0), to: new Date() },
      {
        token,
        method: 'GET',
      },
    );
    expect(blocked.status).toBe(403);
    expect(blocked.error?.data.domainCode).toBe('PASSWORD_CHANGE_REQUIRED');

    const empty = await trpc(
      'auth.changePassword',
      {
        currentPassword: '',
        newPassword: 'Nueva123',
        repeatPassword: 'Nueva123',
      },
      { token },
    );
    expect(empty.error?.data).toMatchObject({
      domainCode: 'PASSWORD_EMPTY',
      details: { legacyCode: 1 },
    });

    const mismatch = await trpc(
      'auth.changePassword',
      {
        currentPassword: 'Otra1234',
        newPassword: 'Nueva123',
        repeatPassword: 'Nueva123',
      },
      { token },
    );
    expect(mismatch.error?.data).toMatchObject({
      domainCode: 'PASSWORD_MISMATCH',
      details: { legacyCode: 2, field: 'currentPassword' },
    });
    expect(mismatch.error?.message).toBe('La contraseña escrita no coincide con la actual.');

    const reused = await trpc(
      'auth.changePassword',
      {
        currentPassword: 'Demo1234',
        newPassword: 'Demo1234',
        repeatPassword: 'Demo1234',
      },
      { token },
    );
    expect(reused.error?.data).toMatchObject({
      domainCode: 'PASSWORD_REUSED',
      details: { legacyCode: 3 },
    });

    const weak = await trpc(
      'auth.changePassword',
      {
        currentPassword: 'Demo1234',
        newPassword: 'nueva123',
        repeatPassword: 'nueva123',
      },
      { token },
    );
    expect(weak.error?.data.domainCode).toBe('PASSWORD_INVALID');

    const changed = await trpc(
      'auth.changePassword',
      {
        currentPassword: 'Demo1234',
        newPassword: 'Nueva123',
        repeatPassword: 'Nueva123',
      },
      { token },
    );
    expect(changed.status).toBe(200);
    const activity = await trpc<{ items: Array<{ type: string }> }>(
      'activity.list',
      { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 60_000) },
      { token, method: 'GET' },
    );
    expect(activity.data?.items.map((item) => item.type)).toEqual(['password-changed', 'login']);
    expect((await loginAs('cambio@demo.test', 'Demo1234')).status).toBe(401);
    expect((await loginAs('cambio@demo.test', 'Nueva123')).status).toBe(200);
  });
});

describe('confinamiento y presentación de novedades', () => {
  it('un usuario confinado no puede llamar procedimientos de otras áreas', async () => {
    const { body } = await loginAs('jail@demo.test');
    const panel = await trpc('seller.panel', undefined, { token: body.token, method: 'GET' });
    expect(panel.status).toBe(403);
    // The shell's own procedures stay open to a confined user.
    const me = await trpc('auth.me', undefined, { token: body.token, method: 'GET' });
    expect(me.status).toBe(200);
  });

  it('guarda en el servidor que la presentación ya se vio', async () => {
    const { body } = await loginAs('vendedora@demo.test');
    expect(body.user.user.showNewVersionPresentation).toBe(true);
    await trpc('auth.dismissNewVersion', undefined, { token: body.token });
    const me = await trpc<{ user: { showNewVersionPresentation: boolean } }>('auth.me', undefined, {
      token: body.token,
      method: 'GET',
    });
    expect(me.data?.user.showNewVersionPresentation).toBe(false);
    expect(env.demo.users['vendedora@demo.test']).toBeDefined();
  });
});
