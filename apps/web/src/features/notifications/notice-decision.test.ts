import { describe, expect, it } from 'vitest';
import type {
  NoticeChannel,
  NotificationPreferences,
} from '@cartera/domain/notification-preferences';
import { decideNotice, mayConcern, type NoticeContext } from './notice-decision';

const ALL = ['toast', 'sound', 'browser'] as const satisfies NoticeChannel[];

const DEFAULTS: NotificationPreferences = {
  types: [
    { type: 'customerMessage', channels: ALL, toast: true, sound: true, browser: true },
    { type: 'teamCustomerMessage', channels: ALL, toast: false, sound: false, browser: false },
  ],
};

const visible: NoticeContext = {
  preferences: DEFAULTS,
  openContactId: null,
  hidden: false,
  permission: 'granted',
};
const mine = { contactId: 'c1', audience: 'mine' as const };

describe('qué avisos se disparan ante un mensaje de un cliente', () => {
  it('en otra pantalla: aviso y sonido, sin notificación del navegador', () => {
    expect(decideNotice(mine, visible)).toEqual({ toast: true, sound: true, browser: false });
  });

  it('con ese chat en pantalla: nada', () => {
    expect(decideNotice(mine, { ...visible, openContactId: 'c1' })).toEqual({
      toast: false,
      sound: false,
      browser: false,
    });
  });

  it('con otro chat en pantalla: aviso y sonido', () => {
    expect(decideNotice(mine, { ...visible, openContactId: 'c2' }).toast).toBe(true);
  });

  it('con la pestaña oculta y permiso: notificación del navegador también', () => {
    expect(decideNotice(mine, { ...visible, hidden: true })).toEqual({
      toast: true,
      sound: true,
      browser: true,
    });
    // The open chat of a hidden tab is not being read: the browser tells, no toast over it.
    expect(decideNotice(mine, { ...visible, hidden: true, openContactId: 'c1' })).toEqual({
      toast: false,
      sound: true,
      browser: true,
    });
  });

  it('sin permiso del navegador: nunca su notificación', () => {
    for (const permission of ['default', 'denied', 'unsupported'] as const) {
      expect(decideNotice(mine, { ...visible, hidden: true, permission }).browser).toBe(false);
    }
  });

  it('respeta las preferencias apagadas', () => {
    const quiet: NotificationPreferences = {
      types: [
        { type: 'customerMessage', channels: ALL, toast: false, sound: false, browser: true },
      ],
    };
    expect(decideNotice(mine, { ...visible, preferences: quiet })).toEqual({
      toast: false,
      sound: false,
      browser: false,
    });
    expect(decideNotice(mine, { ...visible, preferences: quiet, hidden: true }).browser).toBe(true);
  });

  it('un supervisor no recibe avisos de sus equipos salvo que los elija', () => {
    const team = { contactId: 'c3', audience: 'team' as const };
    expect(decideNotice(team, visible)).toEqual({ toast: false, sound: false, browser: false });
    const chosen: NotificationPreferences = {
      types: [
        DEFAULTS.types[0]!,
        { type: 'teamCustomerMessage', channels: ALL, toast: true, sound: false, browser: false },
      ],
    };
    expect(decideNotice(team, { ...visible, preferences: chosen })).toEqual({
      toast: true,
      sound: false,
      browser: false,
    });
    // A user without the team type (a seller) is never told about it.
    const seller: NotificationPreferences = { types: [DEFAULTS.types[0]!] };
    expect(decideNotice(team, { ...visible, preferences: seller }).toast).toBe(false);
  });

  it('sin aviso del servidor (no es su conversación o no es del cliente): nada', () => {
    expect(decideNotice(null, visible)).toEqual({ toast: false, sound: false, browser: false });
  });
});

describe('si un mensaje de un cliente puede ser para este usuario, antes de preguntar', () => {
  const teamOn: NotificationPreferences = {
    types: [
      { type: 'customerMessage', channels: ALL, toast: true, sound: true, browser: true },
      { type: 'teamCustomerMessage', channels: ALL, toast: false, sound: true, browser: false },
    ],
  };

  it('en una conversación suya: sí', () => {
    expect(mayConcern({ contactId: 'c1', holderId: 'u1' }, 'u1', DEFAULTS)).toBe(true);
  });

  it('en la de otro: no, salvo que quiera los avisos de sus equipos', () => {
    expect(mayConcern({ contactId: 'c1', holderId: 'u2' }, 'u1', DEFAULTS)).toBe(false);
    expect(mayConcern({ contactId: 'c1', holderId: 'u2' }, 'u1', teamOn)).toBe(true);
  });

  it('sin asignar: no', () => {
    expect(mayConcern({ contactId: 'c1', holderId: null }, 'u1', teamOn)).toBe(false);
  });

  it('un evento sin titular (anterior): se pregunta', () => {
    expect(mayConcern({ contactId: 'c1' }, 'u1', DEFAULTS)).toBe(true);
  });
});
