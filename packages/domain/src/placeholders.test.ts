import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders';

const data = {
  contact: {
    firstName: 'Ana',
    lastName: 'Pérez',
    phones: [{ phone: '+59899111222' }, { phone: '+59829001122' }],
    emails: ['ana@example.com'],
    customFields: { plan: 'Anual', cuotas: 12, notas: null },
  },
  user: { name: 'Valentín', lastname: 'Vendedor' },
};

describe('fillPlaceholders (03 §5)', () => {
  it('replaces names by the value at their path, array indexes included', () => {
    expect(fillPlaceholders('¡Hola {{contact.firstName}}!', data)).toBe('¡Hola Ana!');
    expect(fillPlaceholders('{{ contact.phones.1.phone }}', data)).toBe('+59829001122');
    expect(fillPlaceholders('{{contact.phones[0].phone}}', data)).toBe('+59899111222');
    expect(fillPlaceholders('{{contact.customFields.cuotas}} cuotas', data)).toBe('12 cuotas');
    expect(fillPlaceholders('{{contact.emails}}', data)).toBe('ana@example.com');
    expect(fillPlaceholders('Saludos, {{user.name}} {{user.lastname}}', data)).toBe(
      'Saludos, Valentín Vendedor',
    );
  });

  it('reads empty when the path leads nowhere or to something that is not text', () => {
    expect(fillPlaceholders('[{{contact.middleName}}]', data)).toBe('[]');
    expect(fillPlaceholders('[{{contact.phones.7.phone}}]', data)).toBe('[]');
    expect(fillPlaceholders('[{{contact.customFields.notas}}]', data)).toBe('[]');
    expect(fillPlaceholders('[{{contact}}]', data)).toBe('[]');
    expect(fillPlaceholders('[{{contact.constructor}}]', data)).toBe('[]');
    expect(fillPlaceholders('[{{empresa.nombre}}]', data)).toBe('[]');
  });

  it("leaves a WhatsApp template's numbered parameters and plain braces alone", () => {
    expect(fillPlaceholders('Hola {{1}}, tu pedido {{2}}', data)).toBe(
      'Hola {{1}}, tu pedido {{2}}',
    );
    expect(fillPlaceholders('Precio {en pesos}', data)).toBe('Precio {en pesos}');
  });
});
