import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const SELLER = 'vendedor@demo.test';
const SUPERVISOR = 'supervisor@demo.test';

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
