import { describe, expect, it } from 'vitest';
import { placeFieldErrors } from './field-errors';

describe('los errores de campo del servidor', () => {
  it('van al campo que nombra la ruta, sin la clave que envuelve los datos', () => {
    const placed = placeFieldErrors(
      {
        'data.name': ['Requerido', 'Otro'],
        'data.phones.0.phone': ['Inválido'],
        'data.phones.1.phone': [],
        'data.unknown': ['Sin campo'],
      },
      (parts) => (parts[0] === 'unknown' ? null : parts.join('.')),
      'data',
    );
    expect(placed).toEqual({
      fields: { name: 'Requerido', 'phones.0.phone': 'Inválido' },
      rest: ['Sin campo'],
    });
  });

  it('un campo se queda con el primer mensaje', () => {
    const placed = placeFieldErrors({ 'a.0': ['uno'], 'a.1': ['dos'] }, (parts) => parts[0]!);
    expect(placed.fields).toEqual({ a: 'uno' });
  });
});
