import { describe, expect, it } from 'vitest';
import { es } from '@cartera/domain/i18n';
import {
  dateInputText,
  fieldError,
  numberInputText,
  readableTextColor,
  toFormValue,
  toStoredValue,
  type FormField,
} from './field-values';

function field(overrides: Partial<FormField>): FormField {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    entity: 'company',
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
    position: 0,
    sharedOptions: [],
    ...overrides,
  };
}

describe('valores de los campos adicionales', () => {
  it('las fechas se editan DD/MM/YYYY y se guardan ISO', () => {
    const date = field({ type: 'date' });
    expect(toFormValue(date, '2021-03-05')).toBe('05/03/2021');
    expect(toStoredValue(date, '05/03/2021')).toBe('2021-03-05');
    expect(toStoredValue(date, '')).toBeNull();
    expect(fieldError(date, '31/02/2021')).toBe(es.fields.invalidDate);
    expect(fieldError(date, '05/03/2021')).toBeNull();
    expect(dateInputText('05-03/2021abc')).toBe('0503/2021');
  });

  it('los números aceptan solo dígitos y más, y se guardan como número', () => {
    const number = field({ type: 'number' });
    expect(numberInputText('1a2.5+')).toBe('125+');
    expect(toFormValue(number, 120)).toBe('120');
    expect(toStoredValue(number, '120')).toBe(120);
    expect(fieldError(number, '+')).toBe(es.fields.notANumber);
    expect(fieldError(field({ type: 'number', minChars: 2, maxChars: 3 }), '1')).toBe(
      'El valor debe tener entre 2 y 3 caracteres.',
    );
  });

  it('un campo requerido vacío dice "El campo es requerido."', () => {
    for (const type of ['string', 'select', 'multiselect', 'phonenumbers', 'direction'] as const) {
      const required = field({ type, required: true });
      expect(fieldError(required, toFormValue(required, undefined))).toBe('El campo es requerido.');
    }
  });

  it('los teléfonos vacíos no se envían y los inválidos se marcan', () => {
    const phones = field({ type: 'phonenumbers' });
    expect(toStoredValue(phones, ['099123456', ' '])).toEqual(['099123456']);
    expect(toStoredValue(phones, [''])).toBeNull();
    expect(fieldError(phones, ['12'], { country: 'uy' })).toBe(es.fields.invalidPhone);
    expect(fieldError(phones, ['099123456'], { country: 'uy' })).toBeNull();
  });

  it('las opciones compartidas deben existir en el campo', () => {
    const shared = field({
      type: 'sharedmultioptions',
      sharedOptions: [{ code: 'vip', name: 'VIP', backgroundColor: '#C2185B', color: '#FFFFFF' }],
    });
    expect(fieldError(shared, ['vip'])).toBeNull();
    expect(fieldError(shared, ['otra'])).toBe(es.fields.invalidOption);
  });

  it('una dirección escrita a mano se guarda como texto', () => {
    const direction = field({ type: 'direction' });
    expect(toStoredValue(direction, { formatted_address: '  Ruta 5 km 30 ' })).toEqual({
      formatted_address: 'Ruta 5 km 30',
    });
    expect(toStoredValue(direction, { formatted_address: '  ' })).toBeNull();
  });

  it('el texto de una opción es blanco sobre colores oscuros y negro sobre claros', () => {
    expect(readableTextColor('#0080FF')).toBe('#FFFFFF');
    expect(readableTextColor('#000000')).toBe('#FFFFFF');
    expect(readableTextColor('#FFAB00')).toBe('#000000');
    expect(readableTextColor('#FFFFFF')).toBe('#000000');
  });
});
