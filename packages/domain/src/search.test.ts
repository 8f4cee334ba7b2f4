import { describe, expect, it } from 'vitest';
import { contactSearchText, foldSearchTerm, foldText } from './search';

describe('texto de búsqueda de contactos', () => {
  it('ignora acentos y mayúsculas', () => {
    expect(foldText('  Pérez ÑANDÚ ')).toBe('perez nandu');
  });

  it('incluye los teléfonos en forma internacional y nacional', () => {
    const text = contactSearchText(
      {
        firstName: 'Andrea',
        lastName: 'Pérez',
        govId: '1.234.567-8',
        emails: ['Andrea@Ejemplo.com.uy'],
        phones: ['+59899123456'],
      },
      'UY',
    );
    expect(text).toBe('andrea perez 1.234.567-8 andrea@ejemplo.com.uy 59899123456 099123456');
  });

  it('un término con números busca por dígitos, en cualquier formato', () => {
    expect(foldSearchTerm('099 123 456')).toBe('099123456');
    expect(foldSearchTerm('+598 99-123')).toBe('59899123');
    expect(foldSearchTerm('Pérez')).toBe('perez');
    expect(foldSearchTerm('calle 8')).toBe('calle 8');
  });
});
