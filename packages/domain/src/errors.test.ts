import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, ERROR_HTTP_STATUS } from './errors';
import { errorMessage, errorMessages, format, GENERIC_SERVER_ERROR } from './i18n/es';

describe('catálogo de errores', () => {
  it('tiene un texto en español para cada código', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessages[code], code).toMatch(/\S/);
    }
  });

  it('usa el texto genérico exacto de la especificación para errores internos', () => {
    expect(errorMessage('INTERNAL_SERVER_ERROR')).toBe(
      'Se produjo un error en el servidor. Por favor, inténtelo nuevamente. Si el problema persiste, pongase en contacto con soporte.',
    );
    expect(errorMessage('UN_CODIGO_QUE_NO_EXISTE')).toBe(GENERIC_SERVER_ERROR);
  });

  it('comparte los textos de transferencia con el prefijo TRANSFER_', () => {
    expect(errorMessage('TRANSFER_ERROR_YOURSELF_TRANSFER')).toBe(
      'No puedes transferirte tus propios contactos a ti mismo',
    );
  });

  it('rellena los marcadores del texto', () => {
    expect(errorMessage('COMPANY_ALREADY_EXISTS', { singular: 'Empresa' })).toBe(
      'Empresa ya registrada',
    );
    expect(format('{n} archivos y {x}', { n: 3 })).toBe('3 archivos y {x}');
  });

  it('lleva el estado HTTP del código en el error', () => {
    const error = new DomainError('CONTACT_NOT_FOUND', { id: 'x' });
    expect(error.httpStatus).toBe(404);
    expect(error.code).toBe('CONTACT_NOT_FOUND');
    expect(ERROR_HTTP_STATUS.INTERNAL_SERVER_ERROR).toBe(500);
  });
});
