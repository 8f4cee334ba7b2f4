import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { SELLER, SUPERVISOR } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

async function storedUser(email: string) {
  const [row] = await env.database.handle.db
    .select({
      name: users.name,
      lastname: users.lastname,
      photo: users.photo,
      personalConfig: users.personalConfig,
    })
    .from(users)
    .where(eq(users.id, env.demo.users[email]!.id));
  return row!;
}

async function storedConfig(email: string) {
  const [row] = await env.database.handle.db
    .select({ appearanceConfig: users.appearanceConfig })
    .from(users)
    .where(eq(users.id, env.demo.users[email]!.id));
  return row!.appearanceConfig;
}

describe('appearance preferences (01 §7 /settings/appearance, 03 §2.2)', () => {
  it('a user reads and changes only their own defaultChatAction', async () => {
    expect((await env.call(SELLER, 'settings.appearance')).data).toEqual({
      defaultChatAction: null,
    });
    const changed = await env.call(SELLER, 'settings.updateAppearance', {
      defaultChatAction: 'personal_wpp',
    });
    expect(changed.data).toEqual({ defaultChatAction: 'personal_wpp' });
    expect(await storedConfig(SELLER)).toEqual({ defaultChatAction: 'personal_wpp' });
    expect((await env.call(SELLER, 'settings.appearance')).data).toEqual({
      defaultChatAction: 'personal_wpp',
    });
    // Another user's preference is untouched and theirs alone.
    expect(await storedConfig(SUPERVISOR)).toEqual({});
    expect((await env.call(SUPERVISOR, 'settings.appearance')).data).toEqual({
      defaultChatAction: null,
    });
    // null forgets the preference.
    await env.call(SELLER, 'settings.updateAppearance', { defaultChatAction: null });
    expect(await storedConfig(SELLER)).toEqual({});
  });

  it('refuses an unknown value in Spanish and changes nothing', async () => {
    await env.call(SUPERVISOR, 'settings.updateAppearance', { defaultChatAction: 'note' });
    const refused = await env.call(SUPERVISOR, 'settings.updateAppearance', {
      defaultChatAction: 'sms',
    });
    expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(refused.error?.data.fieldErrors).toEqual({
      defaultChatAction: ['Acción predeterminada del chat inválida'],
    });
    expect(await storedConfig(SUPERVISOR)).toEqual({ defaultChatAction: 'note' });
    // Another user's id in the body is not a way to reach their row.
    const smuggled = await env.call(SUPERVISOR, 'settings.updateAppearance', {
      defaultChatAction: 'channel',
      userId: env.demo.users[SELLER]!.id,
    });
    expect(smuggled.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(smuggled.error?.data.fieldErrors).toEqual({
      _: ['Preferencias de apariencia desconocidas: userId'],
    });
    expect(await storedConfig(SUPERVISOR)).toEqual({ defaultChatAction: 'note' });
  });

  it('GET and PATCH /api/settings/appearance serve the same preference to API clients', async () => {
    const token = await env.tokenOf('admin@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const url = `${env.app.url}/api/settings/appearance`;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ defaultChatAction: 'channel' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ defaultChatAction: 'channel' });
    const read = await fetch(url, { headers });
    expect(await read.json()).toEqual({ defaultChatAction: 'channel' });
    const bad = await fetch(url, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ defaultChatAction: 'fax' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { defaultChatAction: ['Acción predeterminada del chat inválida'] },
    });
    expect(await storedConfig('admin@demo.test')).toEqual({ defaultChatAction: 'channel' });
    expect((await fetch(url)).status).toBe(401);
  });
});

describe('profile (01 §7 PATCH /settings/profile)', () => {
  const COMMERCIAL = 'comercial@demo.test';
  const tenantOf = (email: string) => env.demo.users[email]!.tenantId;

  /** A picture the user uploads through the signed upload flow: its storage key. */
  async function uploadedPhoto(email: string) {
    return uploadFile(env.app.url, await env.tokenOf(email), {
      name: 'yo.png',
      mimeType: 'image/png',
      via: 'profile',
      body: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
  }

  it('a user changes their own name, lastname and photo, and auth.me shows them', async () => {
    const key = await uploadedPhoto(SELLER);
    const changed = await env.call(SELLER, 'settings.updateProfile', {
      name: '  Valentina ',
      lastname: 'Vendedora',
      photoPath: key,
    });
    expect(changed.error).toBeUndefined();
    expect(changed.data).toMatchObject({ name: 'Valentina', lastname: 'Vendedora' });
    expect(changed.data.photo).toBe(`${env.app.url}/api/files/${key}`);
    const me = await env.call(SELLER, 'auth.me');
    expect(me.data?.user).toMatchObject({
      name: 'Valentina',
      lastname: 'Vendedora',
      photo: changed.data.photo,
    });
    expect((await env.call(SELLER, 'settings.profile')).data).toEqual(changed.data);
    // A missing key leaves it; null removes the photo.
    const unphotographed = await env.call(SELLER, 'settings.updateProfile', { photoPath: null });
    expect(unphotographed.data).toEqual({ name: 'Valentina', lastname: 'Vendedora', photo: null });
    await env.call(SELLER, 'settings.updateProfile', { name: 'Valentín', lastname: 'Vendedor' });
  });

  it('refuses bad input in Spanish and changes nothing', async () => {
    const before = await storedUser(COMMERCIAL);
    const cases: Array<[unknown, string, string]> = [
      [{ name: '   ' }, 'name', 'Ingresa tu nombre'],
      [{ name: 'x'.repeat(101) }, 'name', 'El nombre puede tener hasta 100 caracteres'],
      [{ lastname: 'y'.repeat(101) }, 'lastname', 'El apellido puede tener hasta 100 caracteres'],
      [
        { photoPath: `${tenantOf(COMMERCIAL)}/profile/abc/contrato.pdf` },
        'photoPath',
        'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera',
      ],
      [
        { photoPath: 'https://evil.example/x.png' },
        'photoPath',
        'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera',
      ],
      [{ name: 'Ana', email: 'otra@demo.test' }, '_', 'Campos desconocidos: email'],
    ];
    for (const [input, field, message] of cases) {
      const refused = await env.call(COMMERCIAL, 'settings.updateProfile', input);
      expect(refused.error?.data.domainCode, JSON.stringify(input)).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors).toEqual({ [field]: [message] });
    }
    // Another company's file is not a photo of this one.
    const foreign = await env.call(COMMERCIAL, 'settings.updateProfile', {
      name: 'Cambiado',
      photoPath: `${tenantOf('vendedor@otra.test')}/profile/abc/yo.png`,
    });
    expect(foreign.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
    expect(foreign.error?.message).toBe(
      'La foto debe ser una imagen JPG, PNG, GIF o WEBP subida a Cartera.',
    );
    // A file that never reached the storage is not a photo either (issue #30 §5).
    const never = await env.call(COMMERCIAL, 'settings.updateProfile', {
      photoPath: `${tenantOf(COMMERCIAL)}/profile/0190f7c2-0000-7000-8000-000000000001/yo.png`,
    });
    expect(never.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
    expect(await storedUser(COMMERCIAL)).toEqual(before);
  });

  it('PATCH /api/settings/profile serves API clients the same way', async () => {
    const token = await env.tokenOf(SUPERVISOR);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const url = `${env.app.url}/api/settings/profile`;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ lastname: 'Supervisor General' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({
      name: 'Sergio',
      lastname: 'Supervisor General',
      photo: null,
    });
    const bad = await fetch(url, { method: 'PATCH', headers, body: JSON.stringify({ name: '' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { name: ['Ingresa tu nombre'] },
    });
    expect((await storedUser(SUPERVISOR)).lastname).toBe('Supervisor General');
    expect((await fetch(url, { method: 'PATCH', body: '{}' })).status).toBe(401);
  });
});

describe('personal config (01 §7 PATCH /user/config/personalConfig)', () => {
  it("callOnPhone is the caller's own and persists; bad input changes nothing", async () => {
    expect((await env.call(SELLER, 'settings.personalConfig')).data).toEqual({
      callOnPhone: false,
    });
    const on = await env.call(SELLER, 'settings.updatePersonalConfig', { callOnPhone: true });
    expect(on.data).toEqual({ callOnPhone: true });
    expect((await storedUser(SELLER)).personalConfig).toEqual({ callOnPhone: true });
    expect((await env.call(SUPERVISOR, 'settings.personalConfig')).data).toEqual({
      callOnPhone: false,
    });
    const refused = await env.call(SELLER, 'settings.updatePersonalConfig', { callOnPhone: 'sí' });
    expect(refused.error?.data.fieldErrors).toEqual({
      callOnPhone: ['Indica si las llamadas se redirigen a tu celular (sí o no)'],
    });
    expect((await storedUser(SELLER)).personalConfig).toEqual({ callOnPhone: true });

    const token = await env.tokenOf(SELLER);
    const url = `${env.app.url}/api/user/config/personalConfig`;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ callOnPhone: false }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ callOnPhone: false });
    expect((await env.call(SELLER, 'settings.personalConfig')).data).toEqual({
      callOnPhone: false,
    });
  });

  it('a user confined to /training and /settings may change it', async () => {
    const jailed = await env.call('jail@demo.test', 'settings.updatePersonalConfig', {
      callOnPhone: true,
    });
    expect(jailed.data).toEqual({ callOnPhone: true });
  });
});
