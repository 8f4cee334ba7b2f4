import { describe, expect, it } from 'vitest';
import {
  contactFormFlags,
  isKindShown,
  isKnownFormKind,
  type ContactFormFlags,
  type ContactFormItem,
} from './contact-form';
import {
  contactFormSchema,
  countryName,
  phoneErrors,
  typedPhoneError,
  type ContactFormContext,
  type ContactFormValues,
} from './contact-sheet';
import { es, format } from './i18n/es';

const texts = es.contacts;

const NO_FLAGS: ContactFormFlags = contactFormFlags({});

const context = (overrides: Partial<ContactFormContext> = {}): ContactFormContext => ({
  mode: 'create',
  country: 'UY',
  flags: NO_FLAGS,
  activeOrigins: ['carga-manual', 'web'],
  ...overrides,
});

const values = (overrides: Partial<ContactFormValues> = {}): ContactFormValues => ({
  firstName: 'Lucía',
  lastName: 'Fernández',
  phones: [{ phone: '099 123 456', extensionNumber: '' }],
  emails: [],
  ...overrides,
});

/** The messages of a parse, keyed by their dotted path. */
function messagesOf(input: ContactFormValues, ctx: ContactFormContext = context()) {
  const result = contactFormSchema(ctx).safeParse(input);
  if (result.success) return {};
  const messages: Record<string, string> = {};
  for (const issue of result.error.issues) messages[issue.path.join('.')] ??= issue.message;
  return messages;
}

const invalidForUruguay =
  'El numero de teléfono tiene que ser un numero valido de Uruguay o de otro país con el codigo correspondiente';

