import { describe, expect, it } from 'vitest';
import {
  isFieldVisible,
  matchesUsersFilters,
  parseDisplayDate,
  validateFieldValue,
  type FieldDefinition,
} from './custom-fields';

const field = (overrides: Partial<FieldDefinition>): FieldDefinition => ({
  code: 'campo',
  name: 'Campo',
  type: 'string',
  options: [],
  required: false,
  active: true,
  placeholder: '',
  uniqueField: false,
  onlyRead: false,
  disableForUsers: false,
  requiredOnSale: false,
  autocomplete: false,
  minChars: null,
  maxChars: null,
  optionsFilters: [],
  showOnProspectHeader: false,
  ...overrides,
});

describe('validación de campos configurables', () => {
  it('exige los campos requeridos con el texto de la especificación', () => {
    expect(validateFieldValue(field({ required: true }), '')).toBe('El campo es requerido.');
    expect(validateFieldValue(field({ required: true, type: 'multiselect' }), [])).toBe(
      'El campo es requerido.',
    );
    expect(validateFieldValue(field({ requiredOnSale: true }), '', { forSale: true })).toBe(
      'El campo es requerido.',
    );
    expect(validateFieldValue(field({ requiredOnSale: true }), '')).toBeNull();
  });

  it('pide un número en los campos numéricos', () => {
    expect(validateFieldValue(field({ type: 'number' }), 'abc')).toBe(
      'Tiene que ser rellenado con un número.',
    );
    expect(validateFieldValue(field({ type: 'number' }), 42)).toBeNull();
  });

  it('controla el largo con minChars y maxChars', () => {
    const bounded = field({ minChars: 2, maxChars: 5 });
    expect(validateFieldValue(bounded, 'a')).toBe('El valor debe tener entre 2 y 5 caracteres.');
    expect(validateFieldValue(bounded, 'abcdef')).toBe(
      'El valor debe tener entre 2 y 5 caracteres.',
    );
    expect(validateFieldValue(bounded, 'abc')).toBeNull();
  });

  it('valida fechas DD/MM/YYYY reales', () => {
    expect(parseDisplayDate('31/12/2026')).toBe('2026-12-31');
    expect(parseDisplayDate('31/02/2026')).toBeNull();
    expect(parseDisplayDate('2026-12-31')).toBeNull();
    expect(validateFieldValue(field({ type: 'date' }), '2026-02-31')).toBe(
      'La fecha tiene que ser válida con el formato DD/MM/YYYY',
    );
    expect(validateFieldValue(field({ type: 'date' }), '2026-02-28')).toBeNull();
  });

  it('valida teléfonos contra el país de la empresa', () => {
    const phones = field({ type: 'phonenumbers' });
    expect(validateFieldValue(phones, ['099123456'], { country: 'UY' })).toBeNull();
    expect(validateFieldValue(phones, ['12'], { country: 'UY' })).toBe(
      'El número de teléfono tiene que ser un válido.',
    );
  });

  it('solo acepta opciones definidas', () => {
    const select = field({ type: 'select', options: [{ name: 'Oro' }, { name: 'Plata' }] });
    expect(validateFieldValue(select, 'Oro')).toBeNull();
    expect(validateFieldValue(select, 'Bronce')).toBe('Selecciona una opción válida.');
    const shared = field({ type: 'sharedmultioptions' });
    expect(validateFieldValue(shared, ['a'], { sharedOptionCodes: ['a', 'b'] })).toBeNull();
    expect(validateFieldValue(shared, ['z'], { sharedOptionCodes: ['a', 'b'] })).toBe(
      'Selecciona una opción válida.',
    );
  });

  it('muestra disableForUsers solo a supervisores y comerciales, y oculta onlyRead al crear', () => {
    expect(isFieldVisible(field({ disableForUsers: true }), ['user'], 'edit')).toBe(false);
    expect(isFieldVisible(field({ disableForUsers: true }), ['super'], 'edit')).toBe(true);
    expect(isFieldVisible(field({ onlyRead: true }), ['comercial'], 'create')).toBe(false);
    expect(isFieldVisible(field({ onlyRead: true }), ['comercial'], 'edit')).toBe(true);
    expect(isFieldVisible(field({ active: false }), ['comercial'], 'edit')).toBe(false);
  });

  it('filtra por campos del usuario: número entero, texto igual, selección incluida', () => {
    expect(matchesUsersFilters([{ key: 'zona', type: 'number', value: 3 }], { zona: '3.7' })).toBe(
      true,
    );
    expect(
      matchesUsersFilters([{ key: 'pais', type: 'string', value: 'UY' }], { pais: 'AR' }),
    ).toBe(false);
    expect(
      matchesUsersFilters([{ key: 'linea', type: 'select', value: ['hogar', 'autos'] }], {
        linea: 'autos',
      }),
    ).toBe(true);
    expect(matchesUsersFilters([], {})).toBe(true);
  });
});
