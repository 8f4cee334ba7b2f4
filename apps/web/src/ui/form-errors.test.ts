import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage, es } from '@cartera/domain/i18n';
import { ZShortcutInput } from '@cartera/domain/shortcuts';
import { issueErrors, serverFormErrors } from './form-errors';
import { checkForm } from './use-entity-form';

/** A failed save as the server's error formatter shapes it. */
function serverError(
  domainCode: string,
  message: string,
  extra: { fieldErrors?: Record<string, string[]>; details?: Record<string, unknown> } = {},
) {
  return TRPCClientError.from({
    error: {
      code: -32600,
      message,
      data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'x.y', domainCode, ...extra },
    },
  });
}

describe('los errores del servidor en un formulario', () => {
  it('un código que el formulario nombra va bajo su campo y no arriba de los botones', () => {
    const taken = serverError('USER_EMAIL_TAKEN', 'El correo ya está en uso');
    expect(serverFormErrors(taken, { codes: { USER_EMAIL_TAKEN: 'email' } })).toEqual({
      fields: { email: 'El correo ya está en uso' },
      message: null,
    });
    expect(
      serverFormErrors(taken, { codes: (code) => (code.endsWith('_TAKEN') ? 'code' : null) }),
    ).toEqual({ fields: { code: 'El correo ya está en uso' }, message: null });
  });

  it('los errores de zod van bajo los campos de su ruta, sin la clave que envuelve los datos', () => {
    const invalid = serverError('INVALID_REQUEST_BODY', 'Datos inválidos', {
      fieldErrors: {
        'values.config.phoneNumberId': ['Requerido'],
        'values.name': ['Muy largo'],
      },
    });
    const placed = serverFormErrors(invalid, {
      within: 'values',
      place: ([head, key]) => (head === 'config' && key ? `config.${key}` : (head ?? null)),
    });
    expect(placed).toEqual({
      fields: { 'config.phoneNumberId': 'Requerido', name: 'Muy largo' },
      message: null,
    });
  });

  it('un mensaje que ningún campo toma queda arriba de los botones junto a los de campo', () => {
    const invalid = serverError('INVALID_REQUEST_BODY', 'Datos inválidos', {
      fieldErrors: { 'data.name': ['Requerido'], 'data.other': ['Sin campo'] },
    });
    const placed = serverFormErrors(invalid, {
      within: 'data',
      place: ([head]) => (head === 'name' ? 'name' : null),
    });
    expect(placed).toEqual({ fields: { name: 'Requerido' }, message: 'Sin campo' });
  });

  it('el campo que nombran los detalles de un error de dominio recibe su mensaje', () => {
    const one = serverError('X_INVALID', 'No sirve', { details: { field: 'title' } });
    expect(serverFormErrors(one)).toEqual({ fields: { title: 'No sirve' }, message: null });
    const many = serverError('X_INVALID', 'Revise los campos', {
      details: { fields: { rubro: 'El campo es requerido.' } },
    });
    expect(serverFormErrors(many)).toEqual({
      fields: { rubro: 'El campo es requerido.' },
      message: null,
    });
  });

  it('cualquier otro fallo se lee en español arriba de los botones', () => {
    const denied = serverError('PERMISSION_DENIED', errorMessage('PERMISSION_DENIED'));
    expect(serverFormErrors(denied)).toEqual({
      fields: {},
      message: errorMessage('PERMISSION_DENIED'),
    });
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(serverFormErrors(offline).message).toBe(errorMessage('SERVICE_UNAVAILABLE'));
  });
});

describe('la validación por el esquema del dominio', () => {
  it('cada campo se queda con el primer mensaje de su ruta', () => {
    expect(
      issueErrors([
        { path: ['avatar', 'url'], message: 'uno' },
        { path: ['avatar'], message: 'dos' },
        { path: [], message: 'sin campo' },
      ]),
    ).toEqual({ avatar: 'uno' });
  });

  it('los mensajes en español del esquema quedan bajo sus campos y nada se envía', () => {
    const check = checkForm(
      { title: ' ', url: 'ftp://x', icon: null as string | null },
      {
        schema: ZShortcutInput,
        input: (values) => ({
          title: values.title,
          url: values.url,
          avatar: { type: 'icon', url: values.icon },
        }),
      },
    );
    expect(check.parsed?.success).toBe(false);
    expect(check.errors).toEqual({
      title: es.company.shortcuts.titleRequired,
      url: es.company.shortcuts.urlInvalid,
      avatar: es.company.shortcuts.avatarIconRequired,
    });
  });

  it('las reglas propias del formulario se suman a las del esquema', () => {
    const check = checkForm(
      { name: '', color: 'rojo' },
      { validate: (values) => (values.color.startsWith('#') ? {} : { color: 'Color inválido' }) },
    );
    expect(check.parsed).toBeNull();
    expect(check.errors).toEqual({ color: 'Color inválido' });
  });

  it('unos valores válidos dan la salida del esquema, sin errores', () => {
    const check = checkForm(
      { title: ' Mapa ', url: 'https://maps.example.com/?q={{contact.address}}' },
      { schema: ZShortcutInput },
    );
    expect(check.errors).toEqual({});
    expect(check.parsed).toEqual({
      success: true,
      data: {
        title: 'Mapa',
        url: 'https://maps.example.com/?q={{contact.address}}',
        redirectionType: 'internal',
        avatar: null,
      },
    });
  });
});