describe('la ficha de contacto (02 §5)', () => {
  it('acepta un contacto completo y guarda el teléfono normalizado', () => {
    const result = contactFormSchema(context()).parse(
      values({
        firstName: '  Lucía ',
        emails: [' Lucia@Ejemplo.com ', '', 'lucia@ejemplo.com'],
        phones: [
          { phone: '099 123 456', extensionNumber: '' },
          { phone: '+54 9 11 2345 6789', extensionNumber: '' },
        ],
      }),
    );
    expect(result.firstName).toBe('Lucía');
    expect(result.phones.map((row) => row.phone)).toEqual(['+59899123456', '+5491123456789']);
    expect(result.emails).toEqual(['lucia@ejemplo.com']);
  });

  it('el nombre es obligatorio', () => {
    expect(messagesOf(values({ firstName: '   ' }))).toEqual({
      firstName: 'Este campo es obligatorio',
    });
    expect(texts.fieldRequired).toBe('Este campo es obligatorio');
  });

  it('el nombre y el apellido tienen como máximo 100 caracteres', () => {
    expect(messagesOf(values({ firstName: 'a'.repeat(101), lastName: 'b'.repeat(101) }))).toEqual({
      firstName: 'No debe tener más de 100 caracteres',
      lastName: 'No debe tener más de 100 caracteres',
    });
    expect(messagesOf(values({ firstName: 'a'.repeat(100) }))).toEqual({});
  });

  it('cada email tiene que ser válido', () => {
    expect(messagesOf(values({ emails: ['ok@ejemplo.com', 'no-es-un-email'] }))).toEqual({
      'emails.1': 'El email tiene que ser válido',
    });
  });

  it('el origen debe ser uno activo al crear, no al editar', () => {
    expect(messagesOf(values({ origin: 'viejo' }))).toEqual({
      origin: 'El origen debe ser válido',
    });
    expect(messagesOf(values({ origin: 'viejo' }), context({ mode: 'edit' }))).toEqual({});
  });

  it('la etiqueta es requerida cuando la configuración lo pide', () => {
    const flags = { ...NO_FLAGS, requiredTags: true };
    expect(messagesOf(values(), context({ flags }))).toEqual({
      statusTag: 'La etiqueta es requerida',
    });
    expect(messagesOf(values({ statusTag: 'new' }), context({ flags }))).toEqual({});
  });

  it('con empresa requerida y modelo de ventas a empresas, al menos una empresa', () => {
    const flags = { ...NO_FLAGS, businessSalesModel: true, requiredCompany: true };
    expect(
      messagesOf(
        values({ affiliatedCompanyGroup: [{ companyId: null, sectorId: null, role: '' }] }),
        context({ flags }),
      ),
    ).toEqual({ affiliatedCompanyGroup: 'Debes seleccionar al menos una empresa' });
    // Without the sales model the flag says nothing.
    expect(
      messagesOf(values(), context({ flags: { ...flags, businessSalesModel: false } })),
    ).toEqual({});
  });

  it('descarta las filas de empresa sin empresa y las repetidas', () => {
    const company = '0190a0c2-0000-7000-8000-000000000001';
    const result = contactFormSchema(context()).parse(
      values({
        affiliatedCompanyGroup: [
          { companyId: company, sectorId: null, role: 'Compras' },
          { companyId: null, sectorId: null, role: '' },
          { companyId: company, sectorId: null, role: 'Otra' },
        ],
      }),
    );
    expect(result.affiliatedCompanyGroup).toEqual([
      { companyId: company, sectorId: null, role: 'Compras' },
    ]);
  });

  it('el primer teléfono es obligatorio salvo que la configuración o los canales lo eximan', () => {
    const empty = values({ phones: [{ phone: '', extensionNumber: '' }] });
    expect(messagesOf(empty)).toEqual({
      'phones.0.phone': 'Se requiere un número de teléfono para el contacto',
    });
    expect(messagesOf(values({ phones: [] }))).toEqual({
      'phones.0.phone': 'Se requiere un número de teléfono para el contacto',
    });
    expect(messagesOf(empty, context({ flags: { ...NO_FLAGS, phoneOptional: true } }))).toEqual({});
    expect(messagesOf(empty, context({ hasChannels: true }))).toEqual({});
  });

  it('un teléfono adicional vacío es un error', () => {
    expect(
      messagesOf(
        values({
          phones: [
            { phone: '099 123 456', extensionNumber: '' },
            { phone: ' ', extensionNumber: '' },
          ],
        }),
      ),
    ).toEqual({ 'phones.1.phone': 'Es obligatorio completar el teléfono adicional' });
  });

  it('cada teléfono tiene que ser válido para el país o llevar su código', () => {
    expect(messagesOf(values({ phones: [{ phone: '123', extensionNumber: '' }] }))).toEqual({
      'phones.0.phone': invalidForUruguay,
    });
    expect(format(texts.phoneInvalidForCountry, { country: countryName('uy') })).toBe(
      invalidForUruguay,
    );
  });

  it('un número repetido en la ficha se marca en cada fila', () => {
    expect(
      messagesOf(
        values({
          phones: [
            { phone: '099 765 432', extensionNumber: '' },
            { phone: '+598 99 765 432', extensionNumber: '' },
          ],
        }),
      ),
    ).toEqual({
      'phones.0.phone': 'El número de teléfono se encuentra repetido.',
      'phones.1.phone': 'El número de teléfono se encuentra repetido.',
    });
  });

  it('la extensión solo admite números, y solo se guarda con internos', () => {
    const row = { phone: '099 123 456', extensionNumber: '12a' };
    expect(messagesOf(values({ phones: [row] }))).toEqual({
      'phones.0.extensionNumber': 'La extensión solo admite números',
    });
    const withExtension = { phone: '099 123 456', extensionNumber: '123' };
    const flags = { ...NO_FLAGS, internalPhoneNumbers: true };
    expect(
      contactFormSchema(context({ flags })).parse(values({ phones: [withExtension] })).phones,
    ).toEqual([{ phone: '+59899123456', extensionNumber: '123' }]);
    expect(contactFormSchema(context()).parse(values({ phones: [withExtension] })).phones).toEqual([
      { phone: '+59899123456', extensionNumber: '' },
    ]);
  });

  it('la ubicación es requerida cuando se muestra y se exige', () => {
    const flags = { ...NO_FLAGS, locationShown: true, locationRequired: true };
    expect(messagesOf(values(), context({ flags }))).toEqual({
      contactLocation: 'La ubicación es requerida',
    });
    expect(
      messagesOf(
        values({ contactLocation: { formatted_address: 'Av. 18 de Julio 1234, Montevideo' } }),
        context({ flags }),
      ),
    ).toEqual({});
  });

  it('el comentario tiene como máximo 255 caracteres y el documento 30', () => {
    expect(messagesOf(values({ detail: 'x'.repeat(256), govId: '1'.repeat(31) }))).toEqual({
      detail: 'El detalle no puede tener mas de 255 caracteres',
      govId: 'El documento no debe tener más de 30 caracteres',
    });
  });
});

