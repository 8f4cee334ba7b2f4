import { describe, expect, it } from 'vitest';
import { chatPartsOf, inboundReading, mapUrlOf, orderTotal } from './chat-parts';

describe('lo que el cliente envió además de texto (issue #31)', () => {
  it('un botón o una fila de lista se lee como su título', () => {
    const parts = chatPartsOf({ choice: { kind: 'list_reply', title: 'Envío exprés', id: 'x' } });
    expect(inboundReading(parts, '')).toBe('Envío exprés');
  });

  it('una ubicación se lee como su nombre y dirección, con un enlace al mapa', () => {
    const location = {
      latitude: -34.9011,
      longitude: -56.1645,
      name: 'Tienda',
      address: '18 de Julio 1234',
    };
    expect(inboundReading(chatPartsOf({ location }), '')).toBe('Tienda, 18 de Julio 1234');
    expect(inboundReading(chatPartsOf({ location: { latitude: 1, longitude: 2 } }), '')).toBe(
      'Ubicación compartida',
    );
    expect(mapUrlOf(location)).toBe(
      'https://www.openstreetmap.org/?mlat=-34.901100&mlon=-56.164500#map=17/-34.901100/-56.164500',
    );
    expect(mapUrlOf({ ...location, url: 'javascript:alert(1)' })).toMatch(
      /^https:\/\/www\.openstreetmap/,
    );
  });

  it('un pedido suma su total solo con precios en una moneda', () => {
    expect(
      orderTotal({ items: [{ productId: 'a', quantity: 2, price: 1.5, currency: 'MXN' }] }),
    ).toEqual({ amount: 3, currency: 'MXN' });
    expect(
      orderTotal({
        items: [
          { productId: 'a', quantity: 1, price: 1, currency: 'MXN' },
          { productId: 'b', quantity: 1, price: 1, currency: 'USD' },
        ],
      }),
    ).toBeNull();
  });

  it('un tipo sin lectura se nombra en español, nunca como [tipo]', () => {
    const reading = inboundReading(chatPartsOf({ unsupported: 'pollCreationMessage' }), '');
    expect(reading).toContain('«encuesta»');
    expect(reading).not.toMatch(/\[/);
    expect(inboundReading(chatPartsOf({ unsupported: 'hologram' }), '')).toContain('«hologram»');
  });

  it('un aviso de cambio de número nombra el número nuevo', () => {
    const parts = chatPartsOf({
      system: { kind: 'customer_changed_number', newPhone: '+5215512345678' },
    });
    expect(inboundReading(parts, '')).toBe(
      'El cliente cambió su número de WhatsApp a +5215512345678',
    );
  });

  it('datos mal formados se ignoran', () => {
    expect(chatPartsOf({ location: { latitude: 'x' } }).location).toBeNull();
    expect(chatPartsOf(null).choice).toBeNull();
  });
});
