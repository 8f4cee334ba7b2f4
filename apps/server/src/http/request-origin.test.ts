import { describe, expect, it } from 'vitest';
import { requestOrigin } from './origin-guard';

const PUBLIC = 'https://cartera.example.com';
const asked = (headers: Record<string, string>, protocol = 'http') =>
  requestOrigin({ headers, protocol }, PUBLIC);

describe('requestOrigin', () => {
  it('una página de la app en su dirección pública o en otro host del servidor recibe su origen', () => {
    expect(asked({ host: 'cartera.example.com', origin: PUBLIC })).toBe(PUBLIC);
    expect(asked({ host: '192.168.1.20:3000', origin: 'http://192.168.1.20:3000' })).toBe(
      'http://192.168.1.20:3000',
    );
  });

  it('una página de otro sitio o un origen ilegible reciben una dirección relativa', () => {
    expect(asked({ host: '192.168.1.20:3000', origin: 'https://otro-sitio.example' })).toBe(
      undefined,
    );
    expect(asked({ host: '192.168.1.20:3000', origin: 'null' })).toBe(undefined);
    expect(asked({ origin: 'http://192.168.1.20:3000' })).toBe(undefined);
  });

  it('un cliente sin Origin recibe la dirección pública en su host, y si no el host que llamó', () => {
    expect(asked({ host: 'cartera.example.com' })).toBe(PUBLIC);
    expect(asked({ host: 'localhost:3000' })).toBe('http://localhost:3000');
    expect(asked({ host: 'interno:8443' }, 'https')).toBe('https://interno:8443');
    expect(asked({})).toBe(undefined);
  });
});
