import { describe, expect, it } from 'vitest';
import { CHANNEL_SETUP, CHANNEL_TYPES } from '@cartera/domain/channels';
import { adapterFor } from '../../providers/registry';

/** The channel form (/company/channels) offers what the server's adapters can do. */
describe('formulario de canales', () => {
  it('cada tipo tiene su adaptador, pide su configuración requerida y ofrece plantillas solo en WhatsApp Business', () => {
    for (const type of CHANNEL_TYPES) {
      const setup = CHANNEL_SETUP[type];
      for (const field of setup.requiredConfig) expect(setup.config, type).toContain(field);
      for (const secret of setup.requiredSecrets) expect(setup.secrets, type).toContain(secret);
      expect(setup.available, type).toBe(adapterFor(type) !== undefined);
      expect(setup.templates, type).toBe(
        Boolean(adapterFor(type)?.listTemplates) && type === 'whatsapp_business',
      );
    }
  });
});
