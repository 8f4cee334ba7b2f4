import { describe, expect, it } from 'vitest';
import { mailServersFor, ZConnectImapInput } from './email';

describe('servidores de correo propuestos', () => {
  it('usa los de un proveedor conocido, también por sus otros dominios', () => {
    expect(mailServersFor('ana@gmail.com')?.imap).toEqual({
      host: 'imap.gmail.com',
      port: 993,
      security: 'tls',
    });
    expect(mailServersFor('Ana@Hotmail.com')?.smtp).toEqual({
      host: 'smtp.office365.com',
      port: 587,
      security: 'starttls',
    });
  });

  it('propone imap. y smtp. del dominio con TLS, y nada sin dominio', () => {
    expect(mailServersFor('ventas@empresa.com.uy')).toEqual({
      imap: { host: 'imap.empresa.com.uy', port: 993, security: 'tls' },
      smtp: { host: 'smtp.empresa.com.uy', port: 465, security: 'tls' },
    });
    expect(mailServersFor('ventas@')).toBeUndefined();
    expect(mailServersFor('ventas')).toBeUndefined();
  });

  it('rechaza un servidor escrito como dirección web, con su mensaje', () => {
    const parsed = ZConnectImapInput.safeParse({
      address: 'ana@empresa.com',
      password: 'x',
      imap: { host: 'https://imap.empresa.com', port: 993, security: 'tls' },
      smtp: { host: 'smtp.empresa.com', port: 465, security: 'tls' },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['imap.host', 'Escribe solo el nombre del servidor, por ejemplo imap.tudominio.com.'],
    ]);
  });
});
