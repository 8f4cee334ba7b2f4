import { describe, expect, it } from 'vitest';
import {
  AVATAR_COLORS,
  avatarColor,
  channelView,
  mapLink,
  nationalPhone,
  seesOnlyOwnContacts,
  transferFailureLines,
} from './contact-format';

describe('contactos: formatos de la ficha', () => {
  it('muestra un número guardado en E.164 en el formato nacional de su país', () => {
    expect(nationalPhone('+59899123456', 'UY')).toBe('099 123 456');
    expect(nationalPhone('no es un número', 'UY')).toBe('no es un número');
  });

  it('el enlace al mapa usa las coordenadas y, sin ellas, la dirección', () => {
    expect(
      mapLink({
        formatted_address: 'Av. 18 de Julio 1234, Montevideo',
        location: { latitude: -34.9, longitude: -56.18 },
      }),
    ).toBe('https://www.google.com/maps/search/?api=1&query=-34.9%2C-56.18');
    expect(mapLink({ formatted_address: 'Av. 18 de Julio 1234', location: null })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Av.%2018%20de%20Julio%201234',
    );
  });

  it('solo el vendedor ve únicamente sus contactos', () => {
    expect(seesOnlyOwnContacts(['user'])).toBe(true);
    expect(seesOnlyOwnContacts(['super'])).toBe(false);
    expect(seesOnlyOwnContacts(['comercial'])).toBe(false);
  });

  it('una red social muestra su nombre, la cuenta y el perfil cuando se conoce', () => {
    expect(channelView({ type: 'instagram', config: { username: '@tienda' } })).toEqual({
      network: 'Instagram',
      account: '@tienda',
      href: 'https://www.instagram.com/tienda',
    });
    expect(channelView({ type: 'facebook', config: { PSID: '123' } })).toEqual({
      network: 'Facebook',
      account: '123',
      href: null,
    });
  });
});

describe('contactos: errores de transferencia', () => {
  it('un código de transferencia da su texto seguido de "Error {código}"', () => {
    expect(transferFailureLines('ERROR_YOURSELF_TRANSFER', 'otro')).toEqual([
      'No puedes transferirte tus propios contactos a ti mismo',
      'Error ERROR_YOURSELF_TRANSFER',
    ]);
    expect(transferFailureLines('TRANSFER_ERROR_NOT_AUTHORIZED_GROUP', 'otro')).toEqual([
      'No perteneces al grupo del agente a transferir',
      'Error TRANSFER_ERROR_NOT_AUTHORIZED_GROUP',
    ]);
  });

  it('cualquier otro fallo muestra el texto recibido', () => {
    expect(transferFailureLines('CONTACT_NOT_FOUND', 'Contacto no encontrado')).toEqual([
      'Contacto no encontrado',
    ]);
    expect(transferFailureLines(undefined, 'Sin conexión')).toEqual(['Sin conexión']);
  });

  it('el color de la letra del avatar recorre 11 colores de la A a la Z (03 §9)', () => {
    expect(AVATAR_COLORS).toHaveLength(11);
    expect(new Set(AVATAR_COLORS).size).toBe(11);
    expect(avatarColor('Ana')).toBe(AVATAR_COLORS[0]);
    expect(avatarColor('luis')).toBe(AVATAR_COLORS[0]);
    expect(avatarColor('Walter')).toBe(AVATAR_COLORS[0]);
    expect(avatarColor('Bruno')).toBe(AVATAR_COLORS[1]);
    expect(avatarColor('Karina')).toBe(AVATAR_COLORS[10]);
    expect(avatarColor('Zoe')).toBe(AVATAR_COLORS[25 % 11]);
    expect(avatarColor('Álvaro')).toBe(AVATAR_COLORS[0]);
    expect(avatarColor('  Ñandú')).toBe(avatarColor('Nadia'));
    expect(avatarColor('9 de Julio')).toBe('gray');
    expect(avatarColor('')).toBe('gray');
  });
});
