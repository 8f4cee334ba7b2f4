import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  replyWindowOf,
  sentMessageChanges,
  templateParameterCount,
} from './channels';

describe('plantillas de WhatsApp', () => {
  it('cuenta los parámetros por el mayor número y los reemplaza; uno que falta queda vacío', () => {
    expect(templateParameterCount('Hola {{1}}, tu pedido {{ 2 }} está listo')).toBe(2);
    expect(templateParameterCount('Sin parámetros')).toBe(0);
    expect(fillTemplate('Hola {{1}}, tu pedido {{ 2 }} está listo', ['Ana', '#42'])).toBe(
      'Hola Ana, tu pedido #42 está listo',
    );
    expect(fillTemplate('Hola {{1}} y {{2}}', ['Ana'])).toBe('Hola Ana y ');
  });
});

describe('ventana de respuesta (03 §4)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  it('WhatsApp: 24 horas desde el último mensaje del cliente, luego solo plantillas', () => {
    expect(replyWindowOf('whatsapp_business', hoursAgo(23), now)).toEqual({
      limited: true,
      open: true,
      closesAt: new Date('2026-11-24T13:00:00Z'),
      templatesAllowed: true,
    });
    expect(replyWindowOf('whatsapp_360_dialog', hoursAgo(24), now).open).toBe(false);
    expect(replyWindowOf('whatsapp_business', null, now)).toMatchObject({
      open: false,
      closesAt: null,
      templatesAllowed: true,
    });
  });

  it('Messenger e Instagram: 7 días y nada después; SMS y sesiones de WhatsApp sin ventana', () => {
    expect(replyWindowOf('fb', hoursAgo(24 * 6), now).open).toBe(true);
    expect(replyWindowOf('ig', hoursAgo(24 * 7 + 1), now)).toMatchObject({
      open: false,
      templatesAllowed: false,
    });
    for (const type of ['sms', 'unofficial_wpp', 'personal_whatsapp']) {
      expect(replyWindowOf(type, null, now)).toEqual({
        limited: false,
        open: true,
        closesAt: null,
        templatesAllowed: true,
      });
    }
  });
});

describe('sentMessageChanges (03 §6, §9)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const own = {
    origin: 'agent' as const,
    kind: 'text',
    deleted: false,
    status: 'sent',
    agentId: 'seller',
    createdAt: minutesAgo(10),
    channelType: 'personal_whatsapp',
  };

  it('lets the author edit a text for 15 minutes and delete for 1 hour', () => {
    expect(sentMessageChanges(own, 'seller', now)).toEqual({ edit: true, remove: true });
    expect(sentMessageChanges({ ...own, createdAt: minutesAgo(15) }, 'seller', now)).toEqual({
      edit: true,
      remove: true,
    });
    expect(sentMessageChanges({ ...own, createdAt: minutesAgo(16) }, 'seller', now)).toEqual({
      edit: false,
      remove: true,
    });
    expect(sentMessageChanges({ ...own, createdAt: minutesAgo(61) }, 'seller', now)).toEqual({
      edit: false,
      remove: false,
    });
  });

  it('never for someone else, a customer, a file (edit), a failed send or a channel that cannot', () => {
    const none = { edit: false, remove: false };
    expect(sentMessageChanges(own, 'other', now)).toEqual(none);
    expect(sentMessageChanges({ ...own, origin: 'contact' }, 'seller', now)).toEqual(none);
    expect(sentMessageChanges({ ...own, status: 'error' }, 'seller', now)).toEqual(none);
    expect(sentMessageChanges({ ...own, status: 'sending' }, 'seller', now)).toEqual(none);
    expect(sentMessageChanges({ ...own, deleted: true }, 'seller', now)).toEqual(none);
    expect(sentMessageChanges({ ...own, channelType: 'whatsapp_business' }, 'seller', now)).toEqual(
      none,
    );
    expect(sentMessageChanges({ ...own, kind: 'image' }, 'seller', now)).toEqual({
      edit: false,
      remove: true,
    });
  });
});
