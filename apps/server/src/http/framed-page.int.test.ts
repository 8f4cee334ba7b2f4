import { describe, expect, it } from 'vitest';
import { errorMessage } from '@cartera/domain/i18n';
import { useDemoApp } from '../testing/demo-app';
import { COMERCIAL } from '../testing/demo-users';

/**
 * Issue #30 S13: the web's pages connect to and frame only themselves; another site's page that
 * the company configured (an internal shortcut, the coach's meeting page) is framed through
 * /api/frame, which lets only that origin in, for a signed-in user of that company.
 */
const env = useDemoApp();

async function framed(address: string, email?: string) {
  const headers: Record<string, string> = {};
  if (email) headers.authorization = `Bearer ${await env.tokenOf(email)}`;
  const response = await fetch(`${env.app.url}/api/frame?url=${encodeURIComponent(address)}`, {
    headers,
  });
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    body: await response.text(),
  };
}

describe('páginas de otros sitios dentro de Cartera (S13)', () => {
  it('la política del sitio solo se conecta a sí misma y enmarca lo suyo y el teléfono de Aircall', async () => {
    const response = await fetch(`${env.app.url}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self'");
    // The softphone is Aircall's web phone in an iframe (issue #39); nothing else from outside.
    expect(directive('frame-src')).toBe("frame-src 'self' blob: https://phone.aircall.io");
  });

  it('un acceso directo interno de la empresa se enmarca; uno externo u otra dirección no', async () => {
    const internal = await env.call(COMERCIAL, 'catalog.createShortcut', {
      title: 'Ficha del CRM',
      url: 'https://crm.example.com/ficha?tel={{contact.phones.0}}',
      redirectionType: 'internal',
    });
    expect(internal.status).toBe(200);
    const external = await env.call(COMERCIAL, 'catalog.createShortcut', {
      title: 'Agenda',
      url: 'https://agenda.example.com/',
      redirectionType: 'external',
    });
    expect(external.status).toBe(200);

    const page = await framed(
      'https://crm.example.com/ficha?tel=%2B59899123456&a="<x>',
      'vendedor@demo.test',
    );
    expect(page.status).toBe(200);
    expect(page.csp).toContain('frame-src https://crm.example.com;');
    expect(page.csp).toContain("default-src 'none'");
    expect(page.csp).toContain("frame-ancestors 'self'");
    expect(page.body).toContain(
      '<iframe src="https://crm.example.com/ficha?tel=%2B59899123456&amp;a=%22%3Cx%3E"',
    );

    for (const address of [
      'https://agenda.example.com/',
      'https://evil.example.net/',
      'javascript:alert(1)',
      'no es una dirección',
    ]) {
      const refused = await framed(address, 'vendedor@demo.test');
      expect(refused.status, address).toBe(403);
      expect(refused.body).toContain(errorMessage('FRAME_NOT_ALLOWED'));
      expect(refused.csp).toContain("frame-src 'none'");
    }
  });

  it('sin sesión, o para otra empresa, no enmarca nada', async () => {
    const anonymous = await framed('https://crm.example.com/ficha');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('<iframe');
    const other = await framed('https://crm.example.com/ficha', 'vendedor@otra.test');
    expect(other.status).toBe(403);
    expect(other.body).not.toContain('<iframe');
  });

  it("la página de reuniones del entrenador de la empresa se enmarca ('Agendar reunión')", async () => {
    const coach = await env.call('vendedora@demo.test', 'training.coach');
    const meetLink = coach.data!.coach!.meetLink!;
    const page = await framed(meetLink, 'vendedora@demo.test');
    expect(page.status).toBe(200);
    expect(page.csp).toContain(`frame-src ${new URL(meetLink).origin};`);
  });
});
