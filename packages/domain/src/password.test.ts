import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  isValidNewPassword,
  passwordFormErrors,
  passwordRules,
  PASSWORD_RULES,
} from './password';

describe('política de contraseñas', () => {
  it('marca cada regla del checklist por separado', () => {
    expect(checkPassword('abc')).toEqual({
      length: false,
      uppercase: false,
      lowercase: true,
      digit: false,
    });
    expect(checkPassword('Ñandú1')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      digit: true,
    });
  });

  it('acepta solo contraseñas nuevas con 6 caracteres, mayúscula, minúscula y número', () => {
    expect(isValidNewPassword('Demo1234')).toBe(true);
    expect(isValidNewPassword('demo1234')).toBe(false);
    expect(isValidNewPassword('DEMO1234')).toBe(false);
    expect(isValidNewPassword('Demoxx')).toBe(false);
    expect(isValidNewPassword('De1')).toBe(false);
  });

  it('da los mensajes del formulario en español', () => {
    expect(
      passwordFormErrors({ currentPassword: '123', newPassword: 'abc', repeatPassword: '' }),
    ).toEqual({
      currentPassword: 'La contraseña debe contener al menos 6 caracteres',
      newPassword: 'La contraseña no es válida',
      repeatPassword: 'Ingresa la nueva contraseña',
    });
    expect(
      passwordFormErrors({
        currentPassword: 'Demo1234',
        newPassword: 'Nueva123',
        repeatPassword: 'Nueva12',
      }),
    ).toEqual({ repeatPassword: 'Las contraseñas deben ser iguales' });
    expect(
      passwordFormErrors({
        currentPassword: 'Demo1234',
        newPassword: 'Nueva123',
        repeatPassword: 'Nueva123',
      }),
    ).toEqual({});
  });

  it('con el mínimo de la empresa, la regla de largo lo pide y lo nombra; nunca baja de 6', () => {
    expect(passwordRules(12)[0]!.label).toBe('Al menos 12 caracteres');
    expect(passwordRules(3)[0]!.label).toBe(PASSWORD_RULES[0]!.label);
    expect(checkPassword('Abcdefgh123', 12).length).toBe(false);
    expect(checkPassword('Abcdefgh1234', 12).length).toBe(true);
    expect(isValidNewPassword('Demo1234', 12)).toBe(false);
    expect(isValidNewPassword('Demo1', 3)).toBe(false);
    expect(
      passwordFormErrors(
        { currentPassword: 'Demo1234', newPassword: 'Nueva123', repeatPassword: 'Nueva123' },
        12,
      ),
    ).toEqual({ newPassword: 'La contraseña no es válida' });
  });
});
