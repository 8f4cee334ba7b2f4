import { describe, expect, it } from 'vitest';
import { contactFormFlags } from '@cartera/domain/contact-form';
import { type ContactFormContext } from '@cartera/domain/contact-sheet';
import {
  checkSheet,
  emptyCompany,
  emptyEmail,
  emptyPhone,
  initialSheetValues,
  phoneText,
  serverErrorsOf,
  snapshotOf,
  type SheetValues,
} from './sheet-values';
import type { ContactDetail } from '../contact-format';

const context: ContactFormContext = {
  mode: 'create',
  country: 'UY',
  flags: contactFormFlags({ businessSalesModel: 1 }),
  activeOrigins: ['web'],
};

const COMPANY_A = '0190a0c2-0000-7000-8000-00000000000a';
const COMPANY_B = '0190a0c2-0000-7000-8000-00000000000b';

function sheet(overrides: Partial<SheetValues> = {}): SheetValues {
  return { ...initialSheetValues(undefined, 'UY'), firstName: 'Lucía', ...overrides };
}

const phone = (number: string) => ({ ...emptyPhone(), phone: number });

describe('los valores de la ficha', () => {
  it('una ficha nueva empieza con un teléfono y un email vacíos', () => {
    const values = initialSheetValues(undefined, 'UY');
    expect(values.phones.map((row) => row.phone)).toEqual(['']);
    expect(values.emails.map((row) => row.email)).toEqual(['']);
    expect(values.affiliatedCompanyGroup).toEqual([]);
  });

  it('un número guardado se muestra como se escribe en su país', () => {
    expect(phoneText('+59899123456', 'UY')).toBe('099 123 456');
    // A foreign number keeps its country code: its national form would read as Uruguayan.
    expect(phoneText('+5491123456789', 'UY')).toBe('+54 9 11 2345 6789');
  });

  it('los mensajes quedan en la fila que los provoca', () => {
    const values = sheet({
      phones: [phone('099 765 432'), phone('+598 99 765 432')],
    });
    const [first, second] = values.phones;
    const check = checkSheet(values, {}, context);
    expect(check.output).toBeNull();
    expect(check.errors).toEqual({
      [`phones.${first!.key}.phone`]: 'El número de teléfono se encuentra repetido.',
      [`phones.${second!.key}.phone`]: 'El número de teléfono se encuentra repetido.',
    });
  });

  it('un mismo número escrito de otra forma no es un cambio', () => {
    const saved = sheet({ phones: [phone('099 123 456')] });
    const retyped = { ...saved, phones: [{ ...saved.phones[0]!, phone: '+59899123456' }] };
    expect(snapshotOf(checkSheet(retyped, {}, context), retyped, {})).toBe(
      snapshotOf(checkSheet(saved, {}, context), saved, {}),
    );
    const renamed = { ...saved, firstName: 'Lucía Inés' };
    expect(snapshotOf(checkSheet(renamed, {}, context), renamed, {})).not.toBe(
      snapshotOf(checkSheet(saved, {}, context), saved, {}),
    );
  });
});

describe('los errores del servidor en la ficha', () => {
  it('los índices del cuerpo enviado vuelven a las filas que lo formaron', () => {
    // Blank phones, blank e-mails and rows without a company are not sent.
    const values = sheet({
      phones: [phone(''), phone('099 111 222'), phone('099 333 444')],
      emails: [emptyEmail(), { ...emptyEmail(), email: 'a@ejemplo.com' }],
      affiliatedCompanyGroup: [
        emptyCompany(),
        { ...emptyCompany(), companyId: COMPANY_A },
        { ...emptyCompany(), companyId: COMPANY_A },
        { ...emptyCompany(), companyId: COMPANY_B },
      ],
    });
    const placed = serverErrorsOf(
      {
        'phones.1.phone': ['El número de teléfono ya pertenece a otro contacto.'],
        'emails.0': ['El email tiene que ser válido'],
        'affiliatedCompanyGroup.1.sectorId': ['El sector no pertenece a la empresa.'],
        'values.firstName': ['Este campo es obligatorio'],
        'additionalData.rubro': ['El campo es requerido.'],
        _: ['Cuerpo de solicitud inválido'],
      },
      values,
    );
    expect(placed.fields).toEqual({
      [`phones.${values.phones[2]!.key}.phone`]:
        'El número de teléfono ya pertenece a otro contacto.',
      [`emails.${values.emails[1]!.key}`]: 'El email tiene que ser válido',
      [`affiliatedCompanyGroup.${values.affiliatedCompanyGroup[3]!.key}.sectorId`]:
        'El sector no pertenece a la empresa.',
      firstName: 'Este campo es obligatorio',
    });
    expect(placed.additional).toEqual({ rubro: 'El campo es requerido.' });
    expect(placed.rest).toEqual(['Cuerpo de solicitud inválido']);
  });
});

describe('editar un contacto', () => {
  it('parte de los datos guardados', () => {
    const contact = {
      firstName: 'Ana',
      lastName: 'Suárez',
      phones: [{ phone: '+59899123456', national: '099 123 456', extensionNumber: '12' }],
      emails: [],
      govId: '',
      statusTag: 'new',
      origin: 'web',
      originText: '',
      detail: '',
      contactLocation: null,
      affiliations: [
        {
          companyId: COMPANY_A,
          companyName: 'Barraca Central S.A.',
          sectorId: null,
          sectorName: null,
          role: 'Compras',
        },
      ],
    } as unknown as ContactDetail;
    const values = initialSheetValues(contact, 'UY');
    expect(
      values.phones.map(({ phone: number, extensionNumber }) => [number, extensionNumber]),
    ).toEqual([['099 123 456', '12']]);
    expect(values.emails.map((row) => row.email)).toEqual(['']);
    expect(values.affiliatedCompanyGroup.map(({ companyId, role }) => [companyId, role])).toEqual([
      [COMPANY_A, 'Compras'],
    ]);
  });
});
