import { describe, expect, it } from 'vitest';
import {
  defaultComposerMode,
  INVALID_DEFAULT_CHAT_ACTION,
  ZAppearanceConfig,
  ZAppearanceUpdate,
  type ComposerChannel,
  type DefaultComposerModeInput,
} from './composer';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));

const channel = (
  id: string,
  type: string,
  lastInteractionAt: Date | null = null,
  lastContactedAt: Date | null = null,
): ComposerChannel => ({ id, type, lastInteractionAt, lastContactedAt });

const input = (values: Partial<DefaultComposerModeInput>): DefaultComposerModeInput => ({
  preference: 'channel',
  channels: [],
  personalWhatsApp: { enabled: false, lastInteractionAt: null },
  contactHasPhone: true,
  ...values,
});

describe('modo inicial del compositor (03 §2.2)', () => {
  it('sin canales ni WhatsApp personal empieza en nota, sea cual sea la preferencia', () => {
    for (const preference of ['channel', 'personal_wpp', 'note', undefined, null] as const) {
      expect(defaultComposerMode(input({ preference }))).toEqual({ mode: 'note' });
    }
  });

  it('con preferencia nota empieza en nota aunque haya canales', () => {
    const channels = [channel('wa', 'whatsapp', day(5))];
    expect(defaultComposerMode(input({ preference: 'note', channels }))).toEqual({
      mode: 'note',
    });
  });

  it('en modo canal elige el canal con la interacción más reciente, sin correo ni leads', () => {
    const channels = [
      channel('wa', 'whatsapp', day(3)),
      channel('fb', 'facebook', day(5)),
      channel('mail', 'email', day(9)),
      channel('lead', 'leads', day(8)),
    ];
    expect(defaultComposerMode(input({ channels }))).toEqual({ mode: 'channel', channelId: 'fb' });
  });

  it('cuenta el WhatsApp personal solo si está habilitado y el contacto tiene teléfono', () => {
    const channels = [channel('wa', 'whatsapp', day(3))];
    const personalWhatsApp = { enabled: true, lastInteractionAt: day(6) };
    expect(defaultComposerMode(input({ channels, personalWhatsApp }))).toEqual({
      mode: 'personal_wpp',
    });
    expect(
      defaultComposerMode(input({ channels, personalWhatsApp, contactHasPhone: false })),
    ).toEqual({ mode: 'channel', channelId: 'wa' });
    expect(
      defaultComposerMode(
        input({ channels, personalWhatsApp: { enabled: false, lastInteractionAt: day(6) } }),
      ),
    ).toEqual({ mode: 'channel', channelId: 'wa' });
  });

  it('sin interacciones cae al canal listado contactado más recientemente, luego WhatsApp personal', () => {
    const channels = [
      channel('wa', 'whatsapp', null, day(2)),
      channel('ig', 'instagram', null, day(4)),
      channel('mail', 'email', null, day(7)),
    ];
    expect(defaultComposerMode(input({ channels }))).toEqual({ mode: 'channel', channelId: 'ig' });
    expect(
      defaultComposerMode(
        input({
          channels: [channel('mail', 'email', day(1))],
          personalWhatsApp: { enabled: true, lastInteractionAt: null },
        }),
      ),
    ).toEqual({ mode: 'personal_wpp' });
  });

  it('con preferencia WhatsApp personal lo usa solo si se puede, si no nota', () => {
    const personalWhatsApp = { enabled: true, lastInteractionAt: null };
    expect(defaultComposerMode(input({ preference: 'personal_wpp', personalWhatsApp }))).toEqual({
      mode: 'personal_wpp',
    });
    expect(
      defaultComposerMode(
        input({ preference: 'personal_wpp', personalWhatsApp, contactHasPhone: false }),
      ),
    ).toEqual({ mode: 'note' });
  });
});

describe('preferencia de apariencia (03 §3 User)', () => {
  it('acepta las tres acciones y null, y rechaza otra con un texto en español', () => {
    expect(ZAppearanceUpdate.parse({ defaultChatAction: 'personal_wpp' })).toEqual({
      defaultChatAction: 'personal_wpp',
    });
    expect(ZAppearanceUpdate.parse({ defaultChatAction: null })).toEqual({
      defaultChatAction: null,
    });
    const refused = ZAppearanceUpdate.safeParse({ defaultChatAction: 'sms' });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      INVALID_DEFAULT_CHAT_ACTION,
    ]);
    const unknown = ZAppearanceUpdate.safeParse({ defaultChatAction: 'note', userId: 'x' });
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual([
      'Preferencias de apariencia desconocidas: userId',
    ]);
  });

  it('lee una configuración guardada descartando valores desconocidos', () => {
    expect(ZAppearanceConfig.parse({ defaultChatAction: 'otro', theme: 'dark' })).toEqual({});
    expect(ZAppearanceConfig.parse({ defaultChatAction: 'note' })).toEqual({
      defaultChatAction: 'note',
    });
  });
});