describe('los errores de teléfono de la ficha', () => {
  it('siguen el orden de las filas', () => {
    expect(
      phoneErrors(
        [{ phone: '' }, { phone: '099 111 222' }, { phone: '' }, { phone: '0991' }],
        'UY',
        { required: true },
      ),
    ).toEqual([
      [0, texts.phoneRequired],
      [2, texts.extraPhoneRequired],
      [3, invalidForUruguay],
    ]);
  });

  it('no marcan como repetido un número inválido', () => {
    expect(phoneErrors([{ phone: '12' }, { phone: '12' }], 'UY', { required: true })).toEqual([
      [0, invalidForUruguay],
      [1, invalidForUruguay],
    ]);
  });
});

describe('el número tecleado', () => {
  it('es inválido si no se reconoce para el país ni con código', () => {
    expect(typedPhoneError('099 12', 'UY')).toBe('El número ingresado no es válido');
    expect(typedPhoneError('099 123 456', 'UY')).toBeNull();
    expect(typedPhoneError('+54 9 11 2345 6789', 'UY')).toBeNull();
    expect(typedPhoneError('  ', 'UY')).toBeNull();
  });
});

describe('los campos de la definición', () => {
  it('reconoce los tipos conocidos', () => {
    expect(isKnownFormKind('phones')).toBe(true);
    expect(isKnownFormKind('fax')).toBe(false);
  });

  it('sin apellido se muestra el documento, salvo que también esté deshabilitado', () => {
    expect(isKindShown('lastName', NO_FLAGS)).toBe(true);
    expect(isKindShown('govId', NO_FLAGS)).toBe(false);
    const noLastname = { ...NO_FLAGS, disableLastname: true };
    expect(isKindShown('lastName', noLastname)).toBe(false);
    expect(isKindShown('govId', noLastname)).toBe(true);
    expect(isKindShown('govId', { ...noLastname, disableGovId: true })).toBe(false);
  });

  it('la ubicación y las empresas dependen de sus banderas', () => {
    expect(isKindShown('location', NO_FLAGS)).toBe(false);
    expect(isKindShown('location', contactFormFlags({ locationRequired: 1 }))).toBe(true);
    expect(isKindShown('affiliatedCompanyGroup', NO_FLAGS)).toBe(false);
    expect(isKindShown('affiliatedCompanyGroup', contactFormFlags({ businessSalesModel: 1 }))).toBe(
      true,
    );
  });
});

describe("kinds the company's form definition makes required ('Mi Empresa')", () => {
  const flagsWith = (form: ContactFormItem[]) => contactFormFlags({}, { form });

  it('requires what is marked and shown, never a hidden kind or one the flags hide', () => {
    const flags = flagsWith([
      { kind: 'emails', required: true },
      { kind: 'detail', required: true, hidden: true },
      { kind: 'location', required: true },
      { kind: 'firstName', required: true },
    ]);
    expect(flags.requiredKinds).toEqual(['emails']);
    expect(messagesOf(values(), context({ flags }))).toEqual({ 'emails.0': texts.fieldRequired });
    expect(messagesOf(values({ emails: ['ana@ejemplo.com'] }), context({ flags }))).toEqual({});
  });

  it('asks for the origin on creation only', () => {
    const flags = flagsWith([{ kind: 'origin', required: true }]);
    expect(messagesOf(values(), context({ flags }))).toEqual({ origin: texts.fieldRequired });
    expect(messagesOf(values(), context({ flags, mode: 'edit' }))).toEqual({});
  });
});
