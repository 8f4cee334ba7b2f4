import { describe, expect, it } from 'vitest';
import { appRouter } from '../router';
import { procedureEntries, procedureReference } from './procedure-reference';

const entries = procedureEntries(appRouter);
const byPath = (path: string) => entries.find((entry) => entry.path === path)!;

describe('referencia de procedimientos (/api/docs/procedures)', () => {
  it('lista todos los procedimientos del router', () => {
    const paths = Object.keys(appRouter._def.procedures);
    expect(entries.map((entry) => entry.path).sort()).toEqual([...paths].sort());
  });

  it('cada procedimiento tiene una descripción', () => {
    const missing = entries
      .filter((entry) => entry.description.trim().length < 12)
      .map((entry) => entry.path);
    expect(missing, 'procedures without `.meta({ description })`').toEqual([]);
  });

  it('describe la entrada y la salida con JSON Schema de sus esquemas zod', () => {
    const list = byPath('contact.list');
    expect(list.input).toMatchObject({
      type: 'object',
      properties: { search: { type: 'string', maxLength: 100 } },
    });
    expect(list.output).toMatchObject({ type: 'object' });
    // Every declared schema converts (a schema zod cannot express would throw above).
    const withoutInput = entries.filter((entry) => entry.input === null).map((entry) => entry.path);
    expect(withoutInput).toContain('system.info');
  });

  it('dice quién puede llamarlo: área, roles y alcances de token', () => {
    const list = byPath('contact.list');
    expect(list).toMatchObject({ access: 'session', area: '/contacts', slug: 'contacts' });
    expect(list.roles).not.toContain('users_manager');
    expect(list.tokenScopes).toEqual(['read', 'write', 'admin']);

    const deleteCompanies = byPath('company.delete');
    expect(deleteCompanies.roles).toEqual(['super', 'comercial', 'project_manager']);
    expect(deleteCompanies.capability).toBe('deleteCompanies');
    expect(list.capability).toBeNull();
    expect(deleteCompanies.tokenScopes).toEqual(['write', 'admin']);

    expect(byPath('auth.login')).toMatchObject({ access: 'public', roles: null, tokenScopes: [] });
    expect(byPath('apiToken.create').tokenScopes).toEqual([]);
    expect(byPath('account.switchTo').roles).toEqual(['admin']);
    expect(byPath('auth.me').usedBy).toEqual(['*']);
  });

  it('lista los códigos de error que responde', () => {
    expect(byPath('contact.list').errors).toEqual(
      expect.arrayContaining(['UNAUTHENTICATED', 'PERMISSION_DENIED', 'INVALID_REQUEST_BODY']),
    );
    expect(byPath('auth.changePassword').errors).not.toContain('PASSWORD_CHANGE_REQUIRED');
    expect(byPath('auth.login').errors).toEqual(
      expect.arrayContaining(['INVALID_CREDENTIALS', 'TOO_MANY_LOGIN_ATTEMPTS']),
    );
    const catalogue = procedureReference(appRouter).errors;
    expect(catalogue.find((error) => error.code === 'UNAUTHENTICATED')).toMatchObject({
      httpStatus: 401,
    });
  });
});
