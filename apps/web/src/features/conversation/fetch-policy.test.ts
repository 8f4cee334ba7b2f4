import { describe, expect, it } from 'vitest';
import { errorMessage, es } from '@cartera/domain/i18n';
import { contactFetchFailure, fetchRetryDelay, shouldRetryFetch } from './fetch-policy';

describe('la carga del contacto', () => {
  it('espera 1 s, 2 s, 4 s… hasta 10 s entre intentos', () => {
    expect([0, 1, 2, 3, 4, 5].map(fetchRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('reintenta 3 veces un error interno o de red, nunca un contacto inexistente', () => {
    expect(shouldRetryFetch(0, 'INTERNAL_SERVER_ERROR')).toBe(true);
    expect(shouldRetryFetch(2, undefined)).toBe(true);
    expect(shouldRetryFetch(3, undefined)).toBe(false);
    expect(shouldRetryFetch(0, 'CONTACT_NOT_FOUND')).toBe(false);
    expect(shouldRetryFetch(0, 'PERMISSION_DENIED')).toBe(false);
  });

  it('cada código tiene su texto y solo el error interno o desconocido ofrece reintentar', () => {
    expect(contactFetchFailure('CONTACT_NOT_FOUND')).toEqual({
      notFound: true,
      message: errorMessage('CONTACT_NOT_FOUND'),
      retry: false,
    });
    expect(contactFetchFailure('INVALID_CONTACT_ID').message).toBe(es.conversation.fetchInvalidId);
    expect(contactFetchFailure('PERMISSION_DENIED')).toMatchObject({
      message: 'Permiso denegado',
      retry: false,
    });
    expect(contactFetchFailure('INTERNAL_SERVER_ERROR')).toMatchObject({
      message: 'Error interno del servidor',
      retry: true,
    });
    expect(contactFetchFailure(undefined)).toMatchObject({
      message: 'Error al obtener info del contacto',
      retry: true,
    });
  });
});
