import { describe, expect, it } from 'vitest';
import { backLink } from './back-link';

const me = '0190a1b2-0000-7000-8000-000000000001';
const seller = '0190a1b2-0000-7000-8000-000000000002';
const shared = '0190a1b2-0000-7000-8000-000000000003';

describe('el enlace para volver desde un contacto', () => {
  it('vuelve a la bandeja de la que se abrió', () => {
    expect(backLink('me', me)).toMatchObject({
      label: 'Volver a Conversaciones',
      link: { to: '/contact', search: { agent: undefined } },
    });
    expect(backLink(me, me).link).toMatchObject({ to: '/contact' });
    expect(backLink(seller, me)).toMatchObject({
      label: 'Volver a Conversaciones',
      link: { to: '/contact', search: { agent: seller } },
    });
    expect(backLink('unassigned', me)).toMatchObject({
      label: 'Volver a Inbox',
      link: { to: '/contact/unassigned' },
    });
    expect(backLink(`shared:${shared}`, me)).toMatchObject({
      label: 'Volver a Carteras compartidas',
      link: { to: '/contact/sharedinbox', search: { shared } },
    });
  });

  it('sin bandeja, o con una desconocida, vuelve a Contactos', () => {
    for (const inbox of [undefined, 'cualquiera', 'shared:nada']) {
      expect(backLink(inbox, me)).toEqual({
        label: 'Volver a Contactos',
        link: { to: '/contacts' },
      });
    }
  });
});
