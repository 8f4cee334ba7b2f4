import { describe, expect, it } from 'vitest';
import {
  addressKeyAction,
  addressLabel,
  commitTyped,
  parseAddress,
  pendingError,
  withPending,
} from './address-list';

const ana = { email: 'ana@correo.com' };

describe('una dirección escrita (03 §5)', () => {
  it('toma la dirección sola o con su nombre, en minúsculas', () => {
    expect(parseAddress(' Ana@Correo.com ')).toEqual(ana);
    expect(parseAddress('Ana Pérez <ana@correo.com>')).toEqual({
      email: 'ana@correo.com',
      name: 'Ana Pérez',
    });
    expect(parseAddress('"Pérez, Ana" <ana@correo.com>')).toEqual({
      email: 'ana@correo.com',
      name: 'Pérez, Ana',
    });
    expect(parseAddress('ana@')).toBeNull();
    expect(parseAddress('')).toBeNull();
  });

  it('se muestra con su nombre cuando lo tiene', () => {
    expect(addressLabel(ana)).toBe('ana@correo.com');
    expect(addressLabel({ email: 'ana@correo.com', name: 'Ana' })).toBe('Ana <ana@correo.com>');
  });
});

describe('lo escrito en un campo de direcciones', () => {
  it('un punto y coma o una coma agregan la dirección y dejan lo que sigue escrito', () => {
    expect(commitTyped([], 'ana@correo.com;', false)).toEqual({
      list: [ana],
      pending: '',
      invalid: null,
    });
    expect(commitTyped([], 'ana@correo.com, beto@correo', false)).toEqual({
      list: [ana],
      pending: 'beto@correo',
      invalid: null,
    });
  });

  it('sin separador, la dirección sigue escrita hasta Enter, Tab o salir del campo', () => {
    expect(commitTyped([], 'ana@correo.com', false)).toEqual({
      list: [],
      pending: 'ana@correo.com',
      invalid: null,
    });
    expect(commitTyped([], 'ana@correo.com', true).list).toEqual([ana]);
  });

  it('una lista pegada agrega todas, sin repetir las que ya están', () => {
    const typed = commitTyped([ana], 'ANA@correo.com; beto@correo.com; carla@correo.com', true);
    expect(typed.list.map((each) => each.email)).toEqual([
      'ana@correo.com',
      'beto@correo.com',
      'carla@correo.com',
    ]);
    expect(typed.pending).toBe('');
  });

  it('la primera que no es una dirección se queda escrita con lo que la sigue', () => {
    expect(commitTyped([], 'ana@correo.com; beto; carla@correo.com', true)).toEqual({
      list: [ana],
      pending: 'beto; carla@correo.com',
      invalid: 'beto',
    });
    expect(commitTyped([], 'beto;car', false)).toEqual({
      list: [],
      pending: 'beto; car',
      invalid: 'beto',
    });
  });

  it('lo escrito que no es una dirección da el error de la especificación', () => {
    expect(pendingError('')).toBeNull();
    expect(pendingError('  ')).toBeNull();
    expect(pendingError('ana@correo.com')).toBeNull();
    expect(pendingError(' beto ')).toBe('El email "beto" no es valido.');
  });

  it('al enviar, lo escrito válido cuenta; lo inválido no cambia la lista', () => {
    expect(withPending([], 'ana@correo.com')).toEqual([ana]);
    expect(withPending([ana], 'beto')).toEqual([ana]);
  });
});

describe('las teclas de un campo de direcciones (03 §5)', () => {
  it('Enter y Tab agregan lo escrito; sin nada escrito no hacen nada', () => {
    expect(addressKeyAction('Enter', 'ana@correo.com', 0, 0)).toBe('commit');
    expect(addressKeyAction('Tab', 'ana', 0, 0)).toBe('commit');
    expect(addressKeyAction('Enter', ' ', 1, 0)).toBe('none');
    expect(addressKeyAction('Tab', '', 1, 0)).toBe('none');
  });

  it('Backspace con el campo vacío quita la última, pero Para conserva una', () => {
    expect(addressKeyAction('Backspace', '', 2, 1)).toBe('removeLast');
    expect(addressKeyAction('Backspace', '', 1, 1)).toBe('none');
    expect(addressKeyAction('Backspace', '', 1, 0)).toBe('removeLast');
    expect(addressKeyAction('Backspace', 'a', 2, 0)).toBe('none');
  });
});
