import { describe, expect, it } from 'vitest';
import { CHANNEL_SETUP } from '@cartera/domain/channels';
import { CHANNEL_TYPES } from '../../channels/adapter';
import { adapterFor } from '../../channels/registry';
import { CHANNEL_SECRETS, REQUIRED_CONFIG } from './channels.service';

/** The channel form (/company/channels) asks for what the server requires, no more, no less. */
describe('formulario de canales', () => {
  it('pide para cada tipo la configuración y las credenciales que exige el servidor', () => {
    expect(Object.keys(CHANNEL_SETUP).sort()).toEqual([...CHANNEL_TYPES].sort());
    for (const type of CHANNEL_TYPES) {
      const setup = CHANNEL_SETUP[type];
      expect([...setup.requiredConfig].sort(), type).toEqual([...REQUIRED_CONFIG[type]].sort());
      for (const field of setup.requiredConfig) expect(setup.config, type).toContain(field);
      expect([...setup.secrets].sort(), type).toEqual(
        [...CHANNEL_SECRETS[type].required, ...CHANNEL_SECRETS[type].optional].sort(),
      );
      expect([...setup.requiredSecrets].sort(), type).toEqual(
        [...CHANNEL_SECRETS[type].required].sort(),
      );
      expect(setup.available, type).toBe(adapterFor(type) !== undefined);
      expect(setup.templates, type).toBe(
        Boolean(adapterFor(type)?.listTemplates) && type === 'whatsapp_business',
      );
    }
  });
});
