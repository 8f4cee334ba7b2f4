import { describe, expect, it } from 'vitest';
import { shortcutSampleUrl, shortcutTarget, shortcutTemplateValid } from './shortcuts';

const data = {
  contact: { firstName: 'Ana María', phones: ['099123456', '24001234'], web: 'https://ana.uy/x' },
  user: { email: 'vendedor@demo.test' },
  group: { name: 'Equipo Norte' },
};

describe('accesos directos (03 §3 Shortcut, §5)', () => {
  it('acepta plantillas http o https con sus datos entre {{ }}', () => {
    expect(shortcutTemplateValid('https://crm.example.com/c?tel={{contact.phones.0}}')).toBe(true);
    expect(shortcutTemplateValid('http://crm.example.com/{{ group.name }}/x')).toBe(true);
    expect(shortcutTemplateValid('{{contact.web}}')).toBe(true);
    expect(shortcutTemplateValid('https://{{user.email}}.example.com/')).toBe(true);
  });

  it('rechaza plantillas sin esquema http, con llaves sueltas o con espacios', () => {
    for (const template of [
      '',
      'crm.example.com/{{contact.firstName}}',
      'ftp://crm.example.com/',
      'javascript:alert(1)//{{contact.firstName}}',
      'https://crm.example.com/{{contact.firstName',
      'https://crm.example.com/contact.firstName}}',
      'https://crm.example.com/{{}}',
      'https://crm.example.com/a b',
    ]) {
      expect(shortcutTemplateValid(template), template).toBe(false);
    }
  });

  it('rellena la url con el contacto, el usuario y el grupo, codificando los valores', () => {
    expect(
      shortcutTarget(
        'https://crm.example.com/f?n={{contact.firstName}}&v={{user.email}}&g={{group.name}}&t={{contact.phones[1]}}',
        data,
      ),
    ).toEqual({
      ok: true,
      url: 'https://crm.example.com/f?n=Ana%20Mar%C3%ADa&v=vendedor%40demo.test&g=Equipo%20Norte&t=24001234',
    });
    // A placeholder that opens the template is the address itself.
    expect(shortcutTarget('{{contact.web}}?a=1', data)).toEqual({
      ok: true,
      url: 'https://ana.uy/x?a=1',
    });
  });

  it('distingue la url que falta de la que no es válida (nunca un javascript:)', () => {
    expect(shortcutTarget('', data)).toEqual({ ok: false, reason: 'missing' });
    expect(shortcutTarget(null, data)).toEqual({ ok: false, reason: 'missing' });
    expect(shortcutTarget('{{contact.nothing}}', data)).toEqual({ ok: false, reason: 'invalid' });
    expect(
      shortcutTarget('{{contact.web}}', { ...data, contact: { web: 'javascript:alert(1)' } }),
    ).toEqual({ ok: false, reason: 'invalid' });
    expect(shortcutTarget('https://x.test/{{a', data)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('da una dirección de muestra para revisar su host, salvo cuando la toma de los datos', () => {
    expect(shortcutSampleUrl('http://10.0.0.1/{{contact.id}}')).toBe('http://10.0.0.1/x');
    expect(shortcutSampleUrl('{{contact.web}}')).toBeNull();
  });
});
