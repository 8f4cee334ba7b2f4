import { describe, expect, it } from 'vitest';
import { passwordChangeOwed, ZExternalSystemInput, ZSecurityRules } from './security';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-25T12:00:00Z');

describe('reglas de seguridad de la empresa', () => {
  it('piden el cambio a quien entra con una contraseña más corta que el mínimo o vencida', () => {
    const rules = { passwordMinLength: 10, passwordMaxAgeDays: 30 };
    const fresh = new Date(now.getTime() - 29 * DAY);
    const old = new Date(now.getTime() - 30 * DAY);
    expect(passwordChangeOwed(rules, { value: 'Demo123456', changedAt: fresh }, now)).toBe(false);
    expect(passwordChangeOwed(rules, { value: 'Demo1234', changedAt: fresh }, now)).toBe(true);
    expect(passwordChangeOwed(rules, { value: 'Demo123456', changedAt: old }, now)).toBe(true);
    const never = { passwordMinLength: 6, passwordMaxAgeDays: 0 };
    expect(passwordChangeOwed(never, { value: 'Demo1234', changedAt: new Date(0) }, now)).toBe(
      false,
    );
  });

  it('nunca son más laxas que las del producto, con errores en español', () => {
    const looser = ZSecurityRules.safeParse({ passwordMinLength: 5, passwordMaxAgeDays: 1.5 });
    expect(looser.success).toBe(false);
    expect(looser.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['passwordMinLength', 'El largo mínimo debe ser un número entero entre 6 y 64.'],
      ['passwordMaxAgeDays', 'El vencimiento debe ser un número entero de días entre 0 y 3650.'],
    ]);
  });

  it('el sistema externo pide nombre y direcciones http(s); el token es opcional', () => {
    const parsed = ZExternalSystemInput.safeParse({
      name: 'Padrón',
      validateUrl: 'https://padron.example/validar',
      createUrl: ' https://padron.example/alta ',
      updateUrl: 'https://padron.example/modificar',
    });
    expect(parsed.success && parsed.data.createUrl).toBe('https://padron.example/alta');
    const bad = ZExternalSystemInput.safeParse({
      name: '',
      validateUrl: 'javascript:alert(1)',
      createUrl: '',
      updateUrl: 'https://padron.example/m',
      token: '',
    });
    expect(bad.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'Ingresa un nombre.'],
      ['validateUrl', 'La dirección debe empezar con http:// o https://.'],
      ['createUrl', 'Ingresa la dirección.'],
      ['token', 'Ingresa el token.'],
    ]);
  });
});
