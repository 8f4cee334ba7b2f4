import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { SELLER, SUPERVISOR } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

const ALL = ['toast', 'sound', 'browser'];
/** The system's own notices (issue #41 item 4): 'Aviso en pantalla' only, on by default. */
const SYSTEM_ROWS = ['contactTransferred', 'reminderDue', 'requestComment'].map((type) => ({
  type,
  channels: ['toast'],
  toast: true,
  sound: false,
  browser: false,
}));

async function stored(email: string) {
  const [row] = await env.database.handle.db
    .select({ preferences: users.notificationPreferences })
    .from(users)
    .where(eq(users.id, env.demo.users[email]!.id));
  return row!.preferences;
}

describe('preferencias de notificaciones (issue #33 item 2)', () => {
  it('un vendedor ve sus avisos por defecto: mensaje de cliente con aviso, sonido y navegador', async () => {
    const { data } = await env.call(SELLER, 'settings.notificationPreferences');
    expect(data).toEqual({
      types: [
        { type: 'customerMessage', channels: ALL, toast: true, sound: true, browser: true },
        ...SYSTEM_ROWS,
      ],
    });
  });

  it('un supervisor tiene además los mensajes de sus equipos, apagados por defecto', async () => {
    const { data } = await env.call(SUPERVISOR, 'settings.notificationPreferences');
    expect(data).toEqual({
      types: [
        { type: 'customerMessage', channels: ALL, toast: true, sound: true, browser: true },
        { type: 'teamCustomerMessage', channels: ALL, toast: false, sound: false, browser: false },
        ...SYSTEM_ROWS,
      ],
    });
  });

  it('guardar cambia solo lo nombrado y solo del usuario que guarda', async () => {
    try {
      const saved = await env.call(SUPERVISOR, 'settings.saveNotificationPreferences', {
        customerMessage: { sound: false },
        teamCustomerMessage: { toast: true },
      });
      expect(saved.error).toBeUndefined();
      expect(saved.data).toEqual({
        types: [
          { type: 'customerMessage', channels: ALL, toast: true, sound: false, browser: true },
          { type: 'teamCustomerMessage', channels: ALL, toast: true, sound: false, browser: false },
          ...SYSTEM_ROWS,
        ],
      });
      const again = await env.call(SUPERVISOR, 'settings.saveNotificationPreferences', {
        customerMessage: { toast: false },
      });
      expect(again.data?.types[0]).toEqual({
        type: 'customerMessage',
        channels: ALL,
        toast: false,
        sound: false,
        browser: true,
      });
      expect(await stored(SUPERVISOR)).toEqual({
        customerMessage: { sound: false, toast: false },
        teamCustomerMessage: { toast: true },
      });
      // The seller's own preferences are untouched by the supervisor's.
      expect(await stored(SELLER)).toEqual({});
      expect((await env.call(SELLER, 'settings.notificationPreferences')).data?.types).toEqual([
        { type: 'customerMessage', channels: ALL, toast: true, sound: true, browser: true },
        ...SYSTEM_ROWS,
      ]);
    } finally {
      await env.database.handle.db
        .update(users)
        .set({ notificationPreferences: {} })
        .where(eq(users.id, env.demo.users[SUPERVISOR]!.id));
    }
  });

  it('rechaza en español lo que no es válido y no guarda nada', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [
        { customerMessage: { toast: 'sí' } },
        { 'customerMessage.toast': ['Indica si este aviso está activado (sí o no)'] },
      ],
      [
        { customerMessage: { vibrate: true } },
        { customerMessage: ['Formas de aviso desconocidas: vibrate'] },
      ],
      [{ newsletter: { toast: true } }, { _: ['Tipos de aviso desconocidos: newsletter'] }],
    ];
    for (const [input, fieldErrors] of cases) {
      const refused = await env.call(
        SELLER,
        'settings.saveNotificationPreferences',
        input as never,
      );
      expect(refused.error?.data.domainCode, JSON.stringify(input)).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors, JSON.stringify(input)).toEqual(fieldErrors);
    }
    // A seller has no team notices to switch on.
    const team = await env.call(SELLER, 'settings.saveNotificationPreferences', {
      customerMessage: { sound: false },
      teamCustomerMessage: { toast: true },
    });
    expect(team.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(team.error?.message).toBe('Permiso denegado');
    expect(await stored(SELLER)).toEqual({});
  });
});
