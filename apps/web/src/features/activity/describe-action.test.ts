import { describe, expect, it } from 'vitest';
import { describeAction } from './describe-action';

describe('describeAction', () => {
  it('describe cada acción en español', () => {
    expect(describeAction({ type: 'login', metadata: {} })).toBe('Inició sesión');
    expect(describeAction({ type: 'logout', metadata: {} })).toBe('Cerró sesión');
    expect(describeAction({ type: 'password-changed', metadata: {} })).toBe('Cambió su contraseña');
    expect(
      describeAction({ type: 'account-switched', metadata: { to: 'vendedor@demo.test' } }),
    ).toBe('Pasó a usar la cuenta de vendedor@demo.test');
    expect(describeAction({ type: 'account-returned', metadata: {} })).toBe(
      'Volvió a su cuenta de administrador',
    );
  });

  it('usa un texto genérico para una acción desconocida', () => {
    expect(describeAction({ type: 'algo-nuevo', metadata: {} })).toBe('Acción registrada');
    expect(describeAction({ type: 'toString', metadata: {} })).toBe('Acción registrada');
  });
});
